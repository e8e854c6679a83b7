// Generated files read back by their language's own parser, for the tests that prove a design's text stays
// data (#26 class 1): TypeScript through oxc (Vite's parser, via rolldown), Python through CPython's `ast` in
// one batched /usr/bin/python3, Terraform through HashiCorp's HCL parser (@cdktf/hcl2json, WebAssembly), YAML
// through `yaml`. A "skeleton" is a parse with every string's value left out: two files of one generator, one
// for a hostile text and one for a benign text of the same shape, must have the same skeleton, or the hostile
// text became code.
import { execFile } from 'node:child_process';
import { parse as parseHcl } from '@cdktf/hcl2json';
import { parseSync } from 'rolldown/utils';

/** The text as a UTF-8 file holds it: a lone surrogate becomes U+FFFD, as it would on disk. */
export const asFile = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

const POSITIONS = new Set(['start', 'end', 'range', 'loc', 'raw']);

/**
 * A parsed data file (JSON, YAML, HCL) without its strings: each object a list of its values, in order (its
 * keys may be names from the design), each string `S`; what is left is the file's shape.
 */
export function skeleton(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(skeleton);
  if (typeof value === 'string') return 'S';
  if (value === null || typeof value !== 'object') return value;
  return { object: Object.values(value).map(skeleton) };
}

/** An AST's skeleton, where object keys are node fields (so any string leaf is data): names of identifiers stay. */
function astSkeleton(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(astSkeleton);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (POSITIONS.has(key)) continue;
    const isText =
      (record.type === 'Literal' && key === 'value' && typeof value === 'string') ||
      (record.type === 'TemplateElement' && key === 'value');
    out[key] = isText ? 'S' : astSkeleton(value);
  }
  return out;
}

export interface TypescriptParse {
  program: { body: unknown[] };
  comments: { type: string; value: string }[];
}

/** The file parsed as TypeScript (a module); a syntax error throws with oxc's messages. */
export function parseTypescript(source: string): TypescriptParse {
  const result = parseSync('generated.ts', asFile(source), { lang: 'ts', sourceType: 'module' });
  if (result.errors.length > 0)
    throw new Error(`not TypeScript: ${result.errors.map((e) => e.message).join('; ')}`);
  return result as unknown as TypescriptParse;
}

/** The statements of a TypeScript file, string values left out: equal for two files means equal code. */
export function typescriptStatements(source: string): unknown {
  return astSkeleton(parseTypescript(source).program.body);
}

export type PythonAnswer = { skeleton: string } | { error: string };

// Every str constant emptied (docstrings and f-string pieces included), then ast.dump: the code's shape.
const PYTHON_SKELETONS = `
import ast, json, sys
out = []
for source in json.load(sys.stdin):
    try:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                node.value = ''
        out.append({'skeleton': ast.dump(tree)})
    except SyntaxError as error:
        out.append({'error': f'{error.msg} at line {error.lineno}'})
    except ValueError as error:
        out.append({'error': str(error)})
json.dump(out, sys.stdout)
`;

/** Many Python files parsed by one python3 process: each file's skeleton, or its syntax error. */
export function pythonSkeletons(sources: string[]): Promise<PythonAnswer[]> {
  return runPython(PYTHON_SKELETONS, sources.map(asFile)) as Promise<PythonAnswer[]>;
}

/** A Python program run with `input` as JSON on its standard input; its JSON answer. */
export function runPython(program: string, input: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      '/usr/bin/python3',
      ['-c', program],
      { maxBuffer: 512 * 1024 * 1024, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout));
      },
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

/** A Terraform file as HCL's parser reads it (strings as HCL templates: `$${` stays `$${`). */
export async function parseTerraform(source: string): Promise<unknown> {
  return await parseHcl('generated.tf', asFile(source));
}

/** An HCL quoted string's template text back to the string it stands for (`$${` is a literal `${`). */
export const hclTemplateText = (text: string) => text.replace(/([$%])\1\{/g, '$1{');
