// Golden files: each built-in example and the codegen test design, in both languages, compared exactly.
// UPDATE_GOLDEN=1 npx vitest run src/core/io/codegen rewrites them; review the diff before committing.
// test/integration/codegen/*.test.ts run the generated code against DynamoDB Local.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { EXAMPLES } from '../../features/examples/index.ts';
import { type Design, designSchema } from '../../model/schema.ts';
import { codegenTestDesign } from '../../test-support/codegen-design.ts';
import { CODEGEN_LANGUAGES, codeExport, codeFilename, generateCode } from './index.ts';

function loadDesign(input: unknown): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

const CASES: [name: string, design: Design][] = [
  ...EXAMPLES.map((example): [string, Design] => [example.name, loadDesign(example.design)]),
  ['library', loadDesign(codegenTestDesign)],
];

const EXTENSIONS = { python: 'py', typescript: 'ts' } as const;

describe('golden files', () => {
  for (const [name, design] of CASES) {
    for (const language of CODEGEN_LANGUAGES) {
      it(`${name} in ${language}`, () => {
        const file = new URL(`../../../../golden/codegen/${name}.${EXTENSIONS[language]}`, import.meta.url);
        const code = generateCode(design, language);
        if (process.env.UPDATE_GOLDEN) writeFileSync(file, code);
        expect(code).toBe(readFileSync(file, 'utf8'));
      });
    }
  }
});

describe('generated code', () => {
  const online = CASES.find(([name]) => name === 'online-store')?.[1] as Design;

  it('names the file after the table, importable in Python', () => {
    expect(codeFilename(online, 'python')).toBe('app_table.py');
    expect(codeFilename(online, 'typescript')).toBe('app-table.ts');
    const file = codeExport(online, 'python');
    expect(file.language).toBe('python');
    expect(file.content).toBe(generateCode(online, 'python'));
    expect(file.nextSteps).toContain('from app_table import');
  });

  it('says in a comment which patterns it cannot write, and writes the others', () => {
    const design = designSchema.parse({
      ...online,
      accessPatterns: [
        ...online.accessPatterns,
        {
          id: 'bad-update',
          name: 'Change a key',
          operation: 'UpdateItem',
          entity: 'Order',
          set: ['orderId'],
        },
      ],
    });
    const python = generateCode(design, 'python');
    expect(python).toContain(
      "# bad-update: no function, because cannot update a key attribute: orderId is part of the table's primary key",
    );
    expect(python).toContain('def ship_order(');
    expect(generateCode(design, 'typescript')).toContain('// bad-update: no function, because');
  });

  it('never hides a builtin or global the generated code uses', () => {
    const design = designSchema.parse({
      format: 'keyplan/1',
      name: 'Names',
      table: { name: 'Names', partitionKey: { name: 'PK', type: 'S' } },
      entities: [
        { name: 'Record', attributes: [{ name: 'set', type: 'S', required: true }], keys: { PK: '{set}' } },
      ],
      accessPatterns: [{ id: 'all', name: 'Everything', operation: 'Scan' }],
    });
    const python = generateCode(design, 'python');
    // _has() calls all(); annotations say set[…].
    expect(python).toContain('def all_(*, limit: int | None = None');
    expect(python).toContain('def build_record(set_: str) -> dict:');
    const typescript = generateCode(design, 'typescript');
    expect(typescript).toContain('export interface Record2 {');
    expect(typescript).toContain('export type Item = Record<string, NativeAttributeValue>;');
  });

  it('keeps parameters legal and apart from the names its functions use', () => {
    const [, library] = CASES.find(([name]) => name === 'library') as [string, Design];
    const python = generateCode(library, 'python');
    // `from` is a Python keyword; the pattern's `limit` argument meets the paging parameter `limit`.
    expect(python).toContain('def book_loans(\n    isbn: str,\n    from_: Number,\n    to: Number,');
    expect(python).toContain("FilterExpression=Attr('pages').lte(_number(limit_)),");
    expect(python).toContain('    limit_: Number,\n    *,\n    limit: int | None = None,');
    const typescript = generateCode(library, 'typescript');
    expect(typescript).toContain(
      'export interface BookLoansArgs {\n  isbn: string;\n  from: number | NumberValue;',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: generated TypeScript, as text
    expect(typescript).toContain("':sk': `LOAN#${padNumber(args.from, 6)}`,");
  });
});
