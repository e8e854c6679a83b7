// The app's path from a share link to a design (decodeSharedDesign, as openShareFromHash and Compare use it):
// a short link that asks for more items than a design may hold is refused with the limit named, before any
// item is generated, so the tab shows the refusal instead of freezing (#26 class 7).
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../../core/checks/validate.ts';
import { EXAMPLES } from '../../../core/features/examples/index.ts';
import { encodePayload } from '../../../core/features/share/share-link.ts';
import { MAX_DESIGN_ITEMS } from '../../../core/model/design-limits.ts';
import { decodeSharedDesign } from './open-shared.ts';

describe('#26 class 7: opening a share link in the app', () => {
  const checked = validateDesign(EXAMPLES[0].design);
  if (!checked.ok) throw new Error('the example is not valid');
  const design = { ...checked.design, items: {} };
  const entity = design.entities[0].name;

  it('refuses a link asking to regenerate 50,000,000 items, naming the limit, and opens one within it', async () => {
    const token = encodePayload({
      design,
      regenerate: { seed: 1, refDate: '2026-12-01', counts: { [entity]: 50_000_000 } },
    });
    await expect(decodeSharedDesign(token)).rejects.toThrow(
      `the link asks to generate 50,000,000 sample items, more than the ${MAX_DESIGN_ITEMS.toLocaleString('en-US')} a design may hold`,
    );
    const fine = encodePayload({
      design,
      regenerate: { seed: 1, refDate: '2026-12-01', counts: { [entity]: 5 } },
    });
    const opened = await decodeSharedDesign(fine);
    expect(opened.design.items[entity]).toHaveLength(5);
  });
});
