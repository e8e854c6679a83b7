// One participant of a live room: a Y.Doc kept in step with the room through the relay (protocol.ts), every
// byte sealed with the room key before it leaves (crypto.ts), presence through y-protocols' Awareness. Works
// offline: edits stay in the doc, and on (re)connecting the client sends what the room lacks (its doc as an
// update against the state the room's log holds), so nothing made offline is lost. Pure: the socket is
// given (the browser's WebSocket, or `ws` in Node for the bench).
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { fromBase64Url, importRoomKey, open, seal, toBase64Url } from './crypto.ts';
import type { ClientMessage, ServerMessage } from './protocol.ts';

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
  /** ws(s)://…/api/live/rooms/<roomId>/socket */
  url: string;
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

export class LiveClient {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  status: LiveStatus = 'connecting';
  readonly #options: LiveClientOptions;
  #key: Promise<CryptoKey>;
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
    this.#key = importRoomKey(options.key);
    this.#key.catch(() => {});
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
      if (event.code === 4404 || event.code === 4410) {
        this.#options.onError?.('This live room no longer exists (rooms expire when idle).');
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
  #sendSealed(build: (d: string) => ClientMessage, plain: Uint8Array): void {
    const socket = this.#socket;
    if (!socket) return;
    this.#outbox = this.#outbox
      .then(async () => {
        const d = toBase64Url(await seal(await this.#key, plain));
        this.#send(socket, build(d));
      })
      .catch((error) => this.#options.onError?.((error as Error).message));
  }

  async #handle(socket: SocketLike, message: ServerMessage): Promise<void> {
    if (this.#socket !== socket) return;
    switch (message.t) {
      case 'entry': {
        const update = await open(await this.#key, fromBase64Url(message.d));
        Y.applyUpdate(this.doc, update, REMOTE_ORIGIN);
        if (!this.#synced) this.#backlog.push(update);
        this.#seen = Math.max(this.#seen, message.seq);
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
        if (missing.length > 2) this.#sendSealed((d) => ({ t: 'update', d }), missing);
        const local = this.awareness.getLocalState();
        if (local) this.#sendAwareness([this.doc.clientID]);
        this.#setStatus('live');
        return;
      }
      case 'ack':
        this.#seen = Math.max(this.#seen, message.seq);
        return;
      case 'awareness': {
        const update = await open(await this.#key, fromBase64Url(message.d));
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
        this.#sendSealed((d) => ({ t: 'snapshot', upTo, d }), Y.encodeStateAsUpdate(this.doc));
        return;
      }
      case 'error':
        this.#options.onError?.(message.message);
        return;
    }
  }

  readonly #onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE_ORIGIN || !this.#synced) return;
    this.#sendSealed((d) => ({ t: 'update', d }), update);
  };

  #sendAwareness(clients: number[]): void {
    this.#sendSealed((d) => ({ t: 'awareness', d }), encodeAwarenessUpdate(this.awareness, clients));
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
