// What one attendee may take of a shared server, in one place: every limit below answers a 4xx naming it
// and its value (429 for a rate), so no session can take memory, DynamoDB Local or time from the others.
// The values are listed in the README's Security section.
import { isIPv6, type Server, type Socket } from 'node:net';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { MAX_ITEMS, MAX_PAGE_LIMIT } from '../src/core/api/contract.ts';
import {
  MAX_ATTENDEE_STREAMS,
  MAX_ATTENDEES,
  MAX_PRESENTER_STREAMS,
  WORKSHOP_DESIGN_MAX_BYTES,
} from '../src/core/api/workshop-contract.ts';
import { designItemBytes } from '../src/core/keys/limits.ts';
import { DESIGN_LIMITS } from '../src/core/model/design-limits.ts';
import type { Design } from '../src/core/model/schema.ts';
import { ApiFailure } from './errors.ts';
import { partiqlTarget } from './partiql.ts';
import { sessionTables } from './service.ts';
import type { Session } from './session.ts';

/**
 * The limits on a design's structure (src/core/model/design-limits.ts, where each says why its value), as
 * LIMITS names them: `design` + the limit (`designEntities`). The app and the CLI hold the same ones; a design
 * past one is refused (413 DesignTooLarge, naming it) before its body is checked any further (parse-body.ts).
 */
const DESIGN_STRUCTURE_LIMITS = Object.fromEntries(
  Object.entries(DESIGN_LIMITS).map(([name, value]) => [
    `design${name[0].toUpperCase()}${name.slice(1)}`,
    value,
  ]),
) as { readonly [K in keyof typeof DESIGN_LIMITS as `design${Capitalize<K>}`]: (typeof DESIGN_LIMITS)[K] };

