// The backfill as a standalone TypeScript program (AWS SDK v3), the same protocol as keyplan migrate:
// a parallel segmented Scan; an item whose primary key changes moved in one TransactWriteItems (Put the new
// item if absent, Delete the old one if unchanged since it was read); an index-key change an UpdateItem under
// the same condition; a failed condition reads the item again and retries; a checkpoint per segment in a
// file; a rate limit; --dry-run counts.
import { NODE_FS, SDK_CLIENT } from '../../io/codegen/module-names.ts';
import type { Design } from '../../model/schema.ts';
import { jsonText } from '../../values/text/code/unsafe.ts';
import { backfillSpec } from './backfill-spec.ts';

const PROGRAM = `import { readFileSync, renameSync, writeFileSync, existsSync } from '${NODE_FS}';
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '${SDK_CLIENT}';

type Item = Record<string, AttributeValue>;
type Part = { text: string } | { name: string; width?: number };
type Key = { name: string; type: 'S' | 'N' | 'B'; parts: Part[] };
type Target = { copy: string | null; keys: Key[]; held: string[] | null; skip: string[] };
type Form = { copy: string | null; match: Key[]; rendered: string[]; target: Target | null; creates: Target[] };

function option(name: string): string | undefined {
  const i = process.argv.indexOf('--' + name);
  return i < 0 ? undefined : process.argv[i + 1];
}
const endpoint = option('endpoint') ?? process.env.AWS_ENDPOINT_URL_DYNAMODB;
const TABLE = option('table') ?? process.env.TABLE_NAME ?? SPEC.table;
const SEGMENTS = Number(option('segments') ?? 4);
const RATE = option('rate') ? Number(option('rate')) : undefined;
const CHECKPOINT = option('checkpoint');
const DRY_RUN = process.argv.includes('--dry-run');
const CONCURRENCY = 8;
const client = new DynamoDBClient(endpoint ? { endpoint } : {});

/** A value as a key template writes it: strings, numbers as DynamoDB stores them, booleans, binary as base64. */
function text(value: AttributeValue | undefined): string | undefined {
  if (!value) return undefined;
  let out: string | undefined;
  if (value.S !== undefined) out = value.S;
  else if (value.N !== undefined) out = value.N;
  else if (value.BOOL !== undefined) out = String(value.BOOL);
  else if (value.B !== undefined) out = Buffer.from(value.B).toString('base64');
  return out === '' ? undefined : out;
}

/** {name:width}: one leading '-' kept in front, the part before the first '.' zero-padded, the rest kept. */
function pad(value: string, width: number): string {
  const sign = value.startsWith('-') ? '-' : '';
  const unsigned = value.slice(sign.length);
  const dot = unsigned.indexOf('.');
  const integer = dot < 0 ? unsigned : unsigned.slice(0, dot);
  return sign + integer.padStart(width, '0') + (dot < 0 ? '' : unsigned.slice(dot));
}

function render(key: Key, values: Item): AttributeValue | undefined {
  let out = '';
  for (const part of key.parts) {
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const value = text(values[part.name]);
    if (value === undefined) return undefined;
    out += part.width === undefined ? value : pad(value, part.width);
  }
  if (key.type === 'N') return { N: out };
  if (key.type === 'B') return { B: Buffer.from(out, 'base64') };
  return { S: out };
}

/** A key that is its attribute itself ({status} for status): the attribute is a value, not rendered. */
const isNatural = (key: Key) => key.parts.length === 1 && 'name' in key.parts[0] && key.parts[0].name === key.name;

const same = (a: AttributeValue | undefined, b: AttributeValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

function valuesOf(form: Form, item: Item): Item {
  const values: Item = { ...item };
  for (const name of form.rendered) delete values[name];
  if (SPEC.typeAttribute) delete values[SPEC.typeAttribute];
  return values;
}

function derive(entity: string, target: Target, values: Item): Item {
  const out: Item = {};
  for (const name of Object.keys(values)) {
    if (target.skip.includes(name) || (target.held && !target.held.includes(name))) continue;
    out[name] = values[name];
  }
  for (const key of target.keys) {
    const value = render(key, values);
    if (value) out[key.name] = value;
  }
  if (SPEC.newTypeAttribute) out[SPEC.newTypeAttribute] = { S: entity };
  return out;
}

type Plan = { kind: 'unchanged' | 'unknown' } | { kind: 'write'; after?: Item; moved: boolean; creates: Item[] };

function plan(item: Item): Plan {
  const type = SPEC.typeAttribute ? item[SPEC.typeAttribute]?.S : undefined;
  const entities: [string, Form[]][] =
    type !== undefined && SPEC.entities[type] ? [[type, SPEC.entities[type]]] : Object.entries(SPEC.entities);
  for (const [entity, forms] of entities)
    for (const form of forms) {
      const values = valuesOf(form, item);
      if (!form.match.every((key) => same(render(key, values), item[key.name]))) continue;
      if (!form.target) return { kind: 'unchanged' };
      const after = derive(entity, form.target, values);
      const creates = form.creates.map((t) => derive(entity, t, values));
      const moved = SPEC.keyNames.some((k: string) => !same(item[k], after[k]));
      const changed = new Set([...Object.keys(item), ...Object.keys(after)]);
      const differs = [...changed].some((k) => !same(item[k], after[k]));
      if (!moved && !differs && creates.length === 0) return { kind: 'unchanged' };
      return { kind: 'write', after: moved || differs ? after : undefined, moved, creates };
    }
  // Not an old item: already the new version (a backfill ran before), or of no entity.
  for (const [entity, forms] of entities)
    for (const form of forms)
      for (const target of [form.target, ...form.creates]) {
        if (!target) continue;
        const rendered = target.keys.filter((k) => !isNatural(k)).map((k) => k.name);
        const derived = derive(entity, target, valuesOf({ ...form, rendered }, item));
        const names = Object.keys(item);
        if (names.length === Object.keys(derived).length && names.every((k) => same(item[k], derived[k])))
          return { kind: 'unchanged' };
      }
  return { kind: 'unknown' };
}

/** The item under this key is still exactly the version that was read. */
function unchangedSince(item: Item) {
  const names: Record<string, string> = { '#k0': SPEC.keyNames[0] };
  const values: Item = {};
  const parts = ['attribute_exists(#k0)'];
  Object.keys(item)
    .filter((name) => !SPEC.keyNames.includes(name))
    .sort()
    .forEach((name, i) => {
      names['#v' + i] = name;
      values[':v' + i] = item[name];
      parts.push('#v' + i + ' = :v' + i);
    });
  return {
    ConditionExpression: parts.join(' AND '),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
  };
}

const absent = () => ({
  ConditionExpression: 'attribute_not_exists(#k0)',
  ExpressionAttributeNames: { '#k0': SPEC.keyNames[0] },
});

const keyOf = (item: Item): Item => Object.fromEntries(SPEC.keyNames.map((k: string) => [k, item[k]]));

let next = performance.now();
async function take(): Promise<void> {
  if (!RATE) return;
  const now = performance.now();
  const at = Math.max(next, now);
  next = at + 1000 / RATE;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

const isCondition = (error: unknown) => error instanceof ConditionalCheckFailedException;

/** One item to its new version; 'conflict' when it changed since it was read. */
async function write(item: Item, p: Extract<Plan, { kind: 'write' }>): Promise<'done' | 'conflict'> {
  if (p.after && p.moved) {
    await take();
    try {
      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: p.after, ...absent() } },
            { Delete: { TableName: TABLE, Key: keyOf(item), ...unchangedSince(item) } },
          ],
        }),
      );
      counts.moved++;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [put, del] = error.CancellationReasons ?? [];
      if (del?.Code === 'ConditionalCheckFailed') return 'conflict';
      if (put?.Code !== 'ConditionalCheckFailed') throw error;
      // A newer writer already wrote the new item: keep it, remove the old one if unchanged.
      try {
        await client.send(new DeleteItemCommand({ TableName: TABLE, Key: keyOf(item), ...unchangedSince(item) }));
        counts.moved++;
      } catch (e) {
        if (isCondition(e)) return 'conflict';
        throw e;
      }
    }
  } else if (p.after) {
    const condition = unchangedSince(item);
    const names: Record<string, string> = { ...condition.ExpressionAttributeNames };
    const values: Item = { ...(condition.ExpressionAttributeValues ?? {}) };
    const set: string[] = [];
    const remove: string[] = [];
    [...new Set([...Object.keys(item), ...Object.keys(p.after)])]
      .filter((k) => !same(item[k], p.after![k]))
      .forEach((name, i) => {
        names['#c' + i] = name;
        if (p.after![name] === undefined) remove.push('#c' + i);
        else {
          values[':c' + i] = p.after![name];
          set.push('#c' + i + ' = :c' + i);
        }
      });
    await take();
    try {
      await client.send(
        new UpdateItemCommand({
          TableName: TABLE,
          Key: keyOf(item),
          UpdateExpression: [set.length ? 'SET ' + set.join(', ') : '', remove.length ? 'REMOVE ' + remove.join(', ') : '']
            .filter(Boolean)
            .join(' '),
          ConditionExpression: condition.ConditionExpression,
          ExpressionAttributeNames: names,
          ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
        }),
      );
      counts.updated++;
    } catch (error) {
      if (isCondition(error)) return 'conflict';
      throw error;
    }
  }
  for (const created of p.creates) {
    await take();
    try {
      await client.send(new PutItemCommand({ TableName: TABLE, Item: created, ...absent() }));
      counts.created++;
    } catch (error) {
      if (!isCondition(error)) throw error;
    }
  }
  return 'done';
}

async function migrate(stored: Item): Promise<void> {
  let item: Item | undefined = stored;
  for (let attempt = 0; item && attempt < 10; attempt++) {
    const p = plan(item);
    if (p.kind !== 'write') {
      counts[p.kind]++;
      return;
    }
    if (DRY_RUN) {
      if (p.after) counts[p.moved ? 'moved' : 'updated']++;
      counts.created += p.creates.length;
      return;
    }
    if ((await write(item, p)) === 'done') return;
    counts.conflicts++;
    item = (await client.send(new GetItemCommand({ TableName: TABLE, Key: keyOf(item), ConsistentRead: true }))).Item;
  }
}

// The checkpoint: per segment, done or the key its Scan continues from (binary as base64), and the counts.
type Segment = { done: boolean; lastKey?: Record<string, { S?: string; N?: string; B?: string }> };
const fresh = { scanned: 0, moved: 0, updated: 0, created: 0, unchanged: 0, unknown: 0, conflicts: 0 };
const state: { table: string; segments: Segment[]; counts: typeof fresh } =
  CHECKPOINT && !DRY_RUN && existsSync(CHECKPOINT)
    ? JSON.parse(readFileSync(CHECKPOINT, 'utf8'))
    : { table: TABLE, segments: Array.from({ length: SEGMENTS }, () => ({ done: false })), counts: fresh };
if (state.table !== TABLE || state.segments.length !== SEGMENTS)
  throw new Error(CHECKPOINT + ' is a checkpoint of ' + state.table + ' with ' + state.segments.length + ' segments');
const counts = state.counts;

const encodeKey = (key: Item) =>
  Object.fromEntries(Object.entries(key).map(([k, v]) => [k, v.B ? { B: Buffer.from(v.B).toString('base64') } : v]));
const decodeKey = (key: Segment['lastKey']) =>
  key && (Object.fromEntries(Object.entries(key).map(([k, v]) => [k, v.B ? { B: Buffer.from(v.B, 'base64') } : v])) as Item);

function save(): void {
  if (!CHECKPOINT || DRY_RUN) return;
  writeFileSync(CHECKPOINT + '.tmp', JSON.stringify(state));
  renameSync(CHECKPOINT + '.tmp', CHECKPOINT);
}

async function segment(i: number): Promise<void> {
  const s = state.segments[i];
  while (!s.done) {
    const page = await client.send(
      new ScanCommand({
        TableName: TABLE,
        Segment: i,
        TotalSegments: SEGMENTS,
        ExclusiveStartKey: decodeKey(s.lastKey),
        ConsistentRead: true,
        Limit: 250,
      }),
    );
    const items = page.Items ?? [];
    for (let k = 0; k < items.length; k += CONCURRENCY) await Promise.all(items.slice(k, k + CONCURRENCY).map(migrate));
    counts.scanned += items.length;
    if (page.LastEvaluatedKey) s.lastKey = encodeKey(page.LastEvaluatedKey);
    else {
      s.done = true;
      delete s.lastKey;
    }
    save();
  }
}

// No top-level await, so that it runs as an ES module and as CommonJS alike.
Promise.all(state.segments.map((_, i) => segment(i))).then(
  () => console.log(JSON.stringify({ table: TABLE, dryRun: DRY_RUN, ...counts })),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
`;

/** The backfill program from `old` to `next`, in TypeScript (run with tsx; Node 20+, ES modules). */
export function backfillTypeScript(old: Design, next: Design): string {
  const spec = backfillSpec(old, next);
  return [
    `// Backfill generated by Keyplan: moves the items of table ${spec.table} to the new design.`,
    '// Usage: npx tsx backfill.ts --endpoint URL [--table NAME] [--segments N] [--rate N] [--checkpoint FILE] [--dry-run]',
    '// Restart it with the same --checkpoint and --segments after a failure: it resumes; items already moved stay.',
    `const SPEC = ${jsonText(JSON.stringify(spec, null, 2))} as const as unknown as {`,
    '  table: string; keyNames: string[]; typeAttribute: string | null; newTypeAttribute: string | null;',
    '  entities: Record<string, Form[]>;',
    '};',
    PROGRAM,
  ].join('\n');
}
