// Adding generated samples to an entity. The generator (faker and its locale data) is large, so it loads on
// first use and never weighs on the first screen; a large batch runs in a Web Worker (generate-worker.ts),
// reporting progress and cancellable, so the page never freezes while 25,000 items are made.
import type { GenerateResult } from '../../core/items/generate/report.ts';
import { setSamples } from '../../core/model/ops/index.ts';
import type { Design, SampleValues } from '../../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../core/values/exact-json.ts';
import { messageOf } from '../../core/values/text/message.ts';
import { useStore } from '../../store/index.ts';
import type { GenerateMessage, GenerateRequest } from './generate-worker.ts';

/** Batches at least this large are generated in a worker; smaller ones take a few ms on the page. */
export const WORKER_GENERATE_MIN = 500;

export interface GenerateControl {
  /** Entities of the design generated so far (the generator makes the whole design's), when known. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the generation; nothing is added. */
  signal?: AbortSignal;
}

// A seed from the entity's place and sample count: the same clicks give the same items.
function seedOf(design: Design, entity: string): number {
  const existing = design.items[entity] ?? [];
  return existing.length * 31 + design.entities.findIndex((e) => e.name === entity) + 1;
}

/** The samples and result from a worker, or null when cancelled. */
function generateInWorker(
  request: GenerateRequest,
  { onProgress, signal }: GenerateControl,
): Promise<{ samples: SampleValues[]; result: GenerateResult } | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./generate-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      resolve(null);
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<GenerateMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') return onProgress?.(message.done, message.total);
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if (message.kind === 'failed') reject(new Error(message.message));
      else resolve({ samples: parseExactJson(message.samples) as SampleValues[], result: message.result });
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'the generator stopped'));
    };
    worker.postMessage(request);
  });
}

/**
 * Appends up to `count` generated samples to the entity as one undo step. The result says how many were
 * added and, when fewer than `count`, why; undefined (with opError set) if the store refused the edit, null
 * when cancelled.
 */
export async function addGeneratedSamples(
  entity: string,
  count: number,
  control: GenerateControl = {},
): Promise<GenerateResult | undefined | null> {
  const { generateEntitySamples } = await import('../../core/items/generate/entity.ts');
  const before = useStore.getState().design;
  let generated: { samples: SampleValues[]; result: GenerateResult } | undefined;
  if (before && count >= WORKER_GENERATE_MIN && typeof Worker !== 'undefined') {
    const request = { design: stringifyExactJson(before), entity, count, seed: seedOf(before, entity) };
    let fromWorker: Awaited<ReturnType<typeof generateInWorker>>;
    try {
      fromWorker = await generateInWorker(request, control);
    } catch (error) {
      useStore.setState({ opError: messageOf(error) });
      return undefined;
    }
    if (fromWorker === null) return null;
    generated = fromWorker;
  }
  let result: GenerateResult | undefined;
  const committed = useStore.getState().commit((design) => {
    const existing = design.items[entity] ?? [];
    // Made for the design as it was: if that changed meanwhile, generated again here for this one.
    const made =
      generated && design.items === before?.items && design.entities === before.entities
        ? generated
        : generateEntitySamples(design, entity, { count, seed: seedOf(design, entity) });
    result = made.result;
    if (made.samples.length === 0) return design;
    return setSamples(design, entity, [...existing, ...made.samples]);
  });
  return committed ? result : undefined;
}

/** Replaces every entity's samples with `count` generated ones, as one undo step. */
export async function seedWholeDesign(count: number): Promise<boolean> {
  const { seedDesign } = await import('../../core/items/generate/generate.ts');
  return useStore.getState().commit((design) => seedDesign(design, { count }));
}