export const LIMITS = {
  // #26 class 2: the design's structure, refused before any work (see DESIGN_STRUCTURE_LIMITS), and the
  // checks of a large design kept off the event loop.
  ...DESIGN_STRUCTURE_LIMITS,
  /**
   * A body of apply, load or run larger than this is parsed and checked in a worker thread
   * (design-workers.ts), not on the event loop: a design of this size validates in well under 50 ms, a
   * larger one may take seconds (10,000 samples, a thousand entities), which no other session must wait on.
   */
  designWorkerBytes: 256 * 1024,
  /** Worker threads checking large designs at once, server-wide; the next ones wait their turn. */
  designWorkers: 2,
  /** Bytes of one request body (413 beyond): a design at its most items (MAX_ITEMS) of ~300 bytes each. */
  bodyBytes: 32 * 1024 * 1024,
  /**
   * A body larger than this (or of unknown length) is read only while fewer than `concurrentLargeBodies`
   * others are, server-wide; the next ones wait their turn. So the memory bodies take stays bounded
   * whatever the number of sessions.
   */
  largeBodyBytes: 1024 * 1024,
  concurrentLargeBodies: 4,
  /**
   * Connections the server holds at once (the next is closed at once): a room of 200 attendees' browsers,
   * six connections each, their event streams and live sockets.
   */
  connections: 2_000,
  /**
   * Connections one address (an IPv6 /64 as one, addressKey) holds at once; the next is closed at once, so
   * one client cannot take all `connections`, nor hold every event stream and live socket. A browser holds at
   * most 6 HTTP/1.1 connections to the server (its event stream is a fetch among them) and maybe a live
   * socket: count 8. A room of 60 attendees behind one NAT address takes at most 480, well within 800; the
   * other 1,200 are left to other addresses.
   */
  connectionsPerAddress: 800,
  /** A request's headers must come within this (408, and the connection is closed): slowloris. */
  headersMs: 10_000,
  /** The whole request (a 32 MB body at 0.5 MB/s) must come within this (408). */
  requestReceiveMs: 60_000,
  /** A keep-alive connection with no request under way is closed after this. */
  keepAliveMs: 5_000,
  /** Sample items of one design that apply or load writes (400). */
  itemsPerDesign: MAX_ITEMS,
  /**
   * Bytes of the items one apply or load derives from its design, by DynamoDB's item sizes (values and
   * rendered keys), counted before any is derived (413): small templates times many samples stay bounded.
   */
  designItemBytes: 64 * 1024 * 1024,
  /** Items of one page of a run (a larger Limit is lowered to it). */
  pageItems: MAX_PAGE_LIMIT,
  /** Tables one session may have (403 for the next). */
  tablesPerSession: 10,
  /**
   * Items one session's tables may hold in all (403 for an apply past it, and for any write once there):
   * twice a design's most, so a design at the limit can be applied again over its table.
   */
  itemsPerSession: 2 * MAX_ITEMS,
  /** Requests a second of one session, on average (429 beyond) … */
  requestsPerSecond: 50,
  /** … and at once, after a pause (the token bucket's size). */
  requestBurst: 100,
  /** Requests of one session under way at once (429 beyond). */
  concurrentRequestsPerSession: 8,
  /** New sessions a second, server-wide: requests without a known cookie (429 beyond) … */
  newSessionsPerSecond: 10,
  /** … and at once. */
  newSessionBurst: 50,
  /**
   * New sessions a second one client address may start (429 beyond), within the server's: one address takes
   * at most 20 of the 50 at once and 1 of the 10 a second, so it cannot keep everyone else from starting
   * one; a room of 60 behind one address (NAT) still starts its sessions within a minute. In workshop mode
   * sessions come only from admitted joins (the code, at most `workshopAttendees`), which take from neither.
   */
  addressNewSessionsPerSecond: 1,
  /** … and at once. */
  addressNewSessionBurst: 20,
  /**
   * Requests a second of one client address without a session, the app's files aside (joining a workshop,
   * the refusals of an unjoined client, a presenter's), on average (429 beyond) …
   */
  addressRequestsPerSecond: 100,
  /** … and at once. */
  addressRequestBurst: 500,
  /**
   * The app's files one client address may fetch a second, on average (429 beyond) … They never carry a
   * session (its cookie is only sent to /api), so a room behind one address (NAT, a proxy) takes them all
   * from one address's quota; a file is bounded work (the build folder is read once, at start, and held in
   * memory: an answer sends that one copy).
   */
  addressFilesPerSecond: 100,
  /**
   * … and at once: a room of 60 loading the app together. One attendee's browser fetches 54 files (built
   * app, counted in Chromium): 33 for the join page, 14 more on joining, 7 more with a lesson; a reload
   * fetches 2 (index.html, the favicon: /assets/ is cached as immutable). 60 × 54 = 3,240, with room left.
   */
  addressFileBurst: 4_000,
  /**
   * Addresses whose request rate and failed attempts are remembered (the oldest forgotten beyond); an IPv6
   * client counts by its /64, an IPv4 one by its address (addressKey).
   */
  addressesTracked: 10_000,
  /** Sessions at once (503 beyond, when none is unused since its first request). */
  sessions: 1000,
  /** A session unused this long expires, and its tables are deleted. */
  sessionIdleMs: 4 * 60 * 60 * 1000,
  /** A session never used a second time (a client that keeps no cookie) expires after this. */
  unconfirmedSessionMs: 10 * 60 * 1000,
  /** How often expired sessions are looked for. */
  sweepEveryMs: 60 * 1000,
  /** One DynamoDB call that does not answer in this time fails the request with 503. */
  dynamodbCallMs: 10_000,
  /** A run or reset that takes longer fails with 503. */
  requestMs: 30_000,
  /** An apply or load that takes longer is stopped and fails with 503. */
  loadMs: 5 * 60 * 1000,
  /** Applies and loads running at once, server-wide; the next ones wait their turn (within loadMs). */
  concurrentLoads: 4,
  /** How long health waits for DynamoDB to answer before it says "down". */
  healthProbeMs: 1_000,
  // Workshop mode (server/workshop/): what one attendee, the presenter and the room may take.
  /** Attendees of one workshop (409 for the next). */
  workshopAttendees: MAX_ATTENDEES,
  /** Bytes of a design an attendee reports or the presenter pushes (413 beyond): a lesson's design is far less. */
  workshopDesignBytes: WORKSHOP_DESIGN_MAX_BYTES,
  /** Reports an attendee may send a second, on average (429 beyond; the page sends one a second at most) … */
  workshopReportsPerSecond: 2,
  /** … and at once. */
  workshopReportBurst: 10,
  /** Bytes of a pushed lesson sent inline (413 beyond). */
  workshopLessonBytes: 2 * 1024 * 1024,
  /** Bytes of the other workshop bodies (join, reveal, reset, end). */
  workshopSmallBodyBytes: 16 * 1024,
  /** Event streams open at once per attendee, and for the presenter (429 beyond). */
  workshopAttendeeStreams: MAX_ATTENDEE_STREAMS,
  workshopPresenterStreams: MAX_PRESENTER_STREAMS,
  /** A stream holding more than this unsent (a client that does not read) is closed; it reconnects. */
  workshopStreamBufferBytes: 1024 * 1024,
  /** Wrong join codes from one address at once (429 after), then one more per workshopJoinRefillMs. */
  workshopJoinFailures: 10,
  workshopJoinRefillMs: 6_000,
  /** Wrong presenter keys from one address at once (429 after), then one more per workshopKeyRefillMs. */
  workshopKeyFailures: 10,
  workshopKeyRefillMs: 6_000,
  /** Room view updates are gathered for this long (a change reaches the presenter within it, well under 1 s). */
  workshopRoomUpdateMs: 200,
  /** Hints revealed (lesson steps) the room remembers. */
  workshopHintSteps: 1_000,
  /** With --db-path, changed attendees are written to disk at most this often. */
  workshopSaveMs: 1_000,
} as const;

