// Generates an entity's samples off the main thread (generate-samples.ts): 25,000 items take seconds, and
// the page stays responsive, shows progress and can cancel (by ending this worker). Designs and samples
// travel as exact JSON text: a structured clone would turn an ExactNumber into a plain object.
import { generateEntitySamples } from '../../core/items/generate/entity.ts';
import type { Design } from '../../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../core/values/exact-json.ts';
import { messageOf } from '../../core/values/text/message.ts';

export interface GenerateRequest {
  design: string;
  entity: string;
  count: number;
  seed: number;
}

export type GenerateMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; samples: string; result: ReturnType<typeof generateEntitySamples>['result'] }
  | { kind: 'failed'; message: string };

self.onmessage = (event: MessageEvent<GenerateRequest>) => {
  const { design, entity, count, seed } = event.data;
  const post = (message: GenerateMessage) => self.postMessage(message);
  try {
    const generated = generateEntitySamples(parseExactJson(design) as Design, entity, {
      count,
      seed,
      onProgress: (done, total) => post({ kind: 'progress', done, total }),
    });
    post({ kind: 'done', samples: stringifyExactJson(generated.samples), result: generated.result });
  } catch (error) {
    post({ kind: 'failed', message: messageOf(error) });
  }
};
