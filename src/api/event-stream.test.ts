import { describe, expect, it } from 'vitest';
import { parseEventStream, type StreamEvent } from './event-stream.ts';

describe('parseEventStream', () => {
  it('reads events split anywhere across chunks, skips heartbeats and keeps every digit of a number', () => {
    const text =
      ': heartbeat\n\nevent: hello\ndata: {"state":{"n":1}}\n\n' +
      'event: design\r\ndata: {"design":{"price":12345678901234567890.5}}\r\n\r\n' +
      'data: {"type":"ended"}\n\n';
    const events: StreamEvent[] = [];
    let buffer = '';
    // One character at a time: every split point of the stream.
    for (const char of text) buffer = parseEventStream(buffer + char, (e) => events.push(e));
    expect(buffer).toBe('');
    expect(events.map((e) => e.type)).toEqual(['hello', 'design', 'message']);
    expect(events[0].data).toEqual({ state: { n: 1 } });
    const price = (events[1].data as { design: { price: unknown } }).design.price;
    expect(String(price)).toBe('12345678901234567890.5');
  });
});