export type Limits = { readonly [K in keyof typeof LIMITS]: number };

/** Tokens refill at `rate` a second up to `burst`; each request takes one. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    readonly rate: number,
    readonly burst: number,
    readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  /** Whether `count` tokens are there, without taking them. */
  available(count: number): boolean {
    this.#refill();
    return this.#tokens >= count;
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
  }

  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

const n = (value: number) => value.toLocaleString('en-US');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail made two groups). */
function ipv6Groups(address: string): number[] {
  const words = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((word) => {
          if (!word.includes('.')) return [Number.parseInt(word, 16)];
          const [a, b, c, d] = word.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::');
  if (tail === undefined) return words(head);
  const [first, last] = [words(head), words(tail)];
  return [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
}

/**
 * What a client address counts as in every per-address table (AddressBuckets): an IPv4 address as it is,
 * an IPv4-mapped IPv6 one (`::ffff:192.0.2.1`, how a dual-stack server sees IPv4) as that IPv4 address, and
 * any other IPv6 address by its /64 (`2001:db8:0:1::/64`): one host or network is given a whole /64, so
 * counting each of its addresses apart would let one client rotate through 2^64 quotas.
 */
function addressKey(address: string): string {
  const bare = address.split('%')[0]; // a zone id (fe80::1%eth0) names an interface, not a client
  if (isIPv6(bare)) {
    const groups = ipv6Groups(bare);
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
      return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
    return `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`;
  }
  return address;
}

/**
 * Closes each new connection of `server` whose address (addressKey) already holds `cap` open ones. The count
 * of an address is forgotten with its last connection, so the table holds at most the open connections.
 */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return void socket.destroy(); // already gone
    const key = addressKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= cap) return void socket.destroy();
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/**
 * A TokenBucket per client (its address's `addressKey`: an IPv6 /64 as one), for at most `maxClients` of
 * them: past it the oldest is forgotten, so a flood of addresses cannot grow the table.
 */
export class AddressBuckets {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    readonly rate: number,
    readonly burst: number,
    readonly maxClients: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The address's bucket, when it has taken a token yet. */
  peek(address: string): TokenBucket | undefined {
    return this.#buckets.get(addressKey(address));
  }

  /** The address's bucket, made full for a new one. */
  of(address: string): TokenBucket {
    const key = addressKey(address);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxClients) {
        const [oldest] = this.#buckets.keys();
        this.#buckets.delete(oldest);
      }
      bucket = new TokenBucket(this.rate, this.burst, this.now);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }
}

/** What a request without a session takes from: see RequestQuotas.admit. */
export type RequestKind = 'file' | 'startsSession' | 'request';

/**
 * The rate and concurrency of every request, checked before anything else is done for it (a body read, a
 * session made, a file read): a session's requests take from that session's quota, any other from its
 * address's. Per-session state lives as long as its session object (a WeakMap), so an expired session
 * leaves nothing behind.
 */
export class RequestQuotas {
  readonly #buckets = new WeakMap<Session, TokenBucket>();
  readonly #inFlight = new WeakMap<Session, number>();
  readonly #newSessions: TokenBucket;
  readonly #addressNewSessions: AddressBuckets;
  readonly #addresses: AddressBuckets;
  readonly #addressFiles: AddressBuckets;

  constructor(
    readonly limits: Limits = LIMITS,
    readonly now: () => number = Date.now,
  ) {
    this.#newSessions = new TokenBucket(limits.newSessionsPerSecond, limits.newSessionBurst, now);
    this.#addressNewSessions = new AddressBuckets(
      limits.addressNewSessionsPerSecond,
      limits.addressNewSessionBurst,
      limits.addressesTracked,
      now,
    );
    this.#addresses = new AddressBuckets(
      limits.addressRequestsPerSecond,
      limits.addressRequestBurst,
      limits.addressesTracked,
      now,
    );
    this.#addressFiles = new AddressBuckets(
      limits.addressFilesPerSecond,
      limits.addressFileBurst,
      limits.addressesTracked,
      now,
    );
  }

  /**
   * Admits one request of a session, or (session undefined) of the client `address`: one of the app's files
   * (`kind` 'file', from the address's own quota of files), one that starts a new session ('startsSession')
   * or any other ('request'); throws a 429 ApiFailure otherwise. Call the returned function once the request
   * is answered.
   */
  admit(session: Session | undefined, address: string, kind: RequestKind): () => void {
    const { limits } = this;
    if (!session) {
      if (kind === 'file') {
        if (!this.#addressFiles.of(address).take())
          throw new ApiFailure(
            429,
            'RateLimited',
            `this address asked for more than ${limits.addressFilesPerSecond} of the app's files a second (${n(limits.addressFileBurst)} at once), its limit; retry in a moment`,
          );
        return () => {};
      }
      if (!this.#addresses.of(address).take())
        throw new ApiFailure(
          429,
          'RateLimited',
          `this address sent more than ${limits.addressRequestsPerSecond} requests a second (${limits.addressRequestBurst} at once) without a session, its limit; retry in a moment`,
        );
      if (kind !== 'startsSession') return () => {};
      // The server's share is looked at first, so an address refused its own takes nothing from it.
      if (!this.#newSessions.available(1))
        throw new ApiFailure(
          429,
          'TooManyNewSessions',
          `the server starts at most ${limits.newSessionsPerSecond} sessions a second (${limits.newSessionBurst} at once); send the session cookie back, or retry in a moment`,
        );
      if (!this.#addressNewSessions.of(address).take())
        throw new ApiFailure(
          429,
          'TooManyNewSessions',
          `this address started more than ${limits.addressNewSessionsPerSecond} sessions a second (${limits.addressNewSessionBurst} at once), its share of the server's; send the session cookie back, or retry in a moment`,
        );
      this.#newSessions.take();
      return () => {};
    }
    let bucket = this.#buckets.get(session);
    if (!bucket) {
      bucket = new TokenBucket(limits.requestsPerSecond, limits.requestBurst, this.now);
      this.#buckets.set(session, bucket);
    }
    const inFlight = this.#inFlight.get(session) ?? 0;
    if (inFlight >= limits.concurrentRequestsPerSession)
      throw new ApiFailure(
        429,
        'TooManyConcurrentRequests',
        `this session has ${limits.concurrentRequestsPerSession} requests under way, the most it may; wait for one to finish`,
      );
    if (!bucket.take())
      throw new ApiFailure(
        429,
        'RateLimited',
        `this session sent more than ${limits.requestsPerSecond} requests a second (${limits.requestBurst} at once), its limit; retry in a moment`,
      );
    this.#inFlight.set(session, inFlight + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight.set(session, (this.#inFlight.get(session) ?? 1) - 1);
    };
  }
}

/** Items per table of the session (DynamoDB Local counts them live). */
async function itemCounts(client: DynamoDBClient, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const TableName of tables) {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      counts.set(TableName, Table?.ItemCount ?? 0);
    } catch (error) {
      // Deleted meanwhile: it holds nothing.
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  }
  return counts;
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${n(Math.round(bytes / 1024 / 1024))} MB` : `${n(Math.round(bytes / 1024))} KB`;

/** Refuses a design whose items would take more than the server derives for one apply or load. */
export function checkDesignBytes(design: Design, limits: Limits = LIMITS): void {
  const bytes = designItemBytes(design, limits.designItemBytes);
  if (bytes > limits.designItemBytes)
    throw new ApiFailure(
      413,
      'DesignTooLarge',
      `the design's items come to more than ${megabytes(limits.designItemBytes)} with their keys (by DynamoDB's item sizes), the most the server writes in one apply or load; use fewer or smaller items, or shorter key templates`,
    );
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/**
 * Refuses an apply or load of `items` items into `tableName` that would give the session an 11th table,
 * or take its tables past their items, or that comes when they already hold that many.
 */
export async function checkLoadQuota(
  client: DynamoDBClient,
  prefix: string,
  tableName: string,
  items: number,
  limits: Limits = LIMITS,
): Promise<void> {
  const tables = await sessionTables(client, prefix);
  if (!tables.includes(tableName) && tables.length >= limits.tablesPerSession)
    throw new ApiFailure(
      403,
      'TableQuotaExceeded',
      `this session has ${tables.length} tables, the most it may (${limits.tablesPerSession}); delete some with Reset first`,
    );
  if (items === 0) return;
  const counts = await itemCounts(client, tables);
  const held = sum(counts.values());
  const others = held - (counts.get(tableName) ?? 0);
  if (held >= limits.itemsPerSession || others + items > limits.itemsPerSession)
    throw new ApiFailure(
      403,
      'ItemQuotaExceeded',
      `this session's tables may hold ${n(limits.itemsPerSession)} items in all; they hold ${n(held)} and this design has ${n(items)}; delete tables with Reset, or load fewer items`,
    );
}

