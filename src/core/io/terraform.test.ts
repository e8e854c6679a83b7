// The Terraform export checked against the provider's documented schema of aws_dynamodb_table (there is
// no terraform binary here): a small HCL parser reads the output back, and every argument and block
// must be known, required ones present, nested where the schema says, and values of the right type.
import { describe, expect, it } from 'vitest';
import { EXPORT_DESIGNS } from '../test-support/golden-designs.ts';
import { terraformHcl } from './terraform.ts';

// ---- The schema, from the "Argument Reference" and "Timeouts" of the Terraform AWS provider's
// documentation: hashicorp/terraform-provider-aws, website/docs/r/dynamodb_table.html.markdown
// (commit 014ed70ef926d19dd400b23f513e99668f00edb8).
type ArgumentType = 'string' | 'number' | 'bool' | 'list(string)' | 'map(string)';
interface ArgumentSchema {
  type: ArgumentType;
  required?: boolean;
  values?: readonly string[];
}
interface BlockSchema {
  arguments: Record<string, ArgumentSchema>;
  blocks: Record<string, { schema: BlockSchema; required?: boolean; maxItems?: number }>;
}

const PROJECTION_TYPES = ['ALL', 'INCLUDE', 'KEYS_ONLY'] as const;
const opt = (type: ArgumentType, values?: readonly string[]): ArgumentSchema => ({ type, values });
const req = (type: ArgumentType, values?: readonly string[]): ArgumentSchema => ({
  type,
  required: true,
  values,
});
const leaf = (args: Record<string, ArgumentSchema>): BlockSchema => ({ arguments: args, blocks: {} });

const AWS_DYNAMODB_TABLE: BlockSchema = {
  arguments: {
    hash_key: req('string'),
    name: req('string'),
    billing_mode: opt('string', ['PROVISIONED', 'PAY_PER_REQUEST']),
    deletion_protection_enabled: opt('bool'),
    range_key: opt('string'),
    read_capacity: opt('number'),
    restore_date_time: opt('string'),
    restore_source_name: opt('string'),
    restore_to_latest_time: opt('bool'),
    stream_enabled: opt('bool'),
    stream_view_type: opt('string', ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES']),
    table_class: opt('string', ['STANDARD', 'STANDARD_INFREQUENT_ACCESS']),
    tags: opt('map(string)'),
    write_capacity: opt('number'),
  },
  blocks: {
    attribute: {
      required: true,
      schema: leaf({ name: req('string'), type: req('string', ['S', 'N', 'B']) }),
    },
    // hashicorp/aws 6.29.0 added `key_schema` blocks to a GSI (mutually exclusive with hash_key and
    // range_key, required without hash_key), the only way to write a multi-attribute key.
    global_secondary_index: {
      schema: {
        arguments: {
          hash_key: opt('string'),
          name: req('string'),
          non_key_attributes: opt('list(string)'),
          projection_type: req('string', PROJECTION_TYPES),
          range_key: opt('string'),
          read_capacity: opt('number'),
          write_capacity: opt('number'),
        },
        blocks: {
          key_schema: {
            schema: leaf({ attribute_name: req('string'), key_type: req('string', ['HASH', 'RANGE']) }),
          },
        },
      },
    },
    local_secondary_index: {
      schema: leaf({
        name: req('string'),
        non_key_attributes: opt('list(string)'),
        projection_type: req('string', PROJECTION_TYPES),
        range_key: req('string'),
      }),
    },
    import_table: {
      maxItems: 1,
      schema: {
        arguments: {
          input_compression_type: opt('string', ['GZIP', 'ZSTD', 'NONE']),
          input_format: req('string', ['CSV', 'DYNAMODB_JSON', 'ION']),
        },
        blocks: {
          input_format_options: {
            maxItems: 1,
            schema: {
              arguments: {},
              blocks: {
                csv: {
                  maxItems: 1,
                  schema: leaf({ delimiter: opt('string'), header_list: opt('list(string)') }),
                },
              },
            },
          },
          s3_bucket_source: {
            required: true,
            maxItems: 1,
            schema: leaf({ bucket: req('string'), bucket_owner: opt('string'), key_prefix: opt('string') }),
          },
        },
      },
    },
    on_demand_throughput: {
      maxItems: 1,
      schema: leaf({ max_read_request_units: opt('number'), max_write_request_units: opt('number') }),
    },
    point_in_time_recovery: { maxItems: 1, schema: leaf({ enabled: req('bool') }) },
    replica: {
      schema: leaf({
        kms_key_arn: opt('string'),
        point_in_time_recovery: opt('bool'),
        propagate_tags: opt('bool'),
        region_name: req('string'),
      }),
    },
    server_side_encryption: {
      maxItems: 1,
      schema: leaf({ enabled: req('bool'), kms_key_arn: opt('string') }),
    },
    ttl: { maxItems: 1, schema: leaf({ attribute_name: opt('string'), enabled: opt('bool') }) },
    timeouts: {
      maxItems: 1,
      schema: leaf({ create: opt('string'), update: opt('string'), delete: opt('string') }),
    },
  },
};

// ---- A tiny HCL reader: blocks with quoted labels, `key = value` with strings, numbers, bools and
// lists of strings. Anything else (expressions, interpolation, maps) is an error: the export never
// writes them.
type HclValue = string | number | boolean | HclValue[];
interface HclBlock {
  type: string;
  labels: string[];
  arguments: [string, HclValue][];
  blocks: HclBlock[];
}
type Token = { kind: 'ident' | 'string' | 'number' | 'punct' | 'newline'; text: string; value?: HclValue };

const STRING_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === ' ' || c === '\t') i++;
    else if (c === '#') while (i < source.length && source[i] !== '\n') i++;
    else if (c === '\n') {
      tokens.push({ kind: 'newline', text: '\n' });
      i++;
    } else if ('{}[]=,'.includes(c)) {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if (c === '"') {
      let value = '';
      for (i++; source[i] !== '"'; i++) {
        if (i >= source.length || source[i] === '\n') throw new Error('unterminated string');
        if (source[i] === '\\') {
          const e = source[++i];
          if (e === 'u') {
            value += String.fromCharCode(Number.parseInt(source.slice(i + 1, i + 5), 16));
            i += 4;
          } else if (e in STRING_ESCAPES) value += STRING_ESCAPES[e];
          else throw new Error(`unknown escape \\${e}`);
        } else if (source.startsWith('$${', i) || source.startsWith('%%{', i)) {
          value += `${source[i]}{`;
          i += 2;
        } else if (source.startsWith('${', i) || source.startsWith('%{', i)) {
          throw new Error('template interpolation in a string');
        } else value += source[i];
      }
      i++;
      tokens.push({ kind: 'string', text: 'string', value });
    } else {
      const match = /^(-?\d+(?:\.\d+)?)|^([A-Za-z_][A-Za-z0-9_-]*)/.exec(source.slice(i));
      if (!match) throw new Error(`unexpected character ${JSON.stringify(c)}`);
      if (match[1]) tokens.push({ kind: 'number', text: match[1], value: Number(match[1]) });
      else if (match[2] === 'true' || match[2] === 'false')
        tokens.push({ kind: 'number', text: match[2], value: match[2] === 'true' });
      else tokens.push({ kind: 'ident', text: match[2] });
      i += match[0].length;
    }
  }
  return tokens;
}

