// The presenter key of the room view, out of the address bar: the room view is made to be projected, so the
// key the presenter URL carries in its fragment is read once, kept in this tab's sessionStorage (a reload
// of the room view still opens the room; another tab or a closed one does not keep it) and the fragment is
// dropped with history.replaceState. A browser that refuses sessionStorage keeps the fragment, so the room
// view still works after a reload.
import { presenterKeyOf } from '../../../api/workshop-client.ts';

const STORAGE_KEY = 'keyplan:presenter-key';

/** The key from the URL's fragment (then moved out of it) or from this tab's storage; null without one. */
export function takePresenterKey(): string | null {
  const fromUrl = presenterKeyOf(window.location.hash);
  if (fromUrl) {
    try {
      sessionStorage.setItem(STORAGE_KEY, fromUrl);
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    } catch {
      // Storage refused: the fragment stays, the only place the key is.
    }
    return fromUrl;
  }
  try {
    return presenterKeyOf(`#key=${sessionStorage.getItem(STORAGE_KEY) ?? ''}`);
  } catch {
    return null;
  }
}

/** Forgets a key the server refused, so the page asks for the presenter URL again. */
export function forgetPresenterKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
