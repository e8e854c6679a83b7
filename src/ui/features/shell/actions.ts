// Document actions the top bar, the start screen and the shortcuts share: open, save, new.
import type { FormatInfo } from '../../../core/io/catalogue.ts';
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import { blankDesign } from '../../../core/model/ops/table.ts';
import type { Design } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { dismissToasts, showToast } from '../../components/toast.tsx';
import { pickDesignFile, readFormatFile } from '../../hooks/design-file.ts';
import { loadExample } from '../start/examples.ts';

function open(design: Design, what: string) {
  const hadDesign = useStore.getState().design !== null;
  dismissToasts('error');
  useStore.getState().openDesign(design);
  useStore.getState().select({ kind: 'table' });
  useStore.getState().setActiveView(TABLE_INDEX);
  if (hadDesign)
    showToast({
      message: `Opened ${what}`,
      action: { label: 'Undo', run: () => useStore.getState().undo() },
    });
}

export function newBlankDesign(): void {
  open(blankDesign(), 'a blank design');
}

export function openExample(name: string, withItems: boolean): void {
  open(loadExample(name, withItems), `the ${name} example`);
}

export async function openDesignFromFile(): Promise<void> {
  const result = await pickDesignFile();
  if (!result) return;
  if (!result.ok) {
    showToast({ message: result.message, tone: 'error' });
    return;
  }
  open(result.design, result.fileName);
}

/**
 * Imports a file of a text format (File › Import): the design opens as any other (Undo brings the previous
 * one back) and what did not map is said in a toast.
 */
export async function importFromFile(format: FormatInfo): Promise<void> {
  const result = await pickDesignFile(
    readFormatFile(format.id),
    [...format.extensions, 'application/json'].join(','),
  );
  if (!result) return;
  if (!result.ok) {
    showToast({ message: result.message, tone: 'error' });
    return;
  }
  open(result.design, `${result.fileName} (${format.label})`);
  if (result.warnings?.length)
    showToast({
      message: `Imported with notes: ${result.warnings.slice(0, 3).join('; ')}${result.warnings.length > 3 ? ` (and ${result.warnings.length - 3} more)` : ''}`,
    });
}

/** Commits and, when the design refuses the edit, says why in a toast. */
export function commitOrToast(update: (design: Design) => Design): boolean {
  const ok = useStore.getState().commit(update);
  if (!ok) showToast({ message: useStore.getState().opError ?? 'That change was refused', tone: 'error' });
  return ok;
}
