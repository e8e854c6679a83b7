// What the functions of a generated Python module share: layout at Black's width, docstrings, signatures,
// and the names a pattern's values refer to.

import { pyDocstringEnd, pyDocstringText } from '../../values/text/code/python.ts';
import { type Doc, layout } from './layout.ts';
import type { ListPlan, ParamPlan, PatternPlan } from './plan.ts';
import { type PythonEnv, pyHint, pyString } from './python-values.ts';
import { sentence, wrap } from './text.ts';

export const PYTHON_WIDTH = 88;
const OPTIONS = { width: PYTHON_WIDTH, step: '    ' };

/** A statement or expression laid out at `indent` (with `column` characters before it on its line). */
export function pyLayout(doc: Doc, indent: string, column = indent.length): string {
  return layout(doc, OPTIONS, indent, column);
}

/** A docstring of paragraphs, wrapped at `indent`. */
export function pyDocstring(paragraphs: string[], indent: string): string {
  const width = PYTHON_WIDTH - indent.length;
  // Wrapped first (a line break in the text is a space, as any whitespace), then each line made safe.
  const [first, ...rest] = paragraphs.map((p) => wrap(p, width).map(pyDocstringText));
  if (rest.length === 0 && first.length === 1 && first[0].length + 6 <= width)
    return `${indent}"""${pyDocstringEnd(first[0])}"""`;
  const body = [first, ...rest]
    .map((lines) => lines.map((line) => `${indent}${line}`).join('\n'))
    .join('\n\n');
  return `${indent}"""${body.slice(indent.length)}\n${indent}"""`;
}

/** `def name(params) -> returns:` on one line, or one parameter per line. */
export function pyDef(name: string, params: string[], returns: string): string {
  return pyLayout(
    {
      kind: 'group',
      open: `def ${name}(`,
      items: params,
      close: `) -> ${returns}:`,
      flatClose: `) -> ${returns}:`,
    },
    '',
  );
}

export function paramSignature(param: ParamPlan): string {
  return param.required
    ? `${param.py}: ${pyHint(param.type)}`
    : `${param.py}: ${pyHint(param.type)} | None = None`;
}

export function listSignature(list: ListPlan): string {
  return list.fields.length === 1
    ? `${list.py}: list[${pyHint(list.fields[0].type)}]`
    : `${list.py}: list[dict]`;
}

/** Parameters of a pattern function: required arguments, list arguments, then optional ones. */
export function patternSignature(plan: PatternPlan): string[] {
  const required = plan.params.filter((p) => p.required).map(paramSignature);
  const optional = plan.params.filter((p) => !p.required).map(paramSignature);
  return [...required, ...plan.lists.map(listSignature), ...optional];
}

/** Names in a pattern's values: its parameters, and inside a loop the fields of the list element. */
export function patternEnv(plan: PatternPlan, list?: ListPlan): PythonEnv {
  return (name) => {
    const field = list?.fields.find((f) => f.name === name);
    if (list && field) {
      if (list.fields.length === 1) return { code: list.pyItem, type: field.type };
      const code = field.required
        ? `${list.pyItem}[${pyString(name)}]`
        : `${list.pyItem}.get(${pyString(name)})`;
      return { code, type: field.type };
    }
    const param = plan.params.find((p) => p.name === name);
    return { code: param?.py ?? 'None', type: param?.type ?? 'S' };
  };
}

/** The docstring paragraphs of a pattern function: its name, its description, then what it does. */
export function patternDoc(plan: PatternPlan, what: string): string[] {
  const { pattern } = plan;
  return [sentence(pattern.name), ...(pattern.description ? [sentence(pattern.description)] : []), what];
}
