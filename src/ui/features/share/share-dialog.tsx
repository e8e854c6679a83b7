// File › Copy link: the design as a link whose fragment holds it (core/features/share/share-link.ts). Says the link's
// size, whether the sample items travel in it or regenerate from a seed, and warns before it is too long for
// chat tools (CHAT_SAFE_LINK_CHARS) or for a browser (BROWSER_LINK_CHARS).
import { useMemo, useState } from 'react';
import {
  BROWSER_LINK_CHARS,
  CHAT_SAFE_LINK_CHARS,
  type EncodedShare,
  encodeShare,
  SHARE_PARAM,
} from '../../../core/features/share/share-link.ts';
import { designItemCount } from '../../../core/model/design-limits.ts';
import type { Design } from '../../../core/model/schema.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { Modal } from '../../components/modal.tsx';
import { CopyButton } from '../export/copy-button.tsx';
import { closeShareDialog } from './share-state.ts';
import './share.css';

type Encoded = { ok: true; link: string; share: EncodedShare } | { ok: false; message: string };

function encode(design: Design, base: string, forceItems: boolean): Encoded {
  try {
    const share = encodeShare(design, { base, forceItems });
    return { ok: true, link: base + share.token, share };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** `5,301 characters (5.2 kB)`. */
export function linkSize(chars: number): string {
  const kb = chars / 1000;
  return `${count(chars)} characters (${kb < 10 ? kb.toFixed(1) : Math.round(kb)} kB)`;
}

export default function ShareDialog() {
  const design = useStore((s) => s.design);
  const [forceItems, setForceItems] = useState(false);
  const base = `${window.location.origin}${window.location.pathname}#${SHARE_PARAM}=`;
  const result = useMemo(
    () => (design ? encode(design, base, forceItems) : null),
    [design, base, forceItems],
  );
  // With the items left out: how long the link would be with them, for the choice to include them anyway.
  const withItems = useMemo(
    () =>
      design && result?.ok && result.share.regenerate && !forceItems ? encode(design, base, true) : null,
    [design, base, result, forceItems],
  );
  if (!design || !result) return null;
  const items = designItemCount(design);
  const comments = design.comments?.length ?? 0;
  return (
    <Modal
      className="share-modal"
      testId="share.dialog"
      onClose={closeShareDialog}
      initialFocus='[data-testid="share.copy"]'
      title="Copy link"
      header={{ closeTestId: 'share.close' }}
    >
      <div className="share-body">
        {result.ok ? (
          <>
            <div className="share-link-row">
              <input
                className="input mono share-link"
                readOnly
                value={result.link}
                aria-label="Share link"
                data-testid="share.link"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton
                text={result.link}
                label="Copy the link"
                testId="share.copy"
                className="btn btn-primary"
              />
            </div>
            <ul className="share-facts">
              <li data-testid="share.size">
                <strong>{linkSize(result.link.length)}</strong>
              </li>
              <li data-testid="share.items">
                {result.share.regenerate
                  ? `Items regenerate from seed ${result.share.regenerate.seed}: the ${count(items)} sample items do not fit a chat-safe link, so the recipient sees as many generated ones (the same for everyone), not these.`
                  : items > 0
                    ? `Includes ${count(result.share.includedItems)} sample items.`
                    : 'No sample items.'}
                {comments > 0 && ` Includes ${plural(comments, 'comment', undefined, count)}.`}
              </li>
            </ul>
            {result.link.length > CHAT_SAFE_LINK_CHARS && (
              <p className="banner banner-warn share-warn" role="note" data-testid="share.warning">
                <Icon name="warn" />
                <span>
                  Longer than {count(CHAT_SAFE_LINK_CHARS)} characters: chat tools and issue trackers may cut
                  it, and a cut link does not open. Browsers open links up to {count(BROWSER_LINK_CHARS)}{' '}
                  characters. For a long design, send the file (File › Save file).
                </span>
              </p>
            )}
            {(forceItems || withItems?.ok) && (
              <label className="share-check">
                <input
                  type="checkbox"
                  checked={forceItems}
                  data-testid="share.includeItems"
                  onChange={(event) => setForceItems(event.currentTarget.checked)}
                />
                Include the {count(items)} sample items anyway
                {withItems?.ok && ` (a link of ${linkSize(withItems.link.length)})`}
              </label>
            )}
          </>
        ) : (
          <p className="banner banner-error" role="alert" data-testid="share.error">
            <Icon name="error" />
            <span>This design cannot be shared as a link: {result.message}.</span>
          </p>
        )}
        <p className="field-hint share-privacy">
          The design travels in the link itself, after the “#”: browsers never send that part to a server, and
          Keyplan stores nothing. Anyone who has the link can read the design.
        </p>
      </div>
    </Modal>
  );
}
