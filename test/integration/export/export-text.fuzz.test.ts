// #26 class 1 as a property: a design's text stays data in every file Keyplan generates. Full Unicode strings
// (fast-check's binary unit: lone surrogates included) and a bias towards what ends comments and strings
// (CR, LF, U+2028, U+2029, NEL, VT, FF, FS, GS, RS, NUL, `*/`, quotes, `${`, backslashes, bidi marks) go
// (1) through each language's escaper, 1,500 strings a language, parsed back by that language's parser,
// each value equal to the string; and (2) into every free-text field of a design (names and descriptions of
// the design, entities, copies, attributes and patterns, enum values, example and sample values, sample
// attribute names, a key attribute's and the type attribute's names, key template text, comments), exported to
// every target of the export dispatch (EXPORT_TARGETS: table definitions, codegen python and typescript,
// every design format) and both backfill programs. Each file is parsed by its language's parser and must
// equal, string values left out, the file generated for a benign text of the same shape (each character
// outside [A-Za-z0-9_$] and whitespace made `-`, whitespace a space): any other statement, key or value is
// the text become code. Nothing of the file may hold an unsafe character raw (server/test-support/code-parsers.ts).
// The run is deterministic per seed: set KEYPLAN_FUZZ_SEED to replay the seed a failure prints.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  asFile,
  hclTemplateText,
  parseTerraform,
  parseTypescript,
  pythonSkeletons,
  runPython,
  skeleton,
  typescriptStatements,
} from '../../../server/test-support/code-parsers.ts';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { backfillPython } from '../../../src/core/features/diff/backfill-python.ts';
import { backfillTypeScript } from '../../../src/core/features/diff/backfill-typescript.ts';
import { EXPORT_TARGETS, exportDesign } from '../../../src/core/io/export.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import { EXPORT_DESIGNS } from '../../../src/core/test-support/golden-designs.ts';
import { parseExactJson, stringifyExactJson } from '../../../src/core/values/exact-json.ts';
import { hclString } from '../../../src/core/values/text/code/hcl.ts';
import {
  pyDocstringEnd,
  pyDocstringText,
  pyFStringText,
  pyString,
} from '../../../src/core/values/text/code/python.ts';
import { tsString, tsTemplateText } from '../../../src/core/values/text/code/typescript.ts';
import {
  blockCommentText,
  commentText,
  isUnsafeCharacter,
  quotedCommentText,
} from '../../../src/core/values/text/code/unsafe.ts';
import { firstDifference } from '../first-difference.ts';

const SEED = Number(process.env.KEYPLAN_FUZZ_SEED ?? Date.now() % 2 ** 31);
const STRINGS = 1_500;
const DESIGNS = 40;

const DANGER = [
  '\r',
  '\n',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u000b',
  '\u000c',
  '\u001c',
  '\u001d',
  '\u001e',
  '\u0000',
  '\u001b[31m',
  '\u007f',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '*/',
  '/*',
  '//',
  '#',
  '"""',
  "'''",
  '"',
  "'",
  '`',
  '${',
  '%{',
  '$${',
  '{{',
  '}}',
  '}',
  '\\',
  '\\u2028',
  '\\n',
  '\\',
  ': ',
  '- ',
  '? ',
  '&a ',
  '*a ',
  '!!js/function ',
  '---',
  '...',
  '<<',
  ' ',
  '\t',
  'x',
];

/** Text of any code units, or dangerous pieces strung together with some of it. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc
    .array(fc.oneof(fc.constantFrom(...DANGER), fc.string({ unit: 'binary', maxLength: 4 })), {
      maxLength: 10,
    })
    .map((pieces) => pieces.join('')),
);

/**
 * A text of the same shape that needs no escaping: same length, same identifier characters, same spaces, and
 * the same `#`, which a key template's literal text splits on (the ElectroDB export reads `ORDER#{id}#` as a
 * prefix and a separator, but `ORDER#{id}-` as a template of its own).
 */
