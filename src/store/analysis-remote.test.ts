import { describe, expect, it } from 'vitest';
import { costModel } from '../core/analysis/cost.ts';
import { estimateDesign } from '../core/analysis/estimate.ts';
import { lintDesign } from '../core/analysis/lint.ts';
import { validateDesign } from '../core/checks/validate.ts';
import { buildViewsFor } from '../core/indexes/views.ts';
import { setEntityKey } from '../core/model/ops/entities.ts';
import type { Design } from '../core/model/schema.ts';
import { ecommerceDesign } from '../core/test-support/analysis-designs.ts';
import { ExactNumber } from '../core/values/exact-json.ts';
import { type AnalysisPort, createAnalysisClient } from './analysis-remote.ts';
import { type AnalysisAnswer, type AnalysisRequest, createAnalyser } from './analysis-worker.ts';
import { patternStatuses } from './pattern-status.ts';

/** The worker, in process: messages cross a structured clone both ways and are answered when delivered. */
function inProcessWorker() {
  const analyse = createAnalyser();
  const queue: AnalysisRequest[] = [];
  const port: AnalysisPort = {
    postMessage: (request) => queue.push(structuredClone(request)),
    onmessage: null,
    onerror: null,
  };
  return {
    port,
    queue,
    /** Answers the oldest request waiting. */
    deliver() {
      const request = queue.shift();
      if (!request) throw new Error('no request waiting');
      port.onmessage?.({ data: structuredClone(analyse(request)) as AnalysisAnswer });
    },
  };
}

function withTemplate(design: Design, sk: string): Design {
  const [first, ...others] = design.entities;
  return { ...design, entities: [{ ...first, keys: { ...first.keys, SK: sk } }, ...others] };
}

describe('the analysis worker and its client', () => {
  it('analyses the design as the main thread would, keeps the last analysis shown and drops stale answers', () => {
    const base = ecommerceDesign();
    // An order total a double cannot hold: structured clone would turn the ExactNumber into a plain object
    // (validation would then refuse it, and lint report nothing).
    const items = {
      ...base.items,
      Order: base.items.Order.map((item, i) =>
        i === 0 ? { ...item, total: new ExactNumber('12345678901234567890.123') } : item,
      ),
    };
    const first: Design = { ...base, items };
    const worker = inProcessWorker();
    const client = createAnalysisClient(worker.port);
    let notified = 0;
    client.subscribe(() => notified++);

    client.request(first);
    expect(client.current()).toBeNull();
    worker.deliver();
    const views = buildViewsFor(first);
    const estimates = estimateDesign(first, views);
    expect(lintDesign(first).length).toBeGreaterThan(0);
    expect(client.current()).toEqual({
      design: first,
      problems: [],
      lint: lintDesign(first),
      estimates,
      cost: costModel(first, { estimates, views }),
      tablePerEntity: expect.any(Array),
      verdicts: expect.any(Object),
    });
    // Each pattern's verdict is what the main thread answers itself (against only the views it reads).
    const here = patternStatuses(first, []);
    expect(Object.keys(client.current()!.verdicts)).toEqual([...here.keys()]);
    for (const [id, status] of here) expect(client.current()!.verdicts[id]).toEqual(status);
    expect([...here.values()].some((s) => s.reason.startsWith('Returns'))).toBe(true);
    expect(notified).toBe(1);

    // Two edits while the worker is busy with the first: the first's analysis stays shown, the newest
    // edit goes next and the one in between is never sent; an edit of a key sends no items again.
    const second = withTemplate(first, 'EDITED#A');
    const third = withTemplate(first, 'EDITED#B');
    client.request(second);
    client.request(third);
    expect(worker.queue).toHaveLength(1);
    expect(worker.queue[0].items).toEqual({});
    expect(worker.queue[0].table).toBeUndefined();
    expect(client.current()?.design).toBe(first);
    worker.deliver();
    expect(client.current()?.design).toBe(second);
    expect(worker.queue).toHaveLength(1);
    worker.deliver();
    expect(client.current()?.design).toBe(third);
    expect(client.current()?.lint).toEqual(lintDesign(third));

    // Closed while its analysis runs: the answer is dropped; a design opened since is sent after it.
    client.request(first);
    client.request(null);
    expect(client.current()).toBeNull();
    const reopened = ecommerceDesign();
    client.request(reopened);
    worker.deliver();
    expect(client.current()).toBeNull();
    worker.deliver();
    expect(client.current()?.design).toBe(reopened);
    expect(client.current()?.lint).toEqual(lintDesign(reopened));

    // A template naming an attribute the entity lacks: the worker's validation says where, and lint waits.
    const broken = withTemplate(reopened, 'ORDER#{noSuchAttribute}');
    client.request(broken);
    worker.deliver();
    expect(client.current()?.problems).toEqual(validateDesign(broken).problems);
    expect(client.current()?.problems).toContainEqual(
      expect.objectContaining({ path: 'entities[0].keys.SK' }),
    );
    expect(client.current()?.lint).toEqual([]);

    // A template half typed may not be costed (the cost model and the table-per-entity comparison throw on
    // it): its problems still come back, and the last costs stand.
    const unclosed = setEntityKey(reopened, 'Order', 'SK', 'DETAILS#{status');
    client.request(unclosed);
    worker.deliver();
    expect(client.current()?.design).toBe(unclosed);
    expect(client.current()?.problems).toEqual([
      expect.objectContaining({ path: 'entities[1].keys.SK', message: expect.stringContaining('unclosed') }),
    ]);
    expect(client.current()?.cost).not.toBeNull();
  });
});
