// What a route runs as a session, in one place: its DynamoDB calls within the request's time and under the
// session's DynamoDB key and table prefix, an apply or load within the session's quotas and its stored
// bytes, a large body checked off the event loop, and the deletion of a session's tables. The routes
// (routes/*.ts) and the plugins that end sessions (plugins/sessions.ts, workshop/, live/) share one.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { FastifyReply } from 'fastify';
import { createTableInput } from '../src/core/apply/create-table.ts';
import type { Design } from '../src/core/model/schema.ts';
import { boundedClient, requestScope, stoppedFailure } from './deadline.ts';
import type { DesignCheckResult, DesignRoute } from './design-check.ts';
import { DesignWorkers } from './design-workers.ts';
import type { DynamoTarget } from './dynamo-target.ts';
import { ApiFailure } from './errors.ts';
import type { JsonBytes } from './http-errors.ts';
import type { Limits } from './limits.ts';
import { namespacedTable, tablesNamedBy } from './namespace.ts';
import { Gate } from './quotas/gate.ts';
import { checkDesignBytes, checkLoadQuota, checkWriteQuota, runMayAddItems } from './quotas/table-quotas.ts';
import { type BeforeSend, resetSession } from './service.ts';
import type { Session } from './session.ts';
import {
  loadBound,
  type Reservation,
  runMayWrite,
  StoredBytes,
  type WireItem,
  writeBound,
} from './stored-bytes.ts';

export type CheckedDesign = Exclude<DesignCheckResult, { kind: 'refused' }>;

export class SessionWork {
  /** The bytes every session's tables hold, and the writes under way (stored-bytes.ts). */
  readonly storedBytes: StoredBytes;
  /** Child processes that check a large body off the event loop (design-workers.ts). */
  readonly designWorkers: DesignWorkers;
  /** Applies and loads: a few at a time server-wide. */
  readonly #loads: Gate;

  constructor(
    readonly dynamo: DynamoTarget,
    readonly limits: Limits,
  ) {
    this.storedBytes = new StoredBytes(limits);
    this.designWorkers = new DesignWorkers(limits.designWorkers, limits);
    this.#loads = new Gate(limits.concurrentLoads);
  }

  /** The worker's checks of a large body, within `ms`; a refusal is thrown as the small-body path throws it. */
  async checkedOffLoop(
    route: DesignRoute,
    body: JsonBytes,
    session: Session,
    reply: FastifyReply,
    ms: number,
  ): Promise<CheckedDesign> {
    const scope = requestScope(reply.raw, ms);
    try {
      const result = await this.designWorkers.check(route, body.body, session.namespace, scope.signal);
      if (result.kind === 'refused')
        throw new ApiFailure(result.status, result.code, result.message, result.details);
      return result;
    } catch (error) {
      throw stoppedFailure(error);
    } finally {
      scope.dispose();
    }
  }

  /**
   * Runs work as the session (its own DynamoDB key when embedded, its own table prefix), within the
   * request's time (`ms`) and each DynamoDB call's; a client that disconnects stops it at its next call.
   */
  async asSession<T>(
    reply: FastifyReply,
    session: Session,
    work: (client: DynamoDBClient, signal: AbortSignal) => Promise<T>,
    ms: number = this.limits.requestMs,
  ): Promise<T> {
    const { limits } = this;
    const scope = requestScope(reply.raw, ms);
    try {
      return await this.dynamo.withClient(
        (client) => work(boundedClient(client, scope.signal, limits.dynamodbCallMs), scope.signal),
        { accessKeyId: session.accessKeyId, signal: scope.signal },
      );
    } catch (error) {
      throw stoppedFailure(error);
    } finally {
      scope.dispose();
    }
  }

  /**
   * An apply or load: a few at a time server-wide, within the session's table and item quotas, and its
   * stored bytes (reserved by `beforeWrite` once the items are known, measured again once it is done).
   * `checkedSamples`: the samples written, when a worker counted them and checked their bytes (design-check.ts).
   */
  asLoad<T>(
    reply: FastifyReply,
    session: Session,
    design: Design,
    writesItems: boolean,
    work: (client: DynamoDBClient, beforeWrite: (items: WireItem[]) => Promise<void>) => Promise<T>,
    checkedSamples?: number,
  ): Promise<T> {
    const { limits } = this;
    return this.asSession(
      reply,
      session,
      async (client, signal) => {
        if (writesItems && checkedSamples === undefined) checkDesignBytes(design, limits);
        const leave = await this.#loads.enter(signal);
        const tableName = namespacedTable(session.namespace, design.table.name);
        let reservation: Reservation | undefined;
        try {
          const items =
            checkedSamples ??
            (writesItems ? Object.values(design.items).reduce((n, list) => n + list.length, 0) : 0);
          await checkLoadQuota(client, session.namespace, tableName, items, limits);
          return await work(client, async (written) => {
            reservation = await this.storedBytes.reserve(client, session.namespace, [tableName], (found) =>
              loadBound(written, createTableInput(design, tableName), found.get(tableName)),
            );
          });
        } finally {
          await reservation?.settle();
          leave();
        }
      },
      limits.loadMs,
    );
  }

  /** A run's check before it is sent: the item quota for a write that may add items, the stored bytes of any write. */
  runQuotas(client: DynamoDBClient, session: Session): BeforeSend {
    return async (operation, input) => {
      if (runMayAddItems({ operation, input })) await checkWriteQuota(client, session.namespace, this.limits);
      if (!runMayWrite(operation, input)) return undefined;
      const reservation = await this.storedBytes.reserve(
        client,
        session.namespace,
        tablesNamedBy(operation, input),
        (found) => writeBound(operation, input, found),
      );
      return () => reservation.settle();
    };
  }

  /**
   * Deletes a session's tables, within a request's time (a frozen DynamoDB does not pile up deletions), and
   * frees the bytes they held.
   */
  readonly deleteTables = async (session: Session): Promise<void> => {
    const { limits } = this;
    const signal = AbortSignal.timeout(limits.requestMs);
    try {
      await this.dynamo.withClient(
        (client) => resetSession(boundedClient(client, signal, limits.dynamodbCallMs), session.namespace),
        { accessKeyId: session.accessKeyId, signal },
      );
      this.storedBytes.free(session.namespace);
    } catch (error) {
      throw stoppedFailure(error);
    }
  };
}