const benign = (text: string) => text.replace(/[^A-Za-z0-9_$#]/g, (unit) => (/\s/.test(unit) ? ' ' : '-'));

/** A string as HCL gives it back: well-formed (as a UTF-8 file holds it) and NFC-normalized, as HCL reads text. */
const hclText = (text: string) => asFile(text).normalize('NFC');

/** Whether the file holds, outside line breaks, a character no generated file may hold as it is. */
function rawUnsafe(content: string): string[] {
  return [...content].filter((ch) => ch !== '\n' && isUnsafeCharacter(ch)).map((ch) => commentText(ch));
}

describe('#26 class 1: every escaper gives the text back as data', () => {
  const texts = fc.sample(hostile, { numRuns: STRINGS, seed: SEED });

  it(`TypeScript: ${STRINGS} strings as string, template, line and block comment`, () => {
    const source = texts
      .map(
        (text) =>
          `// ${commentText(text)}\n/** ${blockCommentText(text)} */\n[${tsString(text)}, \`${tsTemplateText(text)}\`];\n// ${quotedCommentText(text)}`,
      )
      .join('\n');
    const { program, comments } = parseTypescript(source);
    expect(program.body).toHaveLength(texts.length);
    program.body.forEach((statement, i) => {
      const [literal, template] = (statement as { expression: { elements: Record<string, unknown>[] } })
        .expression.elements;
      expect({
        value: literal.value,
        template: (template.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked),
      }).toEqual({ value: texts[i], template: [texts[i]] });
    });
    expect(comments).toHaveLength(3 * texts.length);
    expect(comments.flatMap((c) => rawUnsafe(c.value))).toEqual([]);
  });

  it(`Python: ${STRINGS} strings as string, f-string piece, comment and docstring, in one python3`, async () => {
    const lines = texts.flatMap((text) => [
      `# ${commentText(text)}`,
      `def f():\n    """${pyDocstringEnd(pyDocstringText(text))}"""`,
    ]);
    const values = texts.map((text) => `    (${pyString(text)}, f'${pyFStringText(text, "'")}'),`);
    const program = `${lines.join('\n')}\nvalues = [\n${values.join('\n')}\n]\n`;
    // Read from the syntax tree, never run: a string that became code would show as another node.
    const check = `
import ast, json, sys
tree = ast.parse(json.load(sys.stdin))
defs = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
def text(node):
    if isinstance(node, ast.JoinedStr):
        return ''.join(part.value for part in node.values)
    return node.value
pairs = [[text(element) for element in pair.elts] for pair in tree.body[-1].value.elts]
json.dump({'statements': len(tree.body), 'values': pairs, 'docs': [ast.get_docstring(d, clean=False) for d in defs]}, sys.stdout)
`;
    const answer = (await runPython(check, asFile(program))) as {
      statements: number;
      values: [string, string][];
      docs: string[];
    };
    expect(answer.statements).toBe(1 + texts.length);
    expect(answer.values).toEqual(texts.map((text) => [text, text]));
    expect(answer.docs).toEqual(texts);
    expect(rawUnsafe(program)).toEqual([]);
  }, 60_000);

  it(`Terraform: ${STRINGS} strings as HCL strings and comments`, async () => {
    const source = texts
      .map((text, i) => `# ${quotedCommentText(text)}\nv${i} = ${hclString(text)}\n`)
      .join('');
    const parsed = (await parseTerraform(source)) as Record<string, string>;
    expect(texts.map((_, i) => hclTemplateText(parsed[`v${i}`]))).toEqual(texts.map(hclText));
    expect(rawUnsafe(source)).toEqual([]);
  }, 60_000);
});

// biome-ignore lint/suspicious/noExplicitAny: a design edited as the plain JSON it is
type Loose = any;

/** A design with `next()`'s texts in every free-text field; the same calls in the same order for both texts. */
function withText(base: Design, next: () => string): unknown {
  const design = parseExactJson(stringifyExactJson(base)) as Loose;
  design.name = `n${next()}`;
  design.description = next();
  // The sort key's name everywhere it is named (table, indexes, entities' keys).
  const oldSort: string | undefined = design.table.sortKey?.name;
  const newSort = `K_${next()}`;
  const rename = (value: Loose): Loose => {
    if (Array.isArray(value)) return value.map(rename);
    if (value === oldSort) return newSort;
    if (value === null || typeof value !== 'object' || value.constructor !== Object) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k === oldSort ? newSort : k, rename(v)]),
    );
  };
  if (oldSort) {
    design.table = rename(design.table);
    for (const entity of design.entities) entity.keys = rename(entity.keys);
  }
  design.table.typeAttribute = `T_${next()}`;
  const extra = `A_${next()}`;
  for (const gsi of design.table.globalSecondaryIndexes)
    if (gsi.projection?.type === 'INCLUDE') gsi.projection.attributes.push(extra);
  // One literal for every template of the design: entities whose templates agree then agree in both the
  // hostile and the benign design (the ElectroDB export makes such entities a collection), where a literal of
  // each entity's own could differ in one and agree in the other (benign text maps many characters to one).
  const literal = next().replace(/\{/g, '(');
  for (const [k, entity] of design.entities.entries()) {
    entity.description = next();
    entity.keys = Object.fromEntries(
      // Only templates with text of their own: a natural key (`{email}`) stays the attribute's value.
      Object.entries(entity.keys as Record<string, string>).map(([k, t]) => [
        k,
        t.includes('#') ? `${t}${literal}` : t,
      ]),
    );
    for (const copy of entity.copies ?? []) copy.description = next();
    for (const attribute of entity.attributes) attribute.description = next();
    // Values a sample holds are well-formed: DynamoDB stores UTF-8 (validation refuses a lone surrogate).
    const enumValues = [`e${next()}`, `f${next()}`].map(asFile);
    // Numbered: two entities' texts may differ only where their benign forms agree (one attribute there).
    const free = `S${k}_${next()}`;
    entity.attributes.push(
      { name: extra, type: 'S', enum: enumValues, description: next() },
      { name: free, type: 'S', description: next() },
    );
    const [first] = design.items[entity.name] ?? [];
    if (first) {
      first[extra] = enumValues[0];
      first[free] = asFile(next());
    }
  }
  for (const pattern of design.accessPatterns) {
    pattern.name = `p${next()}`;
    pattern.description = next();
    for (const [name, value] of Object.entries(pattern.example ?? {}))
      if (typeof value === 'string') pattern.example[name] = `x${next()}`;
  }
  const [entity] = design.entities;
  design.comments = [
    {
      id: 'c1',
      target: { kind: 'entity', entity: entity.name },
      author: `a${next()}`.slice(0, 100),
      text: `t${next()}`,
      createdAt: '2026-12-01T10:30:00Z',
    },
  ];
  return design;
}

