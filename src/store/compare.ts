// Compare mode: the design on screen against another version of it (the one last applied to DynamoDB, a
// file, a share link). The comparison follows the settled design (derived.ts), never every keystroke, and
// runs in a Web Worker (compare-worker.ts) where there is one; the last comparison stays shown until the
// next arrives. `compareOnce` is the same computation for a single question (Apply's plan check).
import { create } from 'zustand';
import type { Design } from '../core/model/schema.ts';
import { stringifyExactJson } from '../core/values/exact-json.ts';
import { messageOf } from '../core/values/text/message.ts';
import type { Comparison } from './compare-core.ts';
import type { CompareAnswer, CompareRequest } from './compare-worker.ts';
import { settledDesign, subscribeSettledDesign } from './derived.ts';
import { designParts, type SentParts } from './design-parts.ts';

export type CompareSourceKind = 'applied' | 'file' | 'link';

export interface CompareSource {
  kind: CompareSourceKind;
  /** What it is, for people: `applied version`, a file name, `share link`. */
  label: string;
  design: Design;
}

export interface CompareState {
  source: CompareSource | null;
  /** The last comparison that arrived, and the design on screen it is of. */
  result: { comparison: Comparison; design: Design } | null;
  computing: boolean;
  error: string | null;
}

export const useCompare = create<CompareState>()(() => ({
  source: null,
  result: null,
  computing: false,
  error: null,
}));

// --- the worker ---------------------------------------------------------------------------------------

interface Pending {
  resolve: (comparison: Comparison) => void;
  reject: (error: Error) => void;
}

interface WorkerLink {
  worker: Worker;
  pending: Map<number, Pending>;
  sent: SentParts & { old?: Design };
  lastId: number;
}

let link: WorkerLink | null | undefined;

function workerLink(): WorkerLink | null {
  if (link !== undefined) return link;
  if (typeof Worker !== 'function') {
    link = null;
    return link;
  }
  const worker = new Worker(new URL('./compare-worker.ts', import.meta.url), { type: 'module' });
  const created: WorkerLink = { worker, pending: new Map(), sent: { lists: new Map() }, lastId: 0 };
  worker.onmessage = ({ data }: { data: CompareAnswer }) => {
    const waiting = created.pending.get(data.id);
    created.pending.delete(data.id);
    if (!waiting) return;
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.comparison);
  };
  worker.onerror = (event) => {
    console.error('the compare worker failed; comparing on the main thread', event);
    for (const waiting of created.pending.values()) waiting.reject(new Error('the compare worker failed'));
    created.pending.clear();
    link = null;
  };
  link = created;
  return link;
}

function sendToWorker(port: WorkerLink, old: Design, next: Design): Promise<Comparison> {
  const request: CompareRequest = designParts(++port.lastId, next, port.sent);
  if (old !== port.sent.old) request.old = stringifyExactJson(old);
  port.sent.old = old;
  return new Promise((resolve, reject) => {
    port.pending.set(request.id, { resolve, reject });
    port.worker.postMessage(request);
  });
}

/** Compares `old` (another version) with `next` (the design on screen), off the main thread where possible. */
export async function compareOnce(old: Design, next: Design): Promise<Comparison> {
  const port = workerLink();
  if (port) return sendToWorker(port, old, next);
  const core = await import('./compare-core.ts');
  return core.compareDesigns(old, next);
}

// --- compare mode -------------------------------------------------------------------------------------

let inFlight: Design | null = null;
let wanted: Design | null = null;
let session = 0;

function run(design: Design): void {
  const { source } = useCompare.getState();
  if (!source) return;
  inFlight = design;
  const mine = session;
  useCompare.setState({ computing: true });
  compareOnce(source.design, design)
    .then(
      (comparison) => {
        if (mine !== session) return;
        useCompare.setState({ result: { comparison, design }, error: null });
      },
      (error: unknown) => {
        if (mine !== session) return;
        useCompare.setState({ error: messageOf(error) });
      },
    )
    .finally(() => {
      if (mine !== session) return;
      inFlight = null;
      // The newest settled design waiting goes next.
      if (wanted && wanted !== design) run(wanted);
      else useCompare.setState({ computing: false });
    });
}

function request(design: Design | null): void {
  wanted = design;
  if (!design) {
    stopCompare();
    return;
  }
  if (!inFlight) run(design);
}

let unsubscribe: (() => void) | null = null;

/** Starts comparing the design on screen with `source` (replacing any other comparison). */
export function startCompare(source: CompareSource): void {
  session++;
  inFlight = null;
  useCompare.setState({ source, result: null, computing: false, error: null });
  unsubscribe ??= subscribeSettledDesign(request);
  request(settledDesign());
}

export function stopCompare(): void {
  session++;
  inFlight = null;
  wanted = null;
  unsubscribe?.();
  unsubscribe = null;
  useCompare.setState({ source: null, result: null, computing: false, error: null });
}
