// Server-sent events read with fetch (EventSource cannot send an Authorization header, which the presenter's
// stream needs), reconnecting after a drop with a growing pause (0.5 s, doubling to 5 s) until closed.
// Each event's data is parsed as exact JSON (src/core/values/exact-json.ts): designs keep every digit.
import { parseExactJson } from '../core/values/exact-json.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface StreamEvent {
  /** The `event:` field ('message' when absent). */
  type: string;
  data: unknown;
}

export interface EventStreamOptions {
  headers?: Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  onState?: (state: StreamState) => void;
  /**
   * An answer that is not a stream (401/403/404…): the stream stops there (no retry) and this is told the
   * status, e.g. to show the join page again.
   */
  onRefused?: (status: number) => void;
}

/** Parses SSE text into events; returns the unparsed tail (an event not yet ended by a blank line). */
export function parseEventStream(buffer: string, emit: (event: StreamEvent) => void): string {
  // A trailing CR may be the first half of a CRLF: it waits for the next chunk.
  const held = buffer.endsWith('\r') ? '\r' : '';
  const blocks = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, '\n').split('\n\n');
  const rest = (blocks.pop() ?? '') + held;
  for (const block of blocks) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = parseExactJson(text);
    } catch {
      // Not JSON: the text as it came.
    }
    emit({ type, data: parsed });
  }
  return rest;
}

/** Opens the stream at `url`; the returned function closes it for good. */
export function openEventStream(url: string, options: EventStreamOptions): () => void {
  let closed = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pause = 500;
  const state = (s: StreamState) => !closed && options.onState?.(s);

  const connect = async () => {
    controller = new AbortController();
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...(options.headers ?? {}) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        if (response.status >= 400 && response.status < 500) {
          closed = true;
          options.onState?.('closed');
          options.onRefused?.(response.status);
          return;
        }
        throw new Error(`${response.status}`);
      }
      state('live');
      pause = 500;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer = parseEventStream(buffer + decoder.decode(value, { stream: true }), (event) => {
          if (!closed) options.onEvent(event);
        });
      }
    } catch {
      // Dropped or unreachable: try again below.
    }
    if (closed) return;
    state('reconnecting');
    timer = setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, 5000);
  };

  state('connecting');
  void connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
