// docs/security.md's threat list and limits table, written from the values the server enforces (LIMITS,
// LIVE_LIMITS and the core's own limits) rather than copied by hand: `npm run docs` writes them between the
// page's markers, and security-doc.test.ts fails when the page differs or when a limit has no row. A new
// limit is one entry in LIMITS and one row here.
import {
  MAX_DESIGN_ITEMS,
  MAX_JSON_DEPTH,
  MAX_LESSON_BYTES,
  MAX_SHARED_DESIGN_BYTES,
  MAX_YAML_ALIASES,
} from '../src/core/model/design-limits.ts';
import { LIMITS } from './limits.ts';
import { LIVE_LIMITS } from './live/rooms.ts';

const L = LIMITS;
const V = LIVE_LIMITS;

/** 12,345 */
export const count = (value: number) => value.toLocaleString('en-US');

/** 32 MB, 512 KB, 200 bytes: the largest binary unit the value is a whole number of. */
export function bytes(value: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const)
    if (value >= size && value % size === 0) return `${count(value / size)} ${unit}`;
  return `${count(value)} bytes`;
}

/** 10 s, 5 minutes, 4 hours, 1 day: the largest unit the duration is a whole number of. */
export function duration(ms: number): string {
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ] as const;
  for (const [unit, size] of units)
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return `${count(n)} ${unit}${n === 1 ? '' : 's'}`;
    }
  return ms >= 1000 && ms % 1000 === 0 ? `${count(ms / 1000)} s` : `${count(ms)} ms`;
}

type LimitName = keyof typeof LIMITS | keyof typeof LIVE_LIMITS;

interface LimitRow {
  /** The limits the row states: every name of LIMITS and LIVE_LIMITS is in one row at least. */
  limits: LimitName[];
  what: string;
  value: string;
}

