// The workshop's server-sent event streams: each attendee's (presenter pushes, its reset, the end) and the
// presenter's room view. Bounded: a few streams per attendee and for the presenter (429 beyond), and a
// stream that holds more than `workshopStreamBufferBytes` unsent is dropped (a client that does not read
// must not make the server buffer without end; it reconnects and gets the whole state again). The room
// view's row updates are gathered for `workshopRoomUpdateMs` and sent as one event, so a change reaches the
// presenter within that time and a storm of reports costs a few events a second, not one per report.
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import {
  type AttendeeEvent,
  HEARTBEAT_MS,
  type PresenterEvent,
} from '../../src/core/contract/workshop-contract.ts';
import { stringifyExactJson } from '../../src/core/values/exact-json.ts';
import { ApiFailure } from '../errors.ts';
import type { Workshop } from './room.ts';
import type { AttendeeRecord, WorkshopChange } from './room-records.ts';

/** How often the room is looked at for attendees who became stuck (the stuck flag depends on time alone). */
const STUCK_SCAN_MS = 10_000;

export function eventText(event: AttendeeEvent | PresenterEvent): string {
  return `event: ${event.type}\ndata: ${stringifyExactJson(event)}\n\n`;
}

/** One open text/event-stream response. */
export class EventStream {
  readonly #raw: ServerResponse;
  readonly #maxBuffered: number;
  #closed = false;

