// The share feature's own state: whether the Copy link dialog is open, and what the shared design on screen
// was opened from (for the banner).
import { create } from 'zustand';
import type { RegenerateSpec } from '../../../core/features/share/share-link.ts';

export interface ShareState {
  dialogOpen: boolean;
  /** The link the shared view came from: items it held, or how they were regenerated. */
  opened: { includedItems: number; regenerate?: RegenerateSpec } | null;
}

export const useShareState = create<ShareState>()(() => ({ dialogOpen: false, opened: null }));

export function openShareDialog(): void {
  useShareState.setState({ dialogOpen: true });
}

export function closeShareDialog(): void {
  useShareState.setState({ dialogOpen: false });
}