/** The limits table, in the order a reader meets them: connections, requests, designs, sessions, rooms. */
export const LIMIT_ROWS: LimitRow[] = [
  {
    limits: ['connections', 'headersMs', 'requestReceiveMs', 'keepAliveMs'],
    what: "connections at once / a request's headers / a whole request / an idle keep-alive connection",
    value: `${count(L.connections)} (the next is closed) / ${duration(L.headersMs)} / ${duration(L.requestReceiveMs)} (408 \`RequestTimeout\`, and the connection is closed: a client that opens connections and sends nothing, or trickles its headers, is cut off) / ${duration(L.keepAliveMs)}`,
  },
  {
    limits: ['connectionsPerAddress', 'connectionsPerAddressFloor'],
    what: 'connections of one address at once (an IPv6 /64 counts as one address)',
    value: `${count(L.connectionsPerAddress)} while half of the ${count(L.connections)} are free, then ${count(L.connectionsPerAddress)} × twice the share still free, never fewer than ${count(L.connectionsPerAddressFloor)} (the next is closed): a few addresses cannot take every connection, since each next one finds a share in what the earlier ones left (three greedy addresses hold 800 + 533 + 296 and a fourth still gets 165). A browser holds at most 8 (6 HTTP/1.1 connections, its event stream among them, and a live socket), so a workshop room of 60 behind one NAT address needs at most 480; the other ${count(L.connections - L.connectionsPerAddress)} stay for other addresses`,
  },
  {
    limits: ['bodyBytes', 'largeBodyBytes', 'concurrentLargeBodies'],
    what: 'request body',
    value: `${bytes(L.bodyBytes)} (413); bodies over ${bytes(L.largeBodyBytes)} (or of unknown length) are read ${count(L.concurrentLargeBodies)} at a time server-wide`,
  },
  {
    limits: [],
    what: 'JSON nesting of a body / of an AttributeValue',
    value: '100 levels / 32 levels (400)',
  },
  {
    limits: ['itemsPerDesign'],
    what: 'sample items of one design',
    value: `${count(L.itemsPerDesign)} (400 \`TooManyItems\`), the one limit of the app and the CLI too (\`MAX_DESIGN_ITEMS\` = ${count(MAX_DESIGN_ITEMS)}, \`src/core/model/design-limits.ts\`)`,
  },
  {
    limits: [
      'designEntities',
      'designAccessPatterns',
      'designAttributesPerEntity',
      'designAttributes',
      'designKeysPerEntity',
      'designCopiesPerEntity',
      'designCopies',
      'designGlobalSecondaryIndexes',
      'designLocalSecondaryIndexes',
      'designEnumValues',
      'designComments',
      'designNameLength',
      'designTextLength',
      'designTemplateLength',
      'designListLength',
      'designLintEntries',
    ],
    what: 'the shape of one design (`DESIGN_LIMITS`, `src/core/model/design-limits.ts`: the app and the CLI hold it too)',
    value: `${count(L.designEntities)} entities, ${count(L.designAccessPatterns)} access patterns, ${count(L.designAttributesPerEntity)} attributes in one entity and ${count(L.designAttributes)} in all, ${count(L.designKeysPerEntity)} key templates in one entity, ${count(L.designCopiesPerEntity)} copies of one entity and ${count(L.designCopies)} in all, ${count(L.designGlobalSecondaryIndexes)} GSIs, ${count(L.designLocalSecondaryIndexes)} LSIs, ${count(L.designEnumValues)} enum values, ${count(L.designComments)} comments, ${count(L.designListLength)} entries in a list, ${count(L.designLintEntries)} lint rules or suppressions; names of ${count(L.designNameLength)} characters, texts of ${count(L.designTextLength)}, templates of ${count(L.designTemplateLength)}: counted on the raw JSON before any other work (413 \`DesignTooLarge\` naming the limit)`,
  },
  {
    limits: ['designWorkerBytes', 'designWorkers'],
    what: 'a design body checked off the event loop',
    value: `over ${bytes(L.designWorkerBytes)}: parsed, validated and derived in one of ${count(L.designWorkers)} worker processes at the lowest priority, so the event loop keeps answering everyone else`,
  },
  {
    limits: ['designItemBytes'],
    what: 'bytes the items of one apply derive',
    value: `${bytes(L.designItemBytes)}, counted before deriving (413 \`DesignTooLarge\`)`,
  },
  {
    limits: [],
    what: 'partition key / sort key',
    value: '2,048 bytes / 1,024 bytes, checked from the templates before rendering (400)',
  },
  {
    limits: [],
    what: 'one item',
    value: '400 KB, every item checked before apply changes anything (400 `InvalidItems`)',
  },
  {
    limits: ['pageItems'],
    what: 'items of one page (raw `Limit` must be a positive integer; PartiQL gets one too)',
    value: count(L.pageItems),
  },
  {
    limits: ['tablesPerSession', 'itemsPerSession'],
    what: 'tables of one session / items of one session',
    value: `${count(L.tablesPerSession)} / ${count(L.itemsPerSession)} (403): a design at the items limit can be applied again over its table`,
  },
  {
    limits: ['bytesPerSession', 'bytesServerWide'],
    what: "bytes stored: of one session's tables / of every session's together",
    value: `${bytes(L.bytesPerSession)} / ${bytes(L.bytesServerWide)} (403 \`StorageQuotaExceeded\`), as DynamoDB counts them (every item by DynamoDB's item sizes plus 100 bytes, again for each index it is in), checked before every write (apply, load, every raw write and PartiQL statement) and freed when a session resets or expires`,
  },
  {
    limits: ['requestsPerSecond', 'requestBurst', 'concurrentRequestsPerSession'],
    what: 'requests of one session',
    value: `${count(L.requestsPerSecond)} a second, bursts of ${count(L.requestBurst)}, ${count(L.concurrentRequestsPerSession)} at once (429)`,
  },
  {
    limits: ['addressRequestsPerSecond', 'addressRequestBurst'],
    what: "requests of one address without a session (joining a workshop, refusals, the presenter's)",
    value: `${count(L.addressRequestsPerSecond)} a second, bursts of ${count(L.addressRequestBurst)} (429): every request takes from its session's quota or its address's`,
  },
  {
    limits: ['addressFilesPerSecond', 'addressFileBurst'],
    what: "the app's files of one address (a GET or HEAD outside `/api`; they never carry the session cookie)",
    value: `${count(L.addressFilesPerSecond)} a second, bursts of ${count(L.addressFileBurst)} (429): a room of 60 behind one address (NAT, a proxy) loads the app together; an attendee's first visit fetches 54 files (33 for the join page, 14 on joining, 7 with a lesson), a reload 2 (\`/assets/\` is cached a year as immutable)`,
  },
  {
    limits: [],
    what: "the app's files in memory",
    value:
      'the build folder (a few MB), read once when the server starts: an answer sends that one copy, so requests under way (however many, read however slowly) hold no file of their own',
  },
  {
    limits: ['addressesTracked'],
    what: 'what counts as one address (every per-address limit)',
    value: `an IPv4 address; an IPv6 client's whole /64 (rotating addresses within it gains nothing); \`::ffff:a.b.c.d\` as \`a.b.c.d\`; at most ${count(L.addressesTracked)} addresses remembered`,
  },
  {
    limits: [
      'newSessionsPerSecond',
      'newSessionBurst',
      'sessions',
      'addressNewSessionsPerSecond',
      'addressNewSessionBurst',
    ],
    what: 'new sessions, server-wide / of one address',
    value: `${count(L.newSessionsPerSecond)} a second, bursts of ${count(L.newSessionBurst)} (429); ${count(L.sessions)} at once (503) / ${count(L.addressNewSessionsPerSecond)} a second, bursts of ${count(L.addressNewSessionBurst)} (429 \`TooManyNewSessions\`), so one address cannot take them all; a room of 60 behind one address (NAT) starts its sessions within a minute (a refused browser's app sends the request again after 1–2 s, for up to a minute). In workshop mode a session comes only from an admitted join (it needs the code; at most ${count(L.workshopAttendees)} attendees), which takes from neither`,
  },
  {
    limits: ['dynamodbCallMs', 'requestMs', 'loadMs', 'healthProbeMs'],
    what: 'one DynamoDB call / a run or reset / an apply or load / the health probe',
    value: `${duration(L.dynamodbCallMs)} / ${duration(L.requestMs)} / ${duration(L.loadMs)} (503) / \`down\` when DynamoDB Local does not answer within ${duration(L.healthProbeMs)}`,
  },
  {
    limits: ['concurrentLoads'],
    what: 'applies or loads at once, server-wide',
    value: `${count(L.concurrentLoads)} (the others wait their turn)`,
  },
  {
    limits: ['sessionIdleMs', 'unconfirmedSessionMs', 'sweepEveryMs'],
    what: 'idle session',
    value: `expires after ${duration(L.sessionIdleMs)} (${duration(L.unconfirmedSessionMs)} if its cookie never came back; looked for every ${duration(L.sweepEveryMs)}); its tables are deleted`,
  },
  {
    limits: [
      'workshopAttendees',
      'workshopAttendeesPerAddress',
      'workshopDesignBytes',
      'workshopLessonBytes',
      'workshopSmallBodyBytes',
    ],
    what: 'a workshop: attendees (of one address) / a reported or pushed design / an inline lesson / other bodies',
    value: `${count(L.workshopAttendees)} (409 \`WorkshopFull\`; ${count(L.workshopAttendeesPerAddress)} of one address, 409 \`AddressFull\`: a NAT of 60 fits, one address cannot fill the room) / ${bytes(L.workshopDesignBytes)} / ${bytes(L.workshopLessonBytes)} / ${bytes(L.workshopSmallBodyBytes)} (413)`,
  },
  {
    limits: [
      'workshopReportsPerSecond',
      'workshopReportBurst',
      'workshopReportBytesPerSecond',
      'workshopReportByteBurst',
      'workshopServerReportBytesPerSecond',
      'workshopServerReportByteBurst',
    ],
    what: 'progress reports: of an attendee / their bytes, of an attendee / of everyone',
    value: `${count(L.workshopReportsPerSecond)} a second, bursts of ${count(L.workshopReportBurst)} (429) / ${bytes(L.workshopReportBytesPerSecond)} a second, bursts of ${bytes(L.workshopReportByteBurst)} / ${bytes(L.workshopServerReportBytesPerSecond)} a second, bursts of ${bytes(L.workshopServerReportByteBurst)} (429 \`TooManyReportBytes\`, counted from \`Content-Length\` before the body is read)`,
  },
  {
    limits: ['workshopAttendeeStreams', 'workshopPresenterStreams', 'workshopStreamBufferBytes'],
    what: 'event streams of an attendee / of the presenter',
    value: `${count(L.workshopAttendeeStreams)} / ${count(L.workshopPresenterStreams)} at once (429); a stream holding more than ${bytes(L.workshopStreamBufferBytes)} unsent is closed (the client reconnects)`,
  },
  {
    limits: [
      'workshopWrongCodesPerSecond',
      'workshopWrongCodeBurst',
      'workshopServerWrongCodesPerSecond',
      'workshopServerWrongCodeBurst',
      'workshopKeyFailures',
      'workshopKeyRefillMs',
    ],
    what: 'wrong join codes (of one address / server-wide) / wrong presenter keys of one address',
    value: `${count(L.workshopWrongCodeBurst)}, then ${count(L.workshopWrongCodesPerSecond)} a second / ${count(L.workshopServerWrongCodeBurst)}, then ${count(L.workshopServerWrongCodesPerSecond)} a second (429 in place of 403) / ${count(L.workshopKeyFailures)}, then one per ${duration(L.workshopKeyRefillMs)} (429 in place of 401). The code and the key are looked at first: the right one always passes, whatever wrong ones its address sent`,
  },
  {
    limits: ['workshopRoomUpdateMs', 'workshopHintSteps', 'workshopSaveMs', 'workshopRemovedRemembered'],
    what: "the room view's updates / hints remembered / `--db-path` writes / removed browsers remembered",
    value: `gathered for ${duration(L.workshopRoomUpdateMs)} / ${count(L.workshopHintSteps)} steps / at most every ${duration(L.workshopSaveMs)} / ${count(L.workshopRemovedRemembered)}`,
  },
  {
    limits: ['liveProofMs', 'liveRequestSkewMs', 'liveRequestNonces'],
    what: "a live room's proof of its key: a socket's / a signed request's time / signed requests remembered",
    value: `within ${duration(L.liveProofMs)} of connecting (closed 4401; nothing is sent to it before) / within ${duration(L.liveRequestSkewMs)} of the server's clock (401) / ${count(L.liveRequestNonces)} per room, each accepted once (429 \`RoomBusy\` when full)`,
  },
  {
    limits: ['liveRooms', 'liveClientsPerRoom', 'liveRoomIdleMs', 'liveSweepMs'],
    what: 'live rooms at once / people in one room / an idle room',
    value: `${count(V.liveRooms)} (503 \`TooManyRooms\`) / ${count(V.liveClientsPerRoom)} (closed 4429) / deleted with its tables after ${duration(V.liveRoomIdleMs)} nobody connected (looked for every ${duration(V.liveSweepMs)})`,
  },
  {
    limits: ['liveMessageBytes', 'liveLogBytes', 'liveCompactEntries', 'liveCompactBytes'],
    what: "a live room's message / log",
    value: `${bytes(V.liveMessageBytes)} / ${bytes(V.liveLogBytes)} (updates refused until a snapshot); a snapshot is asked for at ${count(V.liveCompactEntries)} entries or ${bytes(V.liveCompactBytes)}`,
  },
  {
    limits: ['moduleLoadMs', 'moduleHeapMb', 'moduleMemoryBytes', 'moduleAnswerBytes'],
    what: '`keyplan import --trust-code`: the sandboxed child that loads a module',
    value: `killed after ${duration(L.moduleLoadMs)}, past a ${count(L.moduleHeapMb)} MB heap or ${bytes(L.moduleMemoryBytes)} resident, or an answer over ${bytes(L.moduleAnswerBytes)}`,
  },
];

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The limits table, as Markdown. */
export function limitsTable(): string {
  const lines = ['| limit | value |', '| --- | --- |'];
  for (const row of LIMIT_ROWS) lines.push(`| ${cell(row.what)} | ${cell(row.value)} |`);
  return lines.join('\n');
}

