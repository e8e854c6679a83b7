// Issue #28 item 6: every input of fixtures/wild/ (the README's `## Inputs` rows) through the whole pipeline a
// user's model goes through, each step checked and every failure kept as one line naming the step:
//   import   `keyplan import FILE --from FORMAT [--trust-code]` exits 0 with a design;
//   validate the design is valid;
//   derive   sample items (the file's own, else `keyplan seed`'s: 3 per entity, seed 1) validate and derive;
//   export   `keyplan export --to FORMAT` of it, imported again, gives the same design (a fixed point);
//   library  through the library itself on DynamoDB Local: every sample put through the exported module
//            (ElectroDB, DynamoDB-Toolbox) or schema (OneTable), or the Workbench file loaded by an
//            independent boto3 loader, gives the typed Scan `keyplan apply` gives; every read pattern run
//            through the library answers what `keyplan query` predicts. The MCP server has no library to
//            run a model through: its step is "n/a".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox';
import { namespacedTable } from '../../../server/namespace.ts';
import { applyForSession, resetSession } from '../../../server/service.ts';
import { localAwsEnv, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { runKeyplan } from '../../../src/cli/run-in-process.ts';
import { marshalledItems } from '../../../src/core/apply/applied.ts';
import { formatProblems, validateDesign } from '../../../src/core/checks/validate.ts';
import type { FormatId } from '../../../src/core/io/catalogue.ts';
import { importDesign } from '../../../src/core/io/index.ts';
import { generateSamples } from '../../../src/core/items/generate/generate.ts';
import { type AccessPattern, type Design, designSchema } from '../../../src/core/model/schema.ts';
import { patternArguments } from '../../../src/core/requests/pattern-arguments.ts';
import type { ReadSpec } from '../../../src/core/requests/read-spec.ts';
import type { PlainItem } from '../../../src/core/values/item.ts';
import { normalizeItems } from '../codegen/support.ts';
import { firstDifference } from '../first-difference.ts';
import {
  electroMarkers,
  electroRead,
  oneRead,
  oneTable,
  pointAtLocal,
  toolboxRead,
} from './library-reads.ts';
import {
  exportedContent,
  importedModule,
  libraryReads,
  loadModuleText,
  predictedRead,
  scannedItems,
  without,
} from './library-support.ts';

export const WILD = path.resolve(import.meta.dirname, '..', '..', '..', 'fixtures', 'wild');
const WORKBENCH_LOADER = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'server',
  'test-support',
  'workbench_load.py',
);

export const STEPS = ['import', 'validate', 'derive', 'export', 'library'] as const;
export type Step = (typeof STEPS)[number];

export interface WildInput {
  /** The entry file, under fixtures/wild/. */
  input: string;
  format: FormatId;
  /** The README's "library accepts" column starts with "yes". */
  accepted: boolean;
}

export interface PipelineResult extends WildInput {
  /** Each step: "ok", "n/a", "not reached", or what failed. */
  steps: Record<Step, string>;
  /** Every failure, "step: what", in step order (empty when every step holds). */
  losses: string[];
}

/** The README's `## Inputs` rows: each input's entry file, its format (its folder) and whether its library accepts it. */
export function wildInputs(): WildInput[] {
  const readme = readFileSync(path.join(WILD, 'README.md'), 'utf8');
  const start = readme.indexOf('## Inputs');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((row) => {
      const cells = row.split('|').map((cell) => cell.trim());
      const input = cells[2].replace(/^`|`$/g, '');
      return {
        input,
        format: input.split('/')[0] as FormatId,
        accepted: cells[cells.length - 2].startsWith('yes'),
      };
    });
}

/** An input's short name: its folder under the format, or its file without the extension. */
export const stemOf = (input: string) => input.split('/')[1].replace(/\.(ts|js|mjs|cjs|json)$/, '');

const MODULE_FORMATS = new Set<FormatId>(['electrodb', 'dynamodb-toolbox']);
const SEED = { count: 3, seed: 1, refDate: '2026-06-01T00:00:00Z' };

