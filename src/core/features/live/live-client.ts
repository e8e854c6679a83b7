// One participant of a live room: a Y.Doc kept in step with the room through the relay (protocol.ts), every
// byte sealed with the room key before it leaves (crypto.ts), presence through y-protocols' Awareness. Works
// offline: edits stay in the doc, and on (re)connecting the client sends what the room lacks (its doc as an
// update against the state the room's log holds), so nothing made offline is lost. It proves it holds the
// room key before the room lets it in (it signs the server's nonce), and opens each entry only where it was
// sealed to be: one that does not verify (a forged or replayed snapshot) is not applied, and the doc, with
// the user's work, stays as it was (protocol.ts). Pure: the socket is given (the browser's WebSocket, or
// `ws` in Node for the bench).
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { fromBase64Url, open, seal, toBase64Url } from './crypto.ts';
import {
  CLOSE,
  type ClientMessage,
  frameUpdate,
  type ServerMessage,
  sealContext,
  unframeUpdate,
  WRITER_ID_BYTES,
} from './protocol.ts';
import { deriveRoomKeys, proveJoin, proveRequest, type RoomKeys } from './room-keys.ts';

/** The part of a WebSocket this uses (the browser's and the `ws` package's both have it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** The origin of changes that came from the room (a store binding skips them; the undo manager ignores them). */
export const REMOTE_ORIGIN = Object.freeze({ live: 'remote' });

export interface Presence {
  name: string;
  color: string;
  /** What the person has open: an entity or pattern (by name or id). */
  open?: { kind: 'entity' | 'pattern'; id: string };
}

export interface LiveClientOptions {
  /** ws(s)://…/live/rooms/<roomId>/socket */
  url: string;
  roomId: string;
  key: string;
  createSocket: (url: string) => SocketLike;
  doc?: Y.Doc;
  presence?: Presence;
  onStatus?: (status: LiveStatus) => void;
  onError?: (message: string) => void;
  /** Reconnect pauses (ms): first, and the most. */
  retryMs?: [number, number];
}

const OPEN = 1;

/** Closes after which trying again cannot help: what the user is told. */
const FINAL_CLOSES: Record<number, string> = {
  [CLOSE.noRoom]: 'This live room no longer exists (rooms expire when idle).',
  [CLOSE.expired]: 'This live room no longer exists (rooms expire when idle).',
  [CLOSE.unproven]: 'This link’s key does not open this live room (the room refused its proof).',
  [CLOSE.unverifiable]:
    'This live room was made by an older Keyplan that cannot check who holds its key, so it takes no one; start a new live session (your design is kept).',
};

export class LiveClient {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  status: LiveStatus = 'connecting';
  readonly #options: LiveClientOptions;
  #keys: Promise<RoomKeys>;
  /** This client's writer id and its count of updates sealed (readers refuse a count that does not grow). */
  readonly #writer = globalThis.crypto.getRandomValues(new Uint8Array(WRITER_ID_BYTES));
  #written = 0;
  /** The last count seen from each writer on this connection (its log, in order). */
  #writers = new Map<string, number>();
  /** The server's clock minus this one's (from `hello`): API proofs are timed by the server's clock. */
  #clockOffset = 0;
  #socket: SocketLike | undefined;
  #synced = false;
  /** The updates the room's log held when this connection joined (to send only what it lacks). */
  #backlog: Uint8Array[] = [];
  /** The last seq applied or acknowledged. */
  #seen = 0;
  #inbox: Promise<void> = Promise.resolve();
  #outbox: Promise<void> = Promise.resolve();
  #closed = false;
  #paused = false;
  #failures = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  /** Awareness client ids seen from each connection (removed when it leaves). */
  readonly #peers = new Map<number, Set<number>>();

