// When the autosave fails (storage full, refused): a banner over the workspace and a status-bar state, at
// once, with a way to keep the work: save it to a file. The last version saved in the browser stays as it was.
import { useAutosave } from '../../../store/autosave.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { downloadDesign } from '../../hooks/design-file.ts';

function saveToFile() {
  const design = useStore.getState().design;
  if (design) downloadDesign(design);
}

export function AutosaveBanner() {
  const error = useAutosave((s) => (s.status === 'error' ? s.error : null));
  if (error === null) return null;
  return (
    <div className="banner banner-error autosave-banner" role="alert" data-testid="autosave.banner">
      <Icon name="warn" />
      <span>
        <strong>Not saved — save to a file.</strong> {error} Your changes since the last save are only in this
        page; the browser keeps the version saved before them.
      </span>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        data-testid="autosave.save"
        onClick={saveToFile}
      >
        Save file
      </button>
    </div>
  );
}

/** The status bar's word on the autosave, shown only when it failed. */
export function AutosaveStatus() {
  const error = useAutosave((s) => (s.status === 'error' ? s.error : null));
  if (error === null) return null;
  return (
    <>
      <button
        type="button"
        className="statusbar-unsaved"
        data-testid="status.autosave"
        title={`${error} Click to save the design to a file.`}
        onClick={saveToFile}
      >
        <Icon name="warn" size={12} />
        Not saved
      </button>
      <span className="statusbar-sep">·</span>
    </>
  );
}