/** The pipeline's context: DynamoDB Local's client, a folder for exported modules, and sessions to remove. */
export interface PipelineContext {
  client: DynamoDBClient;
  endpoint: string;
  moduleDir: string;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' / ')
    .slice(0, 400);

/** The design with sample items: the file's own, or generated for the entities that have none. */
function withSamples(design: Design): Design {
  const missing = design.entities.filter((e) => (design.items[e.name] ?? []).length === 0);
  if (missing.length === 0) return design;
  const counts = Object.fromEntries(missing.map((e) => [e.name, SEED.count]));
  const { items } = generateSamples(design, { ...SEED, count: 0, counts });
  return { ...design, items: { ...design.items, ...items } };
}

/** `keyplan import` of the design Keyplan exports in `format`: the module loaded as the CLI loads one. */
async function reimported(design: Design, format: FormatId, context: PipelineContext, stem: string) {
  const content = exportedContent(design, format);
  if (MODULE_FORMATS.has(format)) {
    const module = await loadModuleText(context.moduleDir, `${stem}-again`, content);
    return importedModule(format, module);
  }
  const result = importDesign(format, { kind: 'text', text: content });
  if (!result.ok) throw new Error(result.message);
  return result.design;
}

const schemaOf = (design: Design) => JSON.stringify({ ...design, items: {} });

/** Runs one input through every step; a step that fails leaves the later ones "not reached". */
export async function runPipeline(wild: WildInput, context: PipelineContext): Promise<PipelineResult> {
  const steps = Object.fromEntries(STEPS.map((s) => [s, 'not reached'])) as Record<Step, string>;
  const losses: string[] = [];
  const result = { ...wild, steps, losses };
  const fail = (step: Step, what: string) => {
    steps[step] = what;
    losses.push(`${step}: ${what}`);
    return result;
  };
  const stem = stemOf(wild.input);
  const file = path.join(WILD, wild.input);
  const run = await runKeyplan([
    'import',
    file,
    '--from',
    wild.format,
    // A module (ElectroDB, Toolbox, a OneTable .js/.ts schema) is code: loaded only with --trust-code.
    ...(/\.(c|m)?[jt]s$/.test(file) ? ['--trust-code'] : []),
  ]);
  if (run.code !== 0) return fail('import', run.stderr.trim().split('\n')[0] ?? `exit ${run.code}`);
  steps.import = 'ok';

  const checked = validateDesign(run.json());
  if (!checked.ok) return fail('validate', formatProblems(checked.problems).split('\n')[0]);
  steps.validate = 'ok';
  const imported = designSchema.parse(run.json());

  let design: Design;
  try {
    const seeded = validateDesign(withSamples(imported));
    if (!seeded.ok) return fail('derive', `samples: ${formatProblems(seeded.problems).split('\n')[0]}`);
    design = seeded.design;
    // A model of a table alone (a design pattern's first step) has no entity, so nothing to derive.
    if (design.entities.length > 0 && marshalledItems(design).length === 0)
      return fail('derive', 'no item derived');
  } catch (error) {
    return fail('derive', messageOf(error));
  }
  steps.derive = design.entities.length === 0 ? 'n/a' : 'ok';

  try {
    const again = await reimported(imported, wild.format, context, stem);
    if (schemaOf(again) !== schemaOf(imported))
      return fail(
        'export',
        `import → export → import changes ${firstDifference({ ...imported, items: {} }, { ...again, items: {} }, { keyOrder: true })}`,
      );
  } catch (error) {
    return fail('export', messageOf(error));
  }
  steps.export = 'ok';

  if (wild.format === 'mcp') {
    steps.library = 'n/a';
    return result;
  }
  try {
    const library = await throughLibrary(wild, design, context, stem);
    if (library.length > 0) {
      steps.library = library[0];
      losses.push(...library.map((line) => `library: ${line}`));
    } else steps.library = 'ok';
  } catch (error) {
    fail('library', messageOf(error));
  }
  return result;
}

