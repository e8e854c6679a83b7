// Opening and saving design files: the same validation as every other boundary (validateDesignText), and
// the same exact numbers (a DynamoDB number has up to 38 digits; src/core/values/exact-json.ts).

import { validateDesignText } from '../../core/checks/validate.ts';
import { DESIGN_LIMIT_TEXT } from '../../core/model/design-limits.ts';
import type { Design } from '../../core/model/schema.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';

export type OpenResult = { ok: true; design: Design; fileName: string } | { ok: false; message: string };

/** `Online store` → `online-store.keyplan.json`. */
export function designFileName(design: Design): string {
  const stem =
    design.name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'design';
  return `${stem}.keyplan.json`;
}

/** A design as its file holds it (and the JSON tab shows it): numbers with every digit, as JSON numbers. */
export function designFileText(design: Design): string {
  return `${stringifyExactJson(design, 2)}\n`;
}

export function downloadDesign(design: Design): void {
  const blob = new Blob([designFileText(design)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = designFileName(design);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A JSON object that says it is a Keyplan design (then its problems are worth listing one by one). */
function declaresKeyplanFormat(text: string): boolean {
  try {
    const value = JSON.parse(text) as { format?: unknown } | null;
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof value.format === 'string' &&
      value.format.startsWith('keyplan/')
    );
  } catch {
    // Broken JSON: its syntax error is the message.
    return true;
  }
}

/** Reads and validates a chosen file; a broken or foreign file is reported, never half-opened. */
export async function readDesignFile(file: File): Promise<OpenResult> {
  const text = await file.text();
  const result = validateDesignText(text);
  if (result.ok) return { ok: true, design: result.design, fileName: file.name };
  // A design past one of its limits (designLimitProblem) is the only problem validation gives then.
  const tooLarge = result.problems.length === 1 && result.problems[0].message.includes(DESIGN_LIMIT_TEXT);
  if (tooLarge) {
    const [{ path, message }] = result.problems;
    const where = path === 'items' ? '' : `${path}: `;
    return { ok: false, message: `${file.name} was not opened: ${where}${message}.` };
  }
  if (!declaresKeyplanFormat(text))
    return {
      ok: false,
      message: `${file.name} is not a Keyplan design: it has no "format": "keyplan/1". Open a .keyplan.json file saved by Keyplan.`,
    };
  const shown = result.problems
    .slice(0, 4)
    .map((p) => (p.path === '(document)' ? p.message : `${p.path}: ${p.message}`));
  const more =
    result.problems.length > shown.length ? ` (and ${result.problems.length - shown.length} more)` : '';
  return {
    ok: false,
    message: `${file.name} is not a Keyplan design: ${shown.join('; ')}${more}`,
  };
}

/**
 * Reads a file of a design format (NoSQL Workbench, OneTable, an MCP data model…) and imports it through the
 * core's dispatch; a broken or foreign file is reported and nothing opens. The importers load on first use,
 * so they never weigh on the first screen.
 */
export function readFormatFile(formatId: string) {
  return async (file: File): Promise<OpenResult & { warnings?: string[] }> => {
    const [{ importDesign }, text] = await Promise.all([import('../../core/io/index.ts'), file.text()]);
    const result = importDesign(formatId, { kind: 'text', text });
    if (!result.ok) return { ok: false, message: `${file.name}: ${result.message}` };
    return { ok: true, design: result.design, fileName: file.name, warnings: result.warnings };
  };
}

/** Opens the browser's file picker for a .json file (or `accept`); resolves with nothing when the user cancels. */
export function pickDesignFile<R = OpenResult>(
  read: (file: File) => Promise<R> = readDesignFile as (file: File) => Promise<R>,
  accept = '.json,application/json',
): Promise<R | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) resolve(null);
      else read(file).then(resolve);
    });
    input.addEventListener('cancel', () => {
      input.remove();
      resolve(null);
    });
    document.body.append(input);
    input.click();
  });
}
