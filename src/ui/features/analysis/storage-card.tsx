// Storage: each entity's expected item count (saved in the design, setEntityExpectedItems), its average
// item size from the samples, and the bytes it takes in the table and its indexes.
import type { StorageEstimate } from '../../../core/analysis/storage.ts';
import { setEntityExpectedItems } from '../../../core/model/ops/entities.ts';
import type { Design } from '../../../core/model/schema.ts';
import { CommitInput } from '../../components/commit-input.tsx';
import { entityColorOf } from '../../entity-colors.ts';
import { commitOrToast } from '../shell/actions.ts';
import { formatStorage, formatUsd, parseCount } from './format.ts';

export function StorageCard({ design, storage }: { design: Design; storage: StorageEstimate }) {
  return (
    <section className="cost-card" aria-label="Storage" data-testid="cost.storage">
      <h3 className="cost-card-title">
        Storage <span className="cost-card-figure">{formatUsd(storage.monthly)} / mo</span>
      </h3>
      <table className="cost-mini">
        <thead>
          <tr>
            <th>Entity</th>
            <th className="num">Items</th>
            <th className="num" title="Average size of its sample items">
              Avg item
            </th>
            <th className="num" title="Table and index bytes, 100 bytes of overhead each">
              Stored
            </th>
          </tr>
        </thead>
        <tbody>
          {storage.entities.map((e) => {
            const stored = e.tableBytes + Object.values(e.indexBytes).reduce((a, b) => a + b, 0);
            return (
              <tr key={e.entity}>
                <td>
                  <span className="cost-entity">
                    <span
                      className="chip-dot"
                      style={{ background: entityColorOf(design.entities, e.entity) }}
                    />
                    {e.entity}
                  </span>
                </td>
                <td className="num">
                  <CommitInput
                    value={e.items === undefined ? '' : String(e.items)}
                    className="input cost-items-input"
                    inputMode="numeric"
                    placeholder="how many?"
                    aria-label={`Expected ${e.entity} items`}
                    testId={`cost.items.${e.entity}`}
                    onCommit={(text) => {
                      const parsed = parseCount(text);
                      if ('error' in parsed) return parsed.error;
                      return commitOrToast((d) => setEntityExpectedItems(d, e.entity, parsed.count));
                    }}
                  />
                </td>
                <td className="num">
                  {e.averageItemBytes === undefined ? (
                    <span className="cost-faint" title="No sample items to measure">
                      —
                    </span>
                  ) : (
                    formatStorage(e.averageItemBytes)
                  )}
                </td>
                <td className="num" data-testid={`cost.stored.${e.entity}`}>
                  {stored > 0 ? formatStorage(stored) : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {design.entities.length === 0 && <p className="cost-faint">No entities yet.</p>}
    </section>
  );
}
