// Typed client of the server's /api. Errors come back as ApiClientError with the server's code and
// message; a server that cannot be reached is code "Offline". Bodies and answers keep every digit of a
// number (src/core/values/exact-json.ts): DynamoDB's numbers have up to 38.
import type {
  ApplyResponse,
  HealthResponse,
  LessonsResponse,
  RunResponse,
} from '../core/contract/contract.ts';
import type { StreamLine } from '../core/contract/progress-lines.ts';
import type { Design } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import type { PlainItem } from '../core/values/item.ts';

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * The live room this browser is in (store/live-session.ts): its requests apply and run as the room, each
 * signed with the room key's proof (src/core/features/live/room-keys.ts) since the room id alone opens nothing.
 */
export interface LiveRoomAccess {
  roomId: string;
  prove(method: string, path: string, body: string): Promise<string>;
}
let liveRoom: LiveRoomAccess | null = null;
export function setLiveRoom(room: LiveRoomAccess | null): void {
  liveRoom = room;
}

/** A request as the live room, if in one: its headers are made again for each attempt (a proof is good once). */
async function asRoom(path: string, init: RequestInit): Promise<RequestInit> {
  const room = liveRoom;
  if (!room) return init;
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? init.body : '';
  const proof = await room.prove(method, path, body);
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      'x-keyplan-room': room.roomId,
      'x-keyplan-room-proof': proof,
    },
  };
}

// A browser's first request starts its session, and one address starts only so many a second (a room behind
// one NAT address arriving at once: server/quotas/request-quotas.ts). The server refuses those before doing
// anything, so the request is sent again a moment later, for up to this long, instead of the page failing
// until a reload.
const NEW_SESSION_RETRY_MS = 60_000;

/** A same-origin request: Offline when the server cannot be reached, the server's error when not ok. */
export async function send(path: string, init: RequestInit = {}, room = false): Promise<Response> {
  const started = Date.now();
  for (;;) {
    let response: Response;
    try {
      const attempt = room ? await asRoom(path, init) : init;
      response = await fetch(path, { credentials: 'same-origin', ...attempt });
    } catch (error) {
      throw new ApiClientError(
        0,
        'Offline',
        `The Keyplan server cannot be reached (${(error as Error).message}).`,
      );
    }
    if (response.ok) return response;
    const error = await toError(response);
    if (error.code !== 'TooManyNewSessions' || Date.now() - started > NEW_SESSION_RETRY_MS) throw error;
    await pause(1_000 + Math.random() * 1_000, init.signal);
  }
}

/** Waits, or rejects as fetch does once the signal aborts. */
function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

async function post<T>(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  const response = await send(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
      body: stringifyExactJson(body),
      signal: init.signal,
    },
    true,
  );
  return response as Response & { _type?: T };
}

/** An answer's JSON, numbers a double cannot hold kept as their digits. */
async function exactJson<T>(response: Response): Promise<T> {
  return parseExactJson(await response.text()) as T;
}

async function toError(response: Response): Promise<ApiClientError> {
  try {
    const { error } = (await response.json()) as {
      error: { code: string; message: string; details?: unknown };
    };
    return new ApiClientError(response.status, error.code, error.message, error.details);
  } catch {
    return new ApiClientError(response.status, 'HttpError', `${response.status} ${response.statusText}`);
  }
}

export async function getHealth(): Promise<HealthResponse> {
  return exactJson(await send('/api/health', {}, true));
}

/** The lessons the server was started with (`keyplan serve --lessons DIR`); none from a server without. */
export async function getLessons(): Promise<LessonsResponse> {
  return exactJson(await send('/api/lessons'));
}

/** Applies the design and loads its items, reporting load progress as the server streams it. */
export async function applyDesign(
  design: Design,
  options: {
    recreate?: boolean;
    /** Deletes the table's items that are not in the design (confirmed by the user). */
    replace?: boolean;
    onProgress?: (written: number, total: number) => void;
  } = {},
): Promise<ApplyResponse> {
  const response = await post(
    '/api/apply',
    { design, recreate: options.recreate, replace: options.replace },
    { headers: { accept: 'application/x-ndjson' } },
  );
  const reader = response.body?.getReader();
  if (!reader) throw new ApiClientError(500, 'NoBody', 'the server sent no answer');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.trim()) continue;
      const message = parseExactJson(line) as StreamLine<ApplyResponse>;
      if ('progress' in message) options.onProgress?.(message.progress.written, message.progress.total);
      else if ('result' in message) return message.result;
      else throw new ApiClientError(message.error.status, message.error.code, message.error.message);
    }
    if (done)
      throw new ApiClientError(500, 'Truncated', 'the server closed the connection before it finished');
  }
}

export async function runPattern(
  design: Design,
  patternId: string,
  options: { args?: Record<string, unknown>; limit?: number; exclusiveStartKey?: PlainItem } = {},
): Promise<RunResponse> {
  return exactJson(await post('/api/run', { design, patternId, ...options }));
}

export async function resetSession(): Promise<{ deleted: string[] }> {
  return exactJson(await post('/api/reset', {}));
}
