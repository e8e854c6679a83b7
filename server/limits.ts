// Every limit of the server in one place: each answers a 4xx naming it and its value (429 for a rate), so
// no session can take memory, DynamoDB Local or time from the others. The checks that hold them are in
// quotas/ (rates, connections, tables and items), stored-bytes.ts, the workshop and the live rooms.
// The values are listed in the README's Security section.
import { MAX_ITEMS, MAX_PAGE_LIMIT } from '../src/core/contract/contract.ts';
import {
  MAX_ATTENDEE_STREAMS,
  MAX_ATTENDEES,
  MAX_PRESENTER_STREAMS,
  WORKSHOP_DESIGN_MAX_BYTES,
} from '../src/core/contract/workshop-contract.ts';
import { DESIGN_LIMITS, MAX_LESSON_BYTES } from '../src/core/model/design-limits.ts';

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
  // The share one address may hold shrinks as the server fills (capConnectionsPerAddress): see below.
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
  // What a session's data and an address's connections take, counted by what they hold (issue #26).
  /**
   * The fewest connections an address is let hold while the server has any free: one browser's 8 (6 HTTP/1.1
   * connections, its event stream among them, and a live socket). Past half of `connections` held, an
   * address's cap is `connectionsPerAddress` times twice the share still free (capConnectionsPerAddress), so
   * the first addresses to fill the server leave a share to every next one: three addresses holding all they
   * may hold 800 + 533 + 296 of the 2,000, and a fourth still gets 165; a room of 60 behind one NAT (480) gets
   * all it needs while the others hold at most 920.
   */
  connectionsPerAddressFloor: 8,
  /**
   * Bytes one session's tables may hold (403 for a write that may take them past it), as DynamoDB Local
   * counts them (storedTableBytes: every item by DynamoDB's item sizes plus its 100 bytes of overhead, and
   * again for each index it is in). A design at the most the server applies (`designItemBytes`, 64 MB of
   * items, ≤ 100,000 of them) with every item in one index comes to 154 MB; a write is checked before it is
   * sent, without subtracting the items it replaces (StoredBytes), so applying it again over itself needs
   * twice that.
   */
  bytesPerSession: 320 * 1024 * 1024,
  /**
   * Bytes all sessions' tables may hold together (403 past it). DynamoDB Local in memory took 2.7 bytes of
   * RSS (outside the Java heap) per byte stored (100 MB stored: +266 MB, measured on 3.x): 5 GiB holds 30
   * attendees each at a design's most (30 × 154 MB) with 4 of them applying it again at once
   * (`concurrentLoads`), and keeps DynamoDB Local under 15 GB of a 24 GB machine shared with the app.
   */
  bytesServerWide: 5 * 1024 * 1024 * 1024,
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
  /** Bytes of a pushed lesson sent inline (413 beyond): a lesson file's most (MAX_LESSON_BYTES). */
  workshopLessonBytes: MAX_LESSON_BYTES,
  /** Bytes of the other workshop bodies (join, reveal, reset, end). */
  workshopSmallBodyBytes: 16 * 1024,
  /** Event streams open at once per attendee, and for the presenter (429 beyond). */
  workshopAttendeeStreams: MAX_ATTENDEE_STREAMS,
  workshopPresenterStreams: MAX_PRESENTER_STREAMS,
  /** A stream holding more than this unsent (a client that does not read) is closed; it reconnects. */
  workshopStreamBufferBytes: 1024 * 1024,
  /**
   * Workshop joins and secrets (server/workshop/plugin.ts). The code is looked at first and a right code
   * always joins: failed attempts never stand in the way of the right secret (a room behind one NAT or the
   * TLS proxy shares one address with whoever types wrong codes or floods them). A wrong code takes from its
   * address's budget, past which it is answered 429 `TooManyJoinAttempts` instead of 403 `WrongCode`: 20 at
   * once (a NAT of 60 and a third of them mistyping), then 1 a second …
   * Guessing: a 429 tells a guesser no more than a 403, and a right code passes even then, so what bounds
   * guessing is the rate the server answers one address at all (`addressRequestsPerSecond`, 100 a second):
   * 540,000 guesses in a 90-minute workshop, 0.11% of the 28^6 = 481,890,304 codes, from one address; a LAN
   * gives an attacker few addresses. The presenter's Close joins answers no guess at all (a join is refused
   * before its code is looked at).
   */
  workshopWrongCodesPerSecond: 1,
  workshopWrongCodeBurst: 20,
  /** … and the server's, whatever the number of addresses (an IPv6 attacker has many /64s). */
  workshopServerWrongCodesPerSecond: 5,
  workshopServerWrongCodeBurst: 100,
  /**
   * Attendees of one address (an IPv6 /64 as one) at once (409 `AddressFull`): a NAT of 60 honest attendees
   * fits with room to spare (a second browser each for a few), and one address cannot fill the room. Behind
   * a reverse proxy every attendee has the proxy's address: such a room takes at most this many.
   */
  workshopAttendeesPerAddress: 80,
  /**
   * Wrong presenter keys from one address at once (401 for each; 429 after), then one more per
   * workshopKeyRefillMs. The key is checked first: the right one always passes, however many wrong ones
   * came from its address (a NAT, the TLS proxy); 256 random bits need no other bound on guessing.
   */
  workshopKeyFailures: 10,
  workshopKeyRefillMs: 6_000,
  /**
   * Bytes of reports one attendee may send a second, on average (429 `TooManyReportBytes`) … counted from
   * the request's Content-Length before the body is read or validated (the body's limit when it gives
   * none). The page sends at most one report a second, and a lesson's design is tens of KB: 128 KB a second
   * is several times that, and a fake attendee cannot make the server parse 1 MB a second.
   */
  workshopReportBytesPerSecond: 128 * 1024,
  /** … and at once: two reports of the largest design (workshopDesignBytes), with the rest of their bodies. */
  workshopReportByteBurst: 2 * (WORKSHOP_DESIGN_MAX_BYTES + 64 * 1024),
  /**
   * Bytes of reports of every attendee together a second (429 `TooManyReportBytes`) … 200 attendees each
   * reporting a 20 KB design every second is 4 MB; the room's attendees from many addresses cannot make the
   * server parse more than this.
   */
  workshopServerReportBytesPerSecond: 8 * 1024 * 1024,
  /** … and at once. */
  workshopServerReportByteBurst: 32 * 1024 * 1024,
  /**
   * Removed attendees whose browsers (their session cookies) the room keeps refusing (the oldest forgotten
   * beyond): every one was an attendee, so this is many rooms' worth.
   */
  workshopRemovedRemembered: 10_000,
  /** Room view updates are gathered for this long (a change reaches the presenter within it, well under 1 s). */
  workshopRoomUpdateMs: 200,
  /** Hints revealed (lesson steps) the room remembers. */
  workshopHintSteps: 1_000,
  /** With --db-path, changed attendees are written to disk at most this often. */
  workshopSaveMs: 1_000,
  /**
   * How long the sandboxed child of `keyplan import --trust-code` may take to load a module and read its
   * entities before it is killed: loading ElectroDB or DynamoDB-Toolbox with the AWS SDK takes about a
   * second on a busy laptop, so a module that loops or waits at its top level is stopped well before a user
   * would give up on it.
   */
  moduleLoadMs: 10_000,
  /**
   * The V8 heap of that child, in MB (`--max-old-space-size`): the libraries and the importer take under
   * 100 MB; a module that fills the heap is stopped with a heap-limit error instead of taking the machine.
   */
  moduleHeapMb: 256,
  /**
   * The child's resident memory, polled on Linux (killed beyond it): memory outside the V8 heap (Buffers,
   * ArrayBuffers) is not bounded by `moduleHeapMb`; this leaves the heap's 256 MB plus room for Node itself.
   */
  moduleMemoryBytes: 512 * 1024 * 1024,
  /** Bytes of the child's answer (a design, as large as a request body may be); beyond it the child is killed. */
  moduleAnswerBytes: 32 * 1024 * 1024,
  /**
   * A live socket must prove it holds the room key (sign the server's nonce) within this long, or it is closed
   * (4401). A browser answers in milliseconds; the bound keeps unproven sockets, which take no room seat, from
   * lingering (each still counts toward its address's `connectionsPerAddress`).
   */
  liveProofMs: 10_000,
  /**
   * A signed request naming a live room (`X-Keyplan-Room-Proof`) is good for this long either side of its
   * time (the app times it by the server's clock, read from the socket's hello); outside it, 401. Long
   * enough for a slow upload's signature made before it, short enough that the room's replay memory (below)
   * stays small.
   */
  liveRequestSkewMs: 60_000,
  /**
   * Signed requests a live room remembers (their nonces, until they are past `liveRequestSkewMs`) so that
   * none is accepted twice; when full, further ones are refused (429) until the oldest expire. 4,096 in two
   * minutes is ~34 a second, several times what 32 people polling health every 5 s and running patterns send.
   */
  liveRequestNonces: 4_096,
} as const;

export type Limits = { readonly [K in keyof typeof LIMITS]: number };
