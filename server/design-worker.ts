// A process that checks the bodies carrying a large design (design-check.ts), so that the server's event
// loop never parses or validates one: it answers each job with its result, the items to write sent ahead
// in slices, each a message of its own, so that the server takes them between other requests. A process,
// not a thread: it runs at the lowest priority (design-workers.ts), its garbage collector's threads too, so
// on a shared core the event loop goes first.
import { checkDesignRequest, type DesignRoute } from './design-check.ts';
import type { Limits } from './limits.ts';

/** Items per message: a few milliseconds of the main thread's time to take in. */
const ITEMS_PER_MESSAGE = 2_000;

export interface DesignJob {
  id: number;
  route: DesignRoute;
  prefix: string;
  limits: Limits;
}

// As Buffer's toString on the small-body path: a byte-order mark stays (and JSON.parse refuses it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const send = process.send?.bind(process);
if (!send) throw new Error('design-worker.ts runs as a child process (design-workers.ts starts it)');
// A worker the server has ended (its job's client went away) or lost may still have answers on the way: a send
// to a closed channel (EPIPE) is dropped through the callback instead of crashing the worker, and a worker
// whose server is gone leaves.
const port = {
  postMessage: (message: unknown) => {
    if (process.connected) send(message, undefined, undefined, () => {});
  },
};
process.on('disconnect', () => process.exit(0));
// The body's chunks come first, then its job.
const chunks = new Map<number, Uint8Array[]>();
process.on('message', (job: DesignJob | { warmUp: true } | { id: number; chunk: Uint8Array }) => {
  if ('warmUp' in job) return void port.postMessage({ warm: true }); // the modules are loaded
  if ('chunk' in job) {
    const list = chunks.get(job.id) ?? [];
    list.push(job.chunk);
    return void chunks.set(job.id, list);
  }
  const { id, route, prefix, limits } = job;
  const bytes = Buffer.concat(chunks.get(id) ?? []);
  chunks.delete(id);
  const result = checkDesignRequest(route, decoder.decode(bytes), prefix, limits);
  if (result.kind === 'apply' && result.items) {
    const { items, ...rest } = result;
    for (let i = 0; i < items.length; i += ITEMS_PER_MESSAGE)
      port.postMessage({ id, items: items.slice(i, i + ITEMS_PER_MESSAGE) });
    port.postMessage({ id, result: { ...rest, items: [] } });
  } else if (result.kind === 'raw')
    // Not a design: the body goes back for the route to read.
    port.postMessage({ id, result: { ...result, bytes } });
  else port.postMessage({ id, result });
});
