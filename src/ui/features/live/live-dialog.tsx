// The live session's dialog: the invite link (the room key in its fragment), your name in the room, and
// leaving. Opened by File › Start a live session and by the status bar's indicator.
import { leaveLiveSession } from '../../../store/live-session.ts';
import { inviteUrl, setMyName, useLive } from '../../../store/live-state.ts';
import { Icon } from '../../components/icon.tsx';
import { Modal } from '../../components/modal.tsx';
import { CopyButton } from '../export/copy-button.tsx';
import './live.css';

const close = () => useLive.setState({ dialogOpen: false });

export default function LiveDialog() {
  const link = useLive((s) => s.link);
  const me = useLive((s) => s.me);
  const error = useLive((s) => s.error);
  const others = useLive((s) => s.others);
  const url = link ? inviteUrl(link) : '';
  return (
    <Modal
      className="live-modal"
      testId="live.dialog"
      onClose={close}
      initialFocus='[data-testid="live.copy"]'
      title="Live session"
      header={{ className: 'live-head' }}
    >
      <div className="live-body">
        {error && (
          <p className="banner banner-error" role="alert" data-testid="live.error">
            <Icon name="error" />
            <span>{error}</span>
          </p>
        )}
        {link && (
          <>
            <p>Anyone with this link edits this design with you, live:</p>
            <div className="live-link-row">
              <input
                className="input mono live-link"
                readOnly
                value={url}
                aria-label="Invite link"
                data-testid="live.link"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton text={url} label="Copy the link" testId="live.copy" className="btn btn-primary" />
            </div>
            <label className="live-name">
              Your name in the room
              <input
                className="input"
                value={me.name}
                maxLength={40}
                data-testid="live.name"
                onChange={(event) => setMyName(event.currentTarget.value)}
              />
            </label>
            <p className="field-hint">
              {others.length === 0
                ? 'Nobody else is here yet.'
                : `Here: ${others.map((p) => p.name).join(', ')}.`}{' '}
              The design is encrypted in this browser with a key that is only in the link, after the “#”
              (never sent to a server): the server relays and keeps ciphertext. Undo undoes your own edits.
              Rooms expire after a day unused.
            </p>
            <button
              type="button"
              className="btn"
              data-testid="live.leave"
              onClick={() => {
                leaveLiveSession();
                close();
              }}
            >
              Leave the session
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
