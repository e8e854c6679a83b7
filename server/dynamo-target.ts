// What the server needs of its DynamoDB, whichever it is (target.ts makes one: the embedded DynamoDB
// Local, an endpoint, AWS; tests make their own): its own module, so that the app, the target and what
// routes run as a session (session-work.ts) name it without importing each other.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DynamoTarget {
  mode: 'embedded' | 'external' | 'aws';
  status(): Promise<'starting' | 'up' | 'restarting' | 'down'>;
  /** Changes whenever the tables may have been lost (an in-memory DynamoDB Local restarted); see HealthResponse. */
  instance?(): string | undefined;
  /** When the tables were last lost (an in-memory DynamoDB Local died), ISO time; see HealthResponse. */
  dataLostAt?(): string | undefined;
  /**
   * Runs work with a client once DynamoDB answers (waiting through a restart); rejects when it cannot be
   * reached. `as` names the session's DynamoDB access key: the embedded DynamoDB Local keeps a database per
   * key, so a session's requests cannot reach another's tables; other targets use their one client.
   */
  withClient<T>(
    work: (client: DynamoDBClient) => Promise<T>,
    as?: { accessKeyId: string; signal?: AbortSignal },
  ): Promise<T>;
}