function parseHcl(source: string): HclBlock {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (!token) throw new Error('unexpected end of file');
    return token;
  };
  const expectPunct = (text: string) => {
    const token = next();
    if (token.kind !== 'punct' || token.text !== text) throw new Error(`expected ${text}, got ${token.text}`);
  };
  const skipNewlines = () => {
    while (peek()?.kind === 'newline') at++;
  };
  const value = (): HclValue => {
    const token = next();
    if (token.kind === 'string' || token.kind === 'number') return token.value as HclValue;
    if (token.kind !== 'punct' || token.text !== '[') throw new Error(`unsupported value ${token.text}`);
    const items: HclValue[] = [];
    skipNewlines();
    while (peek()?.text !== ']') {
      items.push(value());
      skipNewlines();
      if (peek()?.text === ',') next();
      skipNewlines();
    }
    next();
    return items;
  };
  const body = (block: HclBlock, closing: boolean): HclBlock => {
    for (skipNewlines(); peek() && !(closing && peek().text === '}'); skipNewlines()) {
      const name = next();
      if (name.kind !== 'ident') throw new Error(`expected a name, got ${name.text}`);
      if (peek()?.text === '=') {
        next();
        block.arguments.push([name.text, value()]);
        if (peek() && peek().kind !== 'newline') throw new Error(`expected a new line after ${name.text}`);
        continue;
      }
      const labels: string[] = [];
      while (peek()?.kind === 'string') labels.push(next().value as string);
      expectPunct('{');
      block.blocks.push(body({ type: name.text, labels, arguments: [], blocks: [] }, true));
      expectPunct('}');
    }
    return block;
  };
  return body({ type: '(file)', labels: [], arguments: [], blocks: [] }, false);
}

// ---- The structural check.
function typeOf(value: HclValue): ArgumentType | 'list' {
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? 'list(string)' : 'list';
  return typeof value === 'boolean' ? 'bool' : (typeof value as 'string' | 'number');
}

