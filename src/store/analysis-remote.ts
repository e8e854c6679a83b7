// The main thread's side of the analysis worker (analysis-worker.ts): sends the settled design, one request
// in flight at a time (the newest design waiting goes next), and keeps the last analysis shown until the
// next one arrives. An answer to anything but the last request sent, or to a design since closed, is dropped.
import type { Design } from '../core/model/schema.ts';
import type { RemoteAnalysis } from './analysis-lint.ts';
import type { AnalysisAnswer, AnalysisRequest } from './analysis-worker.ts';
import { designParts, type SentParts } from './design-parts.ts';

/** An analysis and the design it is of (which may be older than the design shown). */
export interface Analysed extends RemoteAnalysis {
  design: Design;
}

/** What the client needs of a Worker. */
export interface AnalysisPort {
  postMessage(request: AnalysisRequest): void;
  onmessage: ((event: { data: AnalysisAnswer }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface AnalysisClient {
  /** Asks for the analysis of a design (null: the design was closed, nothing to show). */
  request(design: Design | null): void;
  /** The newest analysis that has arrived; null before the first one. */
  current(): Analysed | null;
  subscribe(listener: () => void): () => void;
  /** True once the worker failed to run: the caller analyses on the main thread instead. */
  failed(): boolean;
}

export function createAnalysisClient(port: AnalysisPort): AnalysisClient {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let analysed: Analysed | null = null;
  let wanted: Design | null = null;
  let inFlight: { id: number; design: Design; session: number } | null = null;
  let lastId = 0;
  let session = 0;
  let broken = false;
  // What the worker holds: the parts of the last design sent.
  const sent: SentParts = { lists: new Map() };

  function send(design: Design): void {
    const request = designParts(++lastId, design, sent);
    inFlight = { id: request.id, design, session };
    port.postMessage(request);
  }

  port.onmessage = ({ data }) => {
    const answered = inFlight;
    if (!answered || data.id !== lastId || data.id !== answered.id) return;
    inFlight = null;
    if (answered.session === session) {
      if ('error' in data) console.error('analysis failed', data.error);
      else {
        // Estimates the worker could not make (the design does not validate): the last ones stand.
        const { estimates, cost, tablePerEntity } = data.analysis;
        analysed = {
          design: answered.design,
          ...data.analysis,
          estimates: estimates ?? analysed?.estimates ?? null,
          cost: cost ?? analysed?.cost ?? null,
          tablePerEntity: tablePerEntity ?? analysed?.tablePerEntity ?? null,
        };
        notify();
      }
    }
    if (wanted && wanted !== answered.design) send(wanted);
  };
  port.onerror = (event) => {
    console.error('the analysis worker failed; analysing on the main thread', event);
    broken = true;
    notify();
  };

  return {
    request(design) {
      if (design === wanted) return;
      wanted = design;
      if (!design) {
        session++;
        analysed = null;
        notify();
      } else if (!inFlight) send(design);
    },
    current: () => analysed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failed: () => broken,
  };
}