  constructor(reply: FastifyReply, maxBuffered: number, onClose: () => void) {
    this.#raw = reply.raw;
    this.#maxBuffered = maxBuffered;
    // The headers set so far (the security headers are on the raw response already) go with the stream's.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) this.#raw.setHeader(name, value);
    reply.hijack();
    this.#raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    this.#raw.once('close', () => {
      this.#closed = true;
      onClose();
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Writes, unless the client has not taken what it was sent: then it is dropped. */
  write(text: string): void {
    if (this.#closed) return;
    if (this.#raw.writableLength > this.#maxBuffered) {
      this.#closed = true;
      this.#raw.destroy();
      return;
    }
    this.#raw.write(text);
  }

  end(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#raw.end();
  }
}

export class WorkshopStreams {
  readonly #workshop: Workshop;
  readonly #attendees = new Map<string, Set<EventStream>>();
  readonly #presenters = new Set<EventStream>();
  readonly #dirty = new Set<string>();
  /** Attendees the presenter removed since the last room update. */
  readonly #removed = new Set<string>();
  readonly #sentStuck = new Map<string, boolean>();
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #stuckScan: NodeJS.Timeout;

  constructor(workshop: Workshop) {
    this.#workshop = workshop;
    workshop.onChange((change) => this.#onChange(change));
    this.#heartbeat = setInterval(() => this.#broadcastAll(': heartbeat\n\n'), HEARTBEAT_MS);
    this.#heartbeat.unref();
    this.#stuckScan = setInterval(() => this.#scanStuck(), STUCK_SCAN_MS);
    this.#stuckScan.unref();
  }

  get #limits() {
    return this.#workshop.limits;
  }

  connected = (id: string): boolean => (this.#attendees.get(id)?.size ?? 0) > 0;

  /** Attendees with a stream open. */
  get reach(): number {
    let n = 0;
    for (const streams of this.#attendees.values()) if (streams.size > 0) n++;
    return n;
  }

  openAttendee(attendee: AttendeeRecord, reply: FastifyReply): EventStream {
    const streams = this.#attendees.get(attendee.id) ?? new Set<EventStream>();
    if (streams.size >= this.#limits.workshopAttendeeStreams)
      throw new ApiFailure(
        429,
        'TooManyStreams',
        `this attendee has ${this.#limits.workshopAttendeeStreams} event streams open, the most it may; close another tab`,
      );
    this.#attendees.set(attendee.id, streams);
    const stream = new EventStream(reply, this.#limits.workshopStreamBufferBytes, () => {
      streams.delete(stream);
      if (streams.size === 0) this.#attendees.delete(attendee.id);
      this.#markDirty(attendee.id);
    });
    streams.add(stream);
    stream.write(eventText({ type: 'hello', state: this.#workshop.state(attendee) }));
    this.#workshop.touch(attendee);
    return stream;
  }

  openPresenter(reply: FastifyReply): EventStream {
    if (this.#presenters.size >= this.#limits.workshopPresenterStreams)
      throw new ApiFailure(
        429,
        'TooManyStreams',
        `the presenter has ${this.#limits.workshopPresenterStreams} room streams open, the most it may`,
      );
    const stream = new EventStream(reply, this.#limits.workshopStreamBufferBytes, () =>
      this.#presenters.delete(stream),
    );
    this.#presenters.add(stream);
    stream.write(eventText({ type: 'room', ...this.#workshop.snapshot(this.connected) }));
    if (this.#workshop.ended) stream.write(eventText({ type: 'ended' }));
    return stream;
  }

  #onChange(change: WorkshopChange): void {
    if (change.kind === 'attendee') this.#markDirty(change.id);
    else if (change.kind === 'removed') this.#endAttendee(change.id);
    else if (change.kind === 'event') {
      const text = eventText(change.event);
      if (change.to === undefined) for (const streams of this.#attendees.values()) this.#send(streams, text);
      else this.#send(this.#attendees.get(change.to), text);
    } else {
      this.#send(this.#presenters, eventText({ type: 'room', ...this.#workshop.snapshot(this.connected) }));
      if (this.#workshop.ended) this.#send(this.#presenters, eventText({ type: 'ended' }));
    }
  }

  /** Tells a removed attendee's pages, closes their streams, and drops its row from the room view. */
  #endAttendee(id: string): void {
    const streams = this.#attendees.get(id);
    this.#attendees.delete(id);
    for (const stream of streams ?? []) {
      stream.write(eventText({ type: 'removed' }));
      stream.end();
    }
    this.#sentStuck.delete(id);
    this.#dirty.delete(id);
    this.#removed.add(id);
    this.#flushTimer ??= setTimeout(() => this.#flush(), this.#limits.workshopRoomUpdateMs);
  }

  #send(streams: Iterable<EventStream> | undefined, text: string): void {
    for (const stream of streams ?? []) stream.write(text);
  }

  #broadcastAll(text: string): void {
    this.#send(this.#presenters, text);
    for (const streams of this.#attendees.values()) this.#send(streams, text);
  }

  #markDirty(id: string): void {
    this.#dirty.add(id);
    this.#flushTimer ??= setTimeout(() => this.#flush(), this.#limits.workshopRoomUpdateMs);
  }

  #flush(): void {
    this.#flushTimer = undefined;
    const rows = [];
    for (const id of this.#dirty) {
      const attendee = this.#workshop.attendee(id);
      if (!attendee) continue;
      const row = this.#workshop.row(attendee, this.connected(id));
      this.#sentStuck.set(id, row.stuck);
      rows.push(row);
    }
    this.#dirty.clear();
    const removed = [...this.#removed];
    this.#removed.clear();
    if ((rows.length > 0 || removed.length > 0) && this.#presenters.size > 0)
      this.#send(this.#presenters, eventText({ type: 'attendees', attendees: rows, removed }));
  }

  #scanStuck(): void {
    for (const attendee of this.#workshop.attendees())
      if (this.#workshop.isStuck(attendee) !== (this.#sentStuck.get(attendee.id) ?? false))
        this.#markDirty(attendee.id);
  }

  /** Ends every stream (the server is closing) and stops the timers. */
  close(): void {
    clearInterval(this.#heartbeat);
    clearInterval(this.#stuckScan);
    clearTimeout(this.#flushTimer);
    for (const stream of this.#presenters) stream.end();
    for (const streams of this.#attendees.values()) for (const stream of streams) stream.end();
  }
}