function checkBlock(block: HclBlock, schema: BlockSchema, path: string, problems: string[]): void {
  const seen = new Set<string>();
  for (const [name, value] of block.arguments) {
    const arg = schema.arguments[name];
    if (!arg) problems.push(`${path}.${name}: unknown argument`);
    else if (typeOf(value) !== arg.type)
      problems.push(`${path}.${name}: expected ${arg.type}, got ${typeOf(value)}`);
    else if (arg.values && !arg.values.includes(value as string))
      problems.push(`${path}.${name}: ${JSON.stringify(value)} is not one of ${arg.values.join(', ')}`);
    if (seen.has(name)) problems.push(`${path}.${name}: set twice`);
    seen.add(name);
  }
  for (const [name, arg] of Object.entries(schema.arguments))
    if (arg.required && !seen.has(name)) problems.push(`${path}: missing required argument ${name}`);
  for (const child of block.blocks) {
    const nested = schema.blocks[child.type];
    if (!nested) problems.push(`${path}.${child.type}: unknown block`);
    else if (child.labels.length > 0) problems.push(`${path}.${child.type}: a nested block has no labels`);
    else checkBlock(child, nested.schema, `${path}.${child.type}`, problems);
  }
  for (const [type, nested] of Object.entries(schema.blocks)) {
    const count = block.blocks.filter((b) => b.type === type).length;
    if (nested.required && count === 0) problems.push(`${path}: missing required block ${type}`);
    if (nested.maxItems !== undefined && count > nested.maxItems)
      problems.push(`${path}: at most ${nested.maxItems} ${type} block(s), got ${count}`);
  }
}

const argumentOf = (block: HclBlock, name: string) => block.arguments.find(([n]) => n === name)?.[1];

/** The rules between arguments that the provider documents in words. */
function checkRules(table: HclBlock, problems: string[]): void {
  const attributes = table.blocks.filter((b) => b.type === 'attribute').map((b) => argumentOf(b, 'name'));
  const indexes = table.blocks.filter((b) => b.type.endsWith('_secondary_index'));
  const keys = [table, ...indexes].flatMap((b) => [
    argumentOf(b, 'hash_key'),
    argumentOf(b, 'range_key'),
    ...b.blocks.filter((k) => k.type === 'key_schema').map((k) => argumentOf(k, 'attribute_name')),
  ]);
  for (const index of indexes.filter((b) => b.type === 'global_secondary_index')) {
    const schema = index.blocks.filter((b) => b.type === 'key_schema').map((b) => argumentOf(b, 'key_type'));
    const name = argumentOf(index, 'name');
    const hash = argumentOf(index, 'hash_key') !== undefined;
    if (hash === schema.length > 0)
      problems.push(`global_secondary_index ${name}: needs either hash_key or key_schema blocks`);
    if (!hash && argumentOf(index, 'range_key') !== undefined)
      problems.push(`global_secondary_index ${name}: range_key goes with hash_key, not key_schema`);
    const hashes = schema.filter((t) => t === 'HASH').length;
    if (schema.length > 0 && (hashes < 1 || hashes > 4 || schema.length - hashes > 4))
      problems.push(`global_secondary_index ${name}: key_schema takes 1–4 HASH and up to 4 RANGE attributes`);
    if (schema.join() !== [...schema].sort().join())
      problems.push(
        `global_secondary_index ${name}: key_schema lists its HASH attributes before its RANGE ones`,
      );
  }
  const used = keys.filter((k): k is HclValue => k !== undefined);
  for (const key of used)
    if (!attributes.includes(key)) problems.push(`key ${key} is not defined as an attribute`);
  for (const name of attributes)
    if (name === undefined || !used.includes(name))
      problems.push(`attribute ${name} is in no key (the provider loops in plan)`);
  const provisioned = (argumentOf(table, 'billing_mode') ?? 'PROVISIONED') === 'PROVISIONED';
  for (const block of [table, ...indexes.filter((b) => b.type === 'global_secondary_index')]) {
    for (const capacity of ['read_capacity', 'write_capacity']) {
      const set = argumentOf(block, capacity) !== undefined;
      if (provisioned && !set) problems.push(`${block.type}: ${capacity} is required when PROVISIONED`);
      if (!provisioned && set) problems.push(`${block.type}: ${capacity} is for PROVISIONED only`);
    }
  }
  for (const index of indexes) {
    const include = argumentOf(index, 'projection_type') === 'INCLUDE';
    if (include !== (argumentOf(index, 'non_key_attributes') !== undefined))
      problems.push(`${index.type} ${argumentOf(index, 'name')}: non_key_attributes goes with INCLUDE only`);
  }
  const ttl = table.blocks.find((b) => b.type === 'ttl');
  if (ttl && (argumentOf(ttl, 'enabled') === true) !== (argumentOf(ttl, 'attribute_name') !== undefined))
    problems.push('ttl: attribute_name is required when enabled, and must not be set otherwise');
  if (argumentOf(table, 'stream_view_type') !== undefined && argumentOf(table, 'stream_enabled') !== true)
    problems.push('stream_view_type needs stream_enabled = true');
}