interface Generated {
  label: string;
  language: string;
  hostile: string;
  benign: string;
}

/** Every file Keyplan generates from a design: each export target, and the backfill programs from `base`. */
function generate(base: Design, hostile: Design, benignDesign: Design): Generated[] {
  const files: Generated[] = EXPORT_TARGETS.map((target) => {
    const h = exportDesign(hostile, target);
    return {
      label: target,
      language: h.language,
      hostile: h.content,
      benign: exportDesign(benignDesign, target).content,
    };
  });
  files.push(
    {
      label: 'backfill python',
      language: 'python',
      hostile: backfillPython(base, hostile),
      benign: backfillPython(base, benignDesign),
    },
    {
      label: 'backfill typescript',
      language: 'typescript',
      hostile: backfillTypeScript(base, hostile),
      benign: backfillTypeScript(base, benignDesign),
    },
  );
  return files;
}

/** A design's texts in every file: the same code as for benign text, every character escaped. */
describe("#26 class 1: a design's text stays data in every generated file", () => {
  it(`${DESIGNS} designs × every target (seed ${SEED})`, async () => {
    const cases = fc.sample(
      fc.record({
        base: fc.constantFrom(...EXPORT_DESIGNS),
        texts: fc.array(hostile, { minLength: 200, maxLength: 200 }),
      }),
      { numRuns: DESIGNS, seed: SEED },
    );
    const python: { where: string; hostile: string; benign: string }[] = [];
    const terraform: { where: string; hostile: string; benign: string; sortKey: string }[] = [];
    const failures: string[] = [];
    let files = 0;
    for (const [n, { base, texts }] of cases.entries()) {
      let i = 0;
      const hostileInput = withText(base.design, () => texts[i++ % texts.length]);
      i = 0;
      const benignInput = withText(base.design, () => benign(texts[i++ % texts.length]));
      const h = validateDesign(hostileInput);
      const b = validateDesign(benignInput);
      expect({ case: n, hostile: h.ok }).toEqual({ case: n, hostile: b.ok });
      if (!h.ok || !b.ok) {
        failures.push(
          `case ${n} (${base.name}): the design does not validate: ${JSON.stringify(h.ok ? '' : h.problems)}`,
        );
        continue;
      }
      const sortKey = h.design.table.sortKey?.name ?? '';
      for (const file of generate(base.design, h.design, b.design)) {
        files++;
        const where = `case ${n} (${base.name}) ${file.label}`;
        const raw = rawUnsafe(file.hostile);
        if (raw.length > 0) failures.push(`${where}: holds ${raw.slice(0, 3).join(' ')} as it is`);
        try {
          if (file.language === 'typescript') {
            const difference = firstDifference(
              typescriptStatements(file.hostile),
              typescriptStatements(file.benign),
            );
            if (difference) failures.push(`${where}: other TypeScript than for benign text at ${difference}`);
            const comments = parseTypescript(file.hostile).comments.flatMap((c) => rawUnsafe(c.value));
            if (comments.length > 0) failures.push(`${where}: a comment holds ${comments[0]}`);
          } else if (file.language === 'python') python.push({ where, ...file });
          else if (file.language === 'hcl') terraform.push({ where, ...file, sortKey });
          else {
            const read = (text: string) =>
              file.language === 'json' ? JSON.parse(text) : parseYaml(text, { version: '1.1' });
            const value = read(file.hostile);
            // The MCP model's `reason` holds lint findings, which may well differ for odd text (data, not code).
            const shape = (parsed: unknown) =>
              skeleton(
                file.label === 'mcp'
                  ? JSON.parse(JSON.stringify(parsed, (k, v) => (k === 'reason' ? undefined : v)))
                  : parsed,
              );
            const difference = firstDifference(shape(value), shape(read(file.benign)));
            if (difference) failures.push(`${where}: another value than for benign text at ${difference}`);
            // The key attribute's name comes back as it is (lone surrogates too: both escape them).
            const strings = JSON.stringify(value);
            const expected = sortKey;
            if (sortKey && !strings.includes(JSON.stringify(expected).slice(1, -1)))
              failures.push(`${where}: the sort key's name does not come back`);
          }
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message.slice(0, 6000)}`);
        }
      }
    }
    const skeletons = await pythonSkeletons(python.flatMap((file) => [file.hostile, file.benign]));
    python.forEach((file, k) => {
      const [h, b] = [skeletons[2 * k], skeletons[2 * k + 1]];
      if ('error' in h) failures.push(`${file.where}: not Python: ${h.error}`);
      else if ('error' in b) failures.push(`${file.where}: the benign file is not Python: ${b.error}`);
      else if (h.skeleton !== b.skeleton) {
        let at = 0;
        while (h.skeleton[at] === b.skeleton[at]) at++;
        const around = (text: string) => text.slice(Math.max(0, at - 200), at + 200);
        failures.push(
          `${file.where}: other Python than for benign text: ${around(h.skeleton)} ≠ ${around(b.skeleton)}`,
        );
      }
    });
    for (const file of terraform) {
      try {
        const [h, b] = [await parseTerraform(file.hostile), await parseTerraform(file.benign)];
        expect(skeleton(h), file.where).toEqual(skeleton(b));
        const table = Object.values(
          (h as { resource: { aws_dynamodb_table: Record<string, { range_key?: string }[]> } }).resource
            .aws_dynamodb_table,
        )[0][0];
        if (file.sortKey)
          expect(hclTemplateText(table.range_key ?? ''), file.where).toBe(hclText(file.sortKey));
      } catch (error) {
        failures.push(`${file.where}: ${(error as Error).message.slice(0, 2000)}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(files).toBeGreaterThanOrEqual(DESIGNS * (EXPORT_TARGETS.length + 2));
  }, 300_000);
});