/** Names of LIMITS and LIVE_LIMITS that no row states. */
export function limitsWithoutRow(): string[] {
  const stated = new Set<string>(LIMIT_ROWS.flatMap((row) => row.limits));
  return [...Object.keys(LIMITS), ...Object.keys(LIVE_LIMITS)].filter((name) => !stated.has(name));
}

export const LIMITS_START = '<!-- security-limits:start (written by `npm run docs` from LIMITS) -->';
export const LIMITS_END = '<!-- security-limits:end -->';

/** `page` with the text between `start` and `end` written anew; throws when the markers are missing. */
function between(page: string, start: string, end: string, text: string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/security.md lacks the markers ${start} … ${end}`);
  return `${page.slice(0, from + start.length)}\n${text}\n${page.slice(to)}`;
}

interface Attacker {
  /** Who, and what they have. */
  who: string;
  /** What they cannot do, each with the test that tries it. */
  cannot: string[];
}

/**
 * What each kind of attacker cannot do, with the values they run into: docs/security.md's threat list, written
 * from the same LIMITS as the table so that a changed value changes both.
 */
export function attackers(): Attacker[] {
  return [
    {
      who: 'A hostile attendee (a session of the shared server, any request they like)',
      cannot: [
        "*Reach another session's tables.* The embedded DynamoDB Local runs without `-sharedDb`: one database per access key, and the server signs each session's requests with a key derived from that session, so a request, whatever it names (PartiQL included), is answered from the session's own database. Every table a request names must also carry the session's prefix (PartiQL by a parse of the statement, `server/partiql.ts`; anything the parse cannot prove is 400 `PartiqlRefused`). `server/security.test.ts`.",
        `*Become another session.* Session ids are 256 random bits in a cookie signed with an HMAC under a secret made at start (\`HttpOnly; SameSite=Strict; Path=/api\`); a forged, guessed or expired cookie starts a new session. Table names (\`kp-<12 hex>-\`) are a hash of the id.`,
        '*Reach DynamoDB Local directly.* It is started through `server/dynamodb/LoopbackDynamoDBLocal.java`, which binds it to 127.0.0.1 only.',
        `*Stall the server for everyone.* A design is held to its structural limits before any other work, and the checks over a design grow no faster than n log n (\`#26 class 2\`); bodies are capped at ${bytes(L.bodyBytes)}, items at ${count(L.itemsPerDesign)}, derived bytes at ${bytes(L.designItemBytes)}.`,
        `*Fill DynamoDB Local's memory.* Stored bytes are counted as DynamoDB counts them, index copies included: ${bytes(L.bytesPerSession)} a session, ${bytes(L.bytesServerWide)} in all, checked before every write and freed on reset or expiry (\`#26 class 3\`, \`server/stored-bytes.test.ts\`).`,
        `*Take every connection.* One address holds at most ${count(L.connectionsPerAddress)}, less as the server fills (never fewer than ${count(L.connectionsPerAddressFloor)}), so three addresses cannot take all ${count(L.connections)} (\`#26 class 3\`, \`server/connections.test.ts\`); headers must arrive within ${duration(L.headersMs)}.`,
        `*Out-request the others.* ${count(L.requestsPerSecond)} requests a second a session (bursts of ${count(L.requestBurst)}, ${count(L.concurrentRequestsPerSession)} at once), ${count(L.addressRequestsPerSecond)} a second an address without one; bad input is a 4xx, never a 500 (\`server/fuzz.test.ts\`).`,
        "*Lose someone's data.* `apply` checks every item before it changes anything and deletes nothing unless asked; an in-memory DynamoDB Local that restarts is reported (`dataLostAt`).",
      ],
    },
    {
      who: "A hostile page (another site, open in an attendee's or the presenter's browser)",
      cannot: [
        "*Act through the browser.* Every state-changing request needs JSON and, from a browser, the server's own Origin; only the Host names the server listens as are answered (DNS rebinding); the presenter key is never a cookie. `server/browser-guard.test.ts`.",
        "*Use up an address's new sessions.* A request a page of another site sent (`Sec-Fetch-Site: cross-site` or `same-site`) is refused first (403 `ForeignSite`), before any quota is taken or a session made (`#26 class 3`).",
        "*Frame or script the app.* Every response carries a Content-Security-Policy that allows only the app's own scripts and workers, `frame-ancestors 'none'`, `nosniff` and `no-referrer`.",
      ],
    },
    {
      who: "Whoever learns a live room's id (a proxy log, a LAN sniffer, a shared screen)",
      cannot: [
        `*Read, write, roll back or erase the room, or reach its tables.* The id is treated as public: a socket must sign the server's nonce within ${duration(L.liveProofMs)} with a key derived from the room key by HKDF (the server holds only its public half) before it is sent anything; room-scoped API calls carry a signature over the request, good for ${duration(L.liveRequestSkewMs)} and once; every blob is sealed for its room, kind and place, so a replayed one does not open (\`#26 class 5\`, \`server/live/live.test.ts\`). The content is AES-GCM ciphertext made in the browser.`,
      ],
    },
    {
      who: 'A hostile workshop attendee (they have the code on the wall)',
      cannot: [
        `*Fill the room.* One address holds at most ${count(L.workshopAttendeesPerAddress)} of the ${count(L.workshopAttendees)} attendees (a NAT of 60 fits), a browser that joins again is the same attendee, and the presenter can **Remove** anyone and **Close joins** (\`#26 class 6\`, \`server/workshop/workshop-abuse.test.ts\`).`,
        `*Lock out the presenter or latecomers.* The key and the code are looked at first, and the right one always passes, whatever wrong ones came from the same address (a NAT, the TLS proxy); wrong ones are answered 429 past ${count(L.workshopKeyFailures)} keys or ${count(L.workshopWrongCodeBurst)} codes.`,
        `*Flood the room view.* Reports are bounded in number (${count(L.workshopReportsPerSecond)} a second) and bytes (${bytes(L.workshopReportBytesPerSecond)} a second each, ${bytes(L.workshopServerReportBytesPerSecond)} a second in all), counted before the body is read.`,
        '*Read the presenter key off the projector.* The room view moves it from the address bar into sessionStorage once read.',
      ],
    },
    {
      who: 'A hostile share link (a design sent as a URL)',
      cannot: [
        `*Freeze the tab that opens it.* A link's length, what it inflates to (${bytes(MAX_SHARED_DESIGN_BYTES)}, inflated in chunks so a bomb stops after one), its nesting (${count(MAX_JSON_DEPTH)} levels) and every count it asks the recipient to generate (${count(MAX_DESIGN_ITEMS)} items in all) are checked before any work (\`#26 class 7\`, \`src/core/features/share/share-link.test.ts\`).`,
      ],
    },
    {
      who: 'A hostile file (a design, a model, a lesson or a module from a colleague or a repository)',
      cannot: [
        `*Crash or hang what reads it.* JSON and YAML of any file nesting past ${count(MAX_JSON_DEPTH)} levels, YAML aliases expanding past ${count(MAX_YAML_ALIASES)} copies and a lesson past ${bytes(MAX_LESSON_BYTES)} are one-line refusals naming the file and the limit, found by a scan before the recursive parse (\`#26 class 7\`, \`src/cli/hostile-files.test.ts\`).`,
        '*Write to the terminal.* The CLI prints control characters and bidi overrides found in a file (C0, DEL, C1, U+2028/U+2029, U+202A–U+202E, U+2066–U+2069) as visible escapes (`\\u001b`), never raw, in every command and output format.',
        '*Run code in an export.* Every comment, string and template literal of every generated file (TypeScript, JavaScript, Python, HCL, YAML, JSON) goes through one escaper per language that escapes every line terminator, control character and lone surrogate; a property test parses every target with its own parser (`#26 class 1`, `test/integration/export/export-text.fuzz.test.ts`).',
        `*Run when opened.* Formats that read JSON or YAML read text, always. An ElectroDB, DynamoDB-Toolbox or OneTable module is loaded only with \`--trust-code\`, in a child process under Node's permission model (no writes, no child processes or workers, reads limited to its packages, an empty environment, network stubbed), killed after ${duration(L.moduleLoadMs)} or past ${count(L.moduleHeapMb)} MB of heap (\`#26 class 4\`, \`src/cli/commands/import-sandbox.test.ts\`; see [Importing a module](#importing-a-module) for what the sandbox cannot stop). The app never executes uploaded code.`,
      ],
    },
    {
      who: "Another user of the server's machine",
      cannot: [
        "*Read a `--db-path` folder.* It is its owner's only: folders 0700, files 0600, DynamoDB Local's databases too (it starts under `umask 077`), and what an older Keyplan left readable is tightened at start (`#26 class 7`, `server/private-files.test.ts`).",
      ],
    },
  ];
}

/** The threat list, as Markdown. */
export function attackersList(): string {
  return attackers()
    .map(({ who, cannot }) => [`**${who} cannot:**`, ...cannot.map((line) => `- ${line}`)].join('\n'))
    .join('\n\n');
}

export const ATTACKERS_START = '<!-- security-attackers:start (written by `npm run docs` from LIMITS) -->';
export const ATTACKERS_END = '<!-- security-attackers:end -->';

/** docs/security.md's text with its generated parts (the threat list, the limits table) written anew. */
export function withSecurityDoc(page: string): string {
  const listed = between(page, ATTACKERS_START, ATTACKERS_END, attackersList());
  return between(listed, LIMITS_START, LIMITS_END, limitsTable());
}