/**
 * The pattern with example arguments wherever the file gave none: a model file names its patterns' keys, not
 * values, so each missing argument is the value of the first sample (of the entities it returns first) that
 * has every argument the pattern needs, as a user trying the pattern on the samples would type them.
 */
function withSampleArguments(design: Design, pattern: AccessPattern): AccessPattern {
  const names = patternArguments(design, pattern).filter((name) => pattern.example?.[name] === undefined);
  if (names.length === 0) return pattern;
  const order = [...(('returns' in pattern && pattern.returns) || []), ...design.entities.map((e) => e.name)];
  for (const entity of order)
    for (const sample of design.items[entity] ?? [])
      if (names.every((name) => sample[name] !== undefined))
        return {
          ...pattern,
          example: { ...pattern.example, ...Object.fromEntries(names.map((name) => [name, sample[name]])) },
        } as AccessPattern;
  return pattern;
}

const clip = (item: PlainItem | undefined) => (item ? keyOf(item).slice(0, 400) : 'none');

const keyOf = (item: PlainItem) => JSON.stringify(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The items the library stored and those `keyplan apply` stored, and each read, compared: what differs. */
async function throughLibrary(
  wild: WildInput,
  design: Design,
  context: PipelineContext,
  stem: string,
): Promise<string[]> {
  const { client } = context;
  const prefixes = [uniquePrefix('wild-lib'), uniquePrefix('wild-apply')];
  const [libraryTable, appliedTable] = prefixes.map((prefix) => namespacedTable(prefix, design.table.name));
  try {
    // The library's table: empty for the library to fill (the Workbench loader creates its own).
    if (wild.format !== 'nosql-workbench')
      await applyForSession(client, prefixes[0], design, { loadItems: false });
    await applyForSession(client, prefixes[1], design, { loadItems: true });
    const differences: string[] = [];
    // What only the library writes (ElectroDB's markers, OneTable's type field on a design that writes none).
    let own: string[] = [];
    let read: ((spec: ReadSpec) => Promise<PlainItem[]>) | undefined;

    if (wild.format === 'electrodb') {
      const module = await loadModuleText(
        context.moduleDir,
        stem,
        exportedContent(design, 'electrodb'),
        libraryTable,
      );
      module.app.setClient(client);
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await module.entities[entity.name].put(sample).go();
      own = electroMarkers(design);
      read = async (spec) => (await electroRead(module, design, spec)).flat();
    } else if (wild.format === 'dynamodb-toolbox') {
      const module = await loadModuleText(
        context.moduleDir,
        stem,
        exportedContent(design, 'dynamodb-toolbox'),
        libraryTable,
      );
      pointAtLocal(module, client);
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await module.entities[entity.name].build(PutItemCommand).item(sample).send();
      read = (spec) => toolboxRead(module, spec);
    } else if (wild.format === 'onetable') {
      const table = oneTable(client, libraryTable, JSON.parse(exportedContent(design, 'onetable')));
      for (const entity of design.entities)
        for (const sample of design.items[entity.name] ?? [])
          await table.getModel(entity.name).create(structuredClone(sample), { exists: null });
      own = design.table.writeTypeAttribute === false ? [design.table.typeAttribute] : [];
      read = (spec) => oneRead(table, design, spec);
    } else if (wild.format === 'nosql-workbench') {
      // The model file itself, loaded by boto3 as someone loading it by hand would (no Keyplan involved).
      const model = JSON.parse(readFileSync(path.join(WILD, wild.input), 'utf8'));
      const tableName = model.DataModel.find(
        (t: { TableName: string }) => t.TableName === design.table.name,
      )?.TableName;
      if (!tableName) return [`the model has no table ${design.table.name}`];
      execFileSync('python3', [WORKBENCH_LOADER, path.join(WILD, wild.input), tableName, libraryTable], {
        // The keys DynamoDB Local keeps the tests' tables under (it separates tables by access key).
        env: localAwsEnv({}, context.endpoint),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }

    const stored = without(await scannedItems(client, design, libraryTable), own);
    const applied = without(await scannedItems(client, design, appliedTable), own);
    const sortedKeys = (items: PlainItem[]) => items.map(keyOf).sort();
    if (JSON.stringify(sortedKeys(stored)) !== JSON.stringify(sortedKeys(applied))) {
      const appliedKeys = new Set(applied.map(keyOf));
      const storedKeys = new Set(stored.map(keyOf));
      const onlyLibrary = stored.filter((item) => !appliedKeys.has(keyOf(item)));
      const onlyApplied = applied.filter((item) => !storedKeys.has(keyOf(item)));
      differences.push(
        `puts: the library stored ${stored.length} items, keyplan apply ${applied.length} (${onlyLibrary.length} only through the library, ${onlyApplied.length} only through apply); first of the library's: ${clip(onlyLibrary[0])}; of apply's: ${clip(onlyApplied[0])}`,
      );
    }

    if (read)
      for (const pattern of libraryReads(design)) {
        const { spec, result } = predictedRead(design, withSampleArguments(design, pattern));
        const unmarked = wild.format === 'electrodb' ? [...own, design.table.typeAttribute] : own;
        const predicted = without(normalizeItems(design, result.items), unmarked).map(keyOf);
        let answered: PlainItem[];
        try {
          answered = await read(spec);
        } catch (error) {
          differences.push(`read ${pattern.id}: the library throws ${messageOf(error)}`);
          continue;
        }
        const got = without(normalizeItems(design, answered), unmarked).map(keyOf);
        // ElectroDB answers per entity (its order within an entity is DynamoDB's): compared as sets there.
        const same =
          wild.format === 'electrodb'
            ? JSON.stringify([...got].sort()) === JSON.stringify([...predicted].sort())
            : JSON.stringify(got) === JSON.stringify(predicted);
        if (!same)
          differences.push(
            `read ${pattern.id}: the library answers ${got.length} items, keyplan query predicts ${predicted.length}${got.length === predicted.length ? ' (different items or order)' : ''}`,
          );
      }
    return differences;
  } finally {
    for (const prefix of prefixes) await resetSession(client, prefix);
  }
}

type Figures = {
  format: string;
  inputs: number;
  accepted: number;
  every: number;
  everyAccepted: number;
} & Record<Step, number>;

/** Inputs, how many hold each step (n/a counted as holding), how many hold every step. */
function figuresOf(format: string, results: PipelineResult[]): Figures {
  const holds = (r: PipelineResult, step: Step) => r.steps[step] === 'ok' || r.steps[step] === 'n/a';
  return {
    format,
    inputs: results.length,
    accepted: results.filter((r) => r.accepted).length,
    ...Object.fromEntries(STEPS.map((step) => [step, results.filter((r) => holds(r, step)).length])),
    every: results.filter((r) => r.losses.length === 0).length,
    everyAccepted: results.filter((r) => r.accepted && r.losses.length === 0).length,
  } as Figures;
}

/** Per format, in the README's order, then the total. */
export function pipelineFigures(results: PipelineResult[]): Figures[] {
  const formats = [...new Set(results.map((r) => r.format))];
  return [
    ...formats.map((format) =>
      figuresOf(
        format,
        results.filter((r) => r.format === format),
      ),
    ),
    figuresOf('**total**', results),
  ];
}

/** The Markdown table of fixtures/wild/README.md's `## Pipeline results`, from the figures. */
export function pipelineTable(results: PipelineResult[]): string {
  const header = `| format | inputs | library accepts | ${STEPS.join(' | ')} | every step | every step, of those the library accepts |`;
  const rule = `| ${['format', 'inputs', 'accepts', ...STEPS, 'every', 'accepted'].map(() => '---').join(' | ')} |`;
  const row = (f: Figures) =>
    `| ${f.format} | ${f.inputs} | ${f.accepted} | ${STEPS.map((s) => f[s]).join(' | ')} | ${f.every} | ${f.everyAccepted} of ${f.accepted} |`;
  return [header, rule, ...pipelineFigures(results).map(row)].join('\n');
}