/** Every problem of a Terraform file that should hold one aws_dynamodb_table. */
function terraformProblems(source: string): string[] {
  const file = parseHcl(source);
  const problems: string[] = [];
  if (file.arguments.length > 0 || file.blocks.length !== 1) problems.push('expected exactly one block');
  const [resource] = file.blocks;
  if (resource?.type !== 'resource' || resource.labels[0] !== 'aws_dynamodb_table')
    problems.push('expected resource "aws_dynamodb_table"');
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(resource?.labels[1] ?? '') || resource.labels.length !== 2)
    problems.push(`bad resource name ${JSON.stringify(resource?.labels[1])}`);
  if (resource) {
    checkBlock(resource, AWS_DYNAMODB_TABLE, 'aws_dynamodb_table', problems);
    checkRules(resource, problems);
  }
  return problems;
}

describe('the Terraform export', () => {
  it.each(EXPORT_DESIGNS)('of $name follows the provider schema and carries the design', ({ design }) => {
    const hcl = terraformHcl(design);
    expect(terraformProblems(hcl)).toEqual([]);
    const [resource] = parseHcl(hcl).blocks;
    const { table } = design;
    expect(argumentOf(resource, 'name')).toBe(table.name);
    expect(argumentOf(resource, 'billing_mode')).toBe(table.billing.mode);
    expect(argumentOf(resource, 'hash_key')).toBe(table.partitionKey.name);
    expect(argumentOf(resource, 'range_key')).toBe(table.sortKey?.name);
    const named = (type: string) =>
      resource.blocks.filter((b) => b.type === type).map((b) => argumentOf(b, 'name'));
    expect(named('global_secondary_index')).toEqual(table.globalSecondaryIndexes.map((g) => g.name));
    expect(named('local_secondary_index')).toEqual(table.localSecondaryIndexes.map((l) => l.name));
    expect(argumentOf(resource, 'stream_view_type')).toBe(table.stream);
    const ttl = resource.blocks.find((b) => b.type === 'ttl');
    expect(ttl && argumentOf(ttl, 'attribute_name')).toBe(table.ttlAttribute);
    expect(resource.blocks.some((b) => b.type === 'point_in_time_recovery')).toBe(
      Boolean(table.pointInTimeRecovery),
    );
  });

  const full = EXPORT_DESIGNS.find((d) => d.name === 'full-featured')!.design;

  it('writes any attribute name as an HCL string that reads back the same', () => {
    const design = structuredClone(full);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ is what HCL must escape
    design.table.ttlAttribute = 'ttl ${now} %{if} "quoted" back\\slash\ttab\u0001';
    const [resource] = parseHcl(terraformHcl(design)).blocks;
    const ttl = resource.blocks.find((b) => b.type === 'ttl');
    expect(ttl && argumentOf(ttl, 'attribute_name')).toBe(design.table.ttlAttribute);
  });

  it('finds what the provider would reject', () => {
    const broken = terraformHcl(full)
      .replace('stream_enabled   = true', 'stream_enabled   = "yes"')
      .replace('projection_type    = "INCLUDE"', 'projection_type    = "SOME"')
      .replace('  ttl {', '  ttl {\n    lifetime = "1d"')
      .replace('    hash_key        = "GSI3PK"\n', '')
      .replace('    write_capacity  = 5\n  }\n\n  global_secondary_index', '  }\n\n  global_secondary_index')
      .replace(
        '  point_in_time_recovery {',
        '  point_in_time_recovery {\n    enabled = false\n  }\n\n  point_in_time_recovery {',
      );
    expect(terraformProblems(broken)).toEqual([
      'aws_dynamodb_table.stream_enabled: expected bool, got string',
      'aws_dynamodb_table.global_secondary_index.projection_type: "SOME" is not one of ALL, INCLUDE, KEYS_ONLY',
      'aws_dynamodb_table.ttl.lifetime: unknown argument',
      'aws_dynamodb_table: at most 1 point_in_time_recovery block(s), got 2',
      'global_secondary_index ByEmail: needs either hash_key or key_schema blocks',
      'attribute GSI3PK is in no key (the provider loops in plan)',
      'global_secondary_index: write_capacity is required when PROVISIONED',
      'global_secondary_index ByAssignee: non_key_attributes goes with INCLUDE only',
      'stream_view_type needs stream_enabled = true',
    ]);
  });
});