/** Refuses a write of a session whose tables already hold all the items they may. */
export async function checkWriteQuota(
  client: DynamoDBClient,
  prefix: string,
  limits: Limits = LIMITS,
): Promise<void> {
  const held = sum((await itemCounts(client, await sessionTables(client, prefix))).values());
  if (held >= limits.itemsPerSession)
    throw new ApiFailure(
      403,
      'ItemQuotaExceeded',
      `this session's tables hold ${n(held)} items, the most they may (${n(limits.itemsPerSession)}); delete some before writing more`,
    );
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'BatchWriteItem', 'TransactWriteItems']);

/**
 * Whether a run may add items (what the items quota counts): a put, an update (it may create the item),
 * a batch or transaction of them, a PartiQL INSERT or UPDATE. A body that is neither (or malformed) is
 * left to the run's own checks.
 */
export function runMayAddItems(body: unknown, patternOperation?: string): boolean {
  if (patternOperation !== undefined) return WRITES.has(patternOperation);
  if (!body || typeof body !== 'object') return false;
  const { operation, input } = body as { operation?: unknown; input?: { Statement?: unknown } };
  if (typeof operation !== 'string') return false;
  if (operation !== 'ExecuteStatement') return WRITES.has(operation);
  if (typeof input?.Statement !== 'string') return false;
  try {
    const { form } = partiqlTarget(input.Statement);
    return form === 'INSERT' || form === 'UPDATE';
  } catch {
    return false;
  }
}

/** At most `size` holders at once (applies and loads); the next ones wait in order, or until their signal fires. */
export class Gate {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves with the function that lets the next one in; rejects with the signal's reason while waiting. */
  async enter(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#free > 0) this.#free--;
    else
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.#waiting.splice(this.#waiting.indexOf(grant), 1);
          reject(signal?.reason);
        };
        this.#waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
  }
}
