// One real DynamoDB Local (Java) for the whole integration run, on a free port, stopped at the end.
// Tests reach it through inject('dynamoEndpoint'); each test file uses tables of its own.
import type { TestProject } from 'vitest/node';
import { DynamoDBLocal } from '../dynamodb/local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

let local: DynamoDBLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  local = new DynamoDBLocal();
  await local.start();
  project.provide('dynamoEndpoint', local.endpoint);
}

export async function teardown(): Promise<void> {
  await local?.stop();
}
