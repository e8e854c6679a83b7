// The first screen of a browser that has not joined the workshop this server runs: the join code (from the
// presenter's screen, or already in the join URL) and a display name. Nothing else of the app is reachable
// until the server accepts the code.
import { useId, useRef, useState } from 'react';
import { messageOf } from '../../../core/values/text/message.ts';
import { Icon } from '../../components/icon.tsx';
import '../start/start.css';
import './workshop.css';

export interface JoinPageProps {
  /** The code the join URL carried (`?code=`), so a scanned QR code only asks for a name. */
  initialCode?: string;
  /** Resolves when joined; rejects with the message to show (a wrong code, a full room…). */
  onJoin: (code: string, name: string) => Promise<void>;
  /** The workshop has ended: the page says so instead of offering to join. */
  ended?: boolean;
  /** The presenter removed this browser's attendee: said above the form (a new join is refused). */
  removed?: boolean;
}

const MAX_NAME = 40;

export function JoinPage({ initialCode = '', onJoin, ended = false, removed = false }: JoinPageProps) {
  const [code, setCode] = useState(initialCode.toUpperCase());
  const [name, setName] = useState('');
  const [error, setError] = useState<{ field: 'code' | 'name' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = { code: useId(), name: useId(), error: useId() };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmedCode = code.trim();
    const trimmedName = name.trim();
    if (!trimmedCode) {
      setError({ field: 'code', message: 'Enter the join code shown on the presenter’s screen.' });
      codeRef.current?.focus();
      return;
    }
    if (!trimmedName) {
      setError({ field: 'name', message: 'Enter the name the presenter will see.' });
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onJoin(trimmedCode, trimmedName);
    } catch (failure) {
      const message = messageOf(failure);
      const field = /code/i.test(message) ? 'code' : /name/i.test(message) ? 'name' : 'form';
      setError({ field, message });
      (field === 'name' ? nameRef : codeRef).current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="start workshop-join-page">
      <main className="workshop-join" aria-labelledby="join-title" data-testid="workshop.join">
        <header className="start-header">
          <svg width="32" height="32" viewBox="0 0 18 18" aria-hidden="true">
            <rect x="1.5" y="1.5" width="15" height="15" rx="3.5" fill="var(--accent)" />
            <path d="M5.5 5.5h7M5.5 9h4.5M5.5 12.5h7" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <div>
            <h1 id="join-title">Join the workshop</h1>
            <p>This Keyplan server is running a workshop. Enter the code the presenter shows.</p>
          </div>
        </header>
        {removed && !ended && (
          <p className="banner banner-warn start-banner" role="status" data-testid="workshop.removed">
            <Icon name="info" /> The presenter removed you from this workshop.
          </p>
        )}
        {ended ? (
          <p className="banner banner-warn start-banner" role="status" data-testid="workshop.ended">
            <Icon name="info" /> The workshop has ended. Thank you for taking part.
          </p>
        ) : (
          <form className="workshop-join-form" onSubmit={(e) => void submit(e)} noValidate>
            <label className="field" htmlFor={ids.code}>
              Join code
              <input
                id={ids.code}
                ref={codeRef}
                className="input mono workshop-code-input"
                data-testid="workshop.join.code"
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={16}
                // biome-ignore lint/a11y/noAutofocus: the only thing to do on this page
                autoFocus={!initialCode}
                aria-invalid={error?.field === 'code' || undefined}
                aria-describedby={error?.field === 'code' ? ids.error : undefined}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
              />
            </label>
            <label className="field" htmlFor={ids.name}>
              Your name
              <input
                id={ids.name}
                ref={nameRef}
                className="input"
                data-testid="workshop.join.name"
                value={name}
                autoComplete="nickname"
                maxLength={MAX_NAME}
                // biome-ignore lint/a11y/noAutofocus: the code came with the link
                autoFocus={!!initialCode}
                aria-invalid={error?.field === 'name' || undefined}
                aria-describedby={error?.field === 'name' ? ids.error : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              <span className="field-hint">Shown to the presenter beside your progress.</span>
            </label>
            {error && (
              <p
                id={ids.error}
                className="field-error workshop-join-error"
                role="alert"
                data-testid="workshop.join.error"
              >
                {error.message}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary workshop-join-submit"
              data-testid="workshop.join.submit"
              aria-disabled={busy || undefined}
            >
              {busy ? 'Joining…' : 'Join'}
            </button>
          </form>
        )}
        <p className="start-footnote">
          Your design is kept on this workshop’s server so the presenter can follow your progress; other
          attendees cannot see it.
        </p>
      </main>
    </div>
  );
}