  constructor(options: LiveClientOptions) {
    this.#options = options;
    this.doc = options.doc ?? new Y.Doc();
    this.awareness = new Awareness(this.doc);
    if (options.presence) this.awareness.setLocalState({ ...options.presence });
    this.#keys = deriveRoomKeys(options.key);
    this.#keys.catch(() => {});
    this.doc.on('update', this.#onDocUpdate);
    this.awareness.on('update', this.#onAwarenessUpdate);
    this.awareness.on('change', this.#onAwarenessChange);
  }

  /** Connects (and keeps reconnecting until close). */
  start(): this {
    this.#connect();
    return this;
  }

  setPresence(presence: Partial<Presence>): void {
    const current = (this.awareness.getLocalState() ?? {}) as Partial<Presence>;
    this.awareness.setLocalState({ ...current, ...presence });
  }

  /** The browser went offline: stop trying until resume (edits keep going into the doc). */
  pause(): void {
    this.#paused = true;
    clearTimeout(this.#retry);
    this.#socket?.close();
    this.#setStatus('offline');
  }

  resume(): void {
    if (!this.#paused || this.#closed) return;
    this.#paused = false;
    this.#failures = 0;
    this.#connect();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#retry);
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.#socket?.close();
    this.awareness.destroy();
    this.doc.off('update', this.#onDocUpdate);
  }

  /** Resolves once the client is live and has sent everything it holds (tests and the bench). */
  get head(): number {
    return this.#seen;
  }

  /** `X-Keyplan-Room-Proof` for one API request naming this room (the exact path and body it sends). */
  async proveRequest(method: string, path: string, body: string): Promise<string> {
    const { signer } = await this.#keys;
    const { roomId } = this.#options;
    return proveRequest(signer, { roomId, method, path, body, time: Date.now() + this.#clockOffset });
  }

  #setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.#options.onStatus?.(status);
  }

  #connect(): void {
    if (this.#closed || this.#paused) return;
    const socket = this.#options.createSocket(this.#options.url);
    this.#socket = socket;
    this.#synced = false;
    this.#backlog = [];
    this.#writers = new Map();
    socket.onmessage = (event) => {
      if (this.#socket !== socket || typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      this.#inbox = this.#inbox
        .then(() => this.#handle(socket, message))
        .catch((error) => {
          this.#options.onError?.(`a room message could not be read: ${(error as Error).message}`);
        });
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#synced = false;
      for (const ids of this.#peers.values()) removeAwarenessStates(this.awareness, [...ids], REMOTE_ORIGIN);
      this.#peers.clear();
      if (this.#closed || this.#paused) return;
      const final = FINAL_CLOSES[event.code];
      if (final) {
        this.#options.onError?.(final);
        this.#setStatus('offline');
        return;
      }
      this.#failures++;
      this.#setStatus(this.#failures > 3 ? 'offline' : 'reconnecting');
      const [first, most] = this.#options.retryMs ?? [300, 5000];
      this.#retry = setTimeout(() => this.#connect(), Math.min(most, first * 2 ** (this.#failures - 1)));
    };
    socket.onerror = () => {};
  }

  #send(socket: SocketLike, message: ClientMessage): void {
    if (socket.readyState === OPEN && this.#socket === socket) socket.send(JSON.stringify(message));
  }

  /** Seals and sends in order (sealing is asynchronous); dropped if the connection changed meanwhile. */
  #sendSealed(build: (d: string) => ClientMessage, plain: () => Uint8Array, context: string): void {
    const socket = this.#socket;
    if (!socket) return;
    this.#outbox = this.#outbox
      .then(async () => {
        const d = toBase64Url(await seal((await this.#keys).seal, plain(), context));
        this.#send(socket, build(d));
      })
      .catch((error) => this.#options.onError?.((error as Error).message));
  }

  /** Seals a Yjs update with this writer's next count. */
  #sendUpdate(update: Uint8Array): void {
    const { roomId } = this.#options;
    this.#sendSealed(
      (d) => ({ t: 'update', d }),
      () => frameUpdate(this.#writer, ++this.#written, update),
      sealContext(roomId, 'update'),
    );
  }

  /** An entry's Yjs update, or why it does not belong where the room put it. */
  async #openEntry(message: Extract<ServerMessage, { t: 'entry' }>): Promise<Uint8Array | string> {
    const { roomId } = this.#options;
    const { seal: key } = await this.#keys;
    const blob = fromBase64Url(message.d);
    if (message.kind === 'snapshot') {
      try {
        return await open(key, blob, sealContext(roomId, 'snapshot', message.seq));
      } catch {
        return `the snapshot at ${message.seq} was not sealed by a member as this room's snapshot at ${message.seq} (a forged or replayed one)`;
      }
    }
    let plain: Uint8Array;
    try {
      plain = await open(key, blob, sealContext(roomId, 'update'));
    } catch {
      return `the update at ${message.seq} was not sealed by a member as an update of this room`;
    }
    const { writer, n, update } = unframeUpdate(plain);
    const last = this.#writers.get(writer) ?? 0;
    if (n <= last) return `the update at ${message.seq} repeats an earlier one (a replay)`;
    this.#writers.set(writer, n);
    return update;
  }

  async #handle(socket: SocketLike, message: ServerMessage): Promise<void> {
    if (this.#socket !== socket) return;
    switch (message.t) {
      case 'hello': {
        this.#clockOffset = message.now - Date.now();
        const sig = await proveJoin((await this.#keys).signer, this.#options.roomId, message.nonce);
        this.#send(socket, { t: 'proof', sig });
        return;
      }
      case 'entry': {
        this.#seen = Math.max(this.#seen, message.seq);
        const update = await this.#openEntry(message);
        if (typeof update === 'string') {
          // Not applied: the doc (and whatever this user has made) stays as it was.
          this.#options.onError?.(
            `A change from the live room was refused: ${update}. Your design is unchanged.`,
          );
          return;
        }
        Y.applyUpdate(this.doc, update, REMOTE_ORIGIN);
        if (!this.#synced) this.#backlog.push(update);
        return;
      }
      case 'synced': {
        this.#seen = Math.max(this.#seen, message.head);
        // What the room lacks of this doc (edits made offline, or before the room had any): sent as one update.
        const roomHas =
          this.#backlog.length > 0
            ? Y.encodeStateVectorFromUpdate(Y.mergeUpdates(this.#backlog))
            : new Uint8Array([0]);
        this.#backlog = [];
        const missing = Y.encodeStateAsUpdate(this.doc, roomHas);
        this.#synced = true;
        this.#failures = 0;
        if (missing.length > 2) this.#sendUpdate(missing);
        const local = this.awareness.getLocalState();
        if (local) this.#sendAwareness([this.doc.clientID]);
        this.#setStatus('live');
        return;
      }
      case 'ack':
        this.#seen = Math.max(this.#seen, message.seq);
        return;
      case 'awareness': {
        const { seal: key } = await this.#keys;
        const update = await open(
          key,
          fromBase64Url(message.d),
          sealContext(this.#options.roomId, 'awareness'),
        );
        applyAwarenessUpdate(this.awareness, update, { peer: message.peer });
        return;
      }
      case 'leave': {
        const ids = this.#peers.get(message.peer);
        this.#peers.delete(message.peer);
        if (ids) removeAwarenessStates(this.awareness, [...ids], REMOTE_ORIGIN);
        return;
      }
      case 'compact': {
        const upTo = this.#seen;
        const snapshot = Y.encodeStateAsUpdate(this.doc);
        this.#sendSealed(
          (d) => ({ t: 'snapshot', upTo, d }),
          () => snapshot,
          sealContext(this.#options.roomId, 'snapshot', upTo),
        );
        return;
      }
      case 'error':
        this.#options.onError?.(message.message);
        return;
    }
  }

  readonly #onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE_ORIGIN || !this.#synced) return;
    this.#sendUpdate(update);
  };

  #sendAwareness(clients: number[]): void {
    const update = encodeAwarenessUpdate(this.awareness, clients);
    this.#sendSealed(
      (d) => ({ t: 'awareness', d }),
      () => update,
      sealContext(this.#options.roomId, 'awareness'),
    );
  }

  readonly #onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin !== 'local' || !this.#synced) return;
    const mine = [...added, ...updated, ...removed].filter((id) => id === this.doc.clientID);
    if (mine.length > 0) this.#sendAwareness(mine);
  };

  readonly #onAwarenessChange = (
    { added, updated }: { added: number[]; updated: number[] },
    origin: unknown,
  ) => {
    const peer = (origin as { peer?: number } | null)?.peer;
    if (peer === undefined) return;
    const ids = this.#peers.get(peer) ?? new Set<number>();
    for (const id of [...added, ...updated]) ids.add(id);
    this.#peers.set(peer, ids);
  };

  /** Everyone's presence but this client's own. */
  others(): (Presence & { clientId: number })[] {
    const list: (Presence & { clientId: number })[] = [];
    for (const [clientId, state] of this.awareness.getStates())
      if (clientId !== this.doc.clientID && state && typeof state.name === 'string')
        list.push({ ...(state as Presence), clientId });
    return list;
  }
}
