// String keys longer than DynamoDB takes (2048 bytes for a partition key, 1024 for a sort key): a key
// template whose literal text alone is too long, and samples whose rendered keys are, counted without
// rendering them and checked again only when their samples or templates change (validate-cache.ts).
import { parseTemplate } from '../keys/template.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import {
  formatBytes,
  KEY_LIMIT_BYTES,
  type KeyRole,
  keyLimitText,
  keyRoles,
  minimumKeyBytes,
  renderedKeyBytes,
} from '../model/key-limits.ts';
import type { Design, Entity } from '../model/schema.ts';
import { checkSamplesOnce, samplesCache } from './validate-cache.ts';

/** Why a key template cannot render a key DynamoDB takes, whatever the values: its text alone is too long. */
export function templateTooLong(template: string, role: KeyRole): string | undefined {
  const least = minimumKeyBytes(template);
  if (least.total <= KEY_LIMIT_BYTES[role]) return undefined;
  const parts = [`${formatBytes(least.literal)} of literal text`];
  const padded = parseTemplate(template).flatMap((part) =>
    part.kind === 'placeholder' && part.width !== undefined ? [part] : [],
  );
  if (padded.length > 0) {
    const widest = padded.reduce((a, b) => ((b.width ?? 0) > (a.width ?? 0) ? b : a));
    parts.push(
      `${formatBytes(least.padding)} of placeholders, ${formatBytes(padded.length)} of them padded like {${widest.name}:${widest.width}}`,
    );
  }
  return `renders at least ${formatBytes(least.total)} bytes, longer than ${keyLimitText(role)}: ${parts.join(' and ')}`;
}

/**
 * Samples whose rendered string keys are longer than DynamoDB takes, counted without rendering them: one
 * problem per entity and key, at the first such sample, with how many others there are.
 */
export function checkItemKeys(design: Design, add: (path: string, message: string) => void) {
  const roles = keyRoles(design);
  const keyTypes = keyAttributeTypes(design);
  for (const entity of design.entities) {
    const samples = design.items[entity.name];
    if (!samples?.length) continue;
    // The entity's own keys and its copies' (the same samples render them).
    const templates = new Set(
      [entity.keys, ...(entity.copies ?? []).map((copy) => copy.keys)].flatMap((keys) =>
        Object.entries(keys).map((entry) => JSON.stringify(entry)),
      ),
    );
    // What the check reads besides the samples: the templates and their keys' roles and types.
    const inputs = JSON.stringify(
      [...templates].map((entry) => {
        const [keyName] = JSON.parse(entry) as [string, string];
        return [entry, roles.get(keyName) ?? null, keyTypes.get(keyName) ?? null];
      }),
    );
    checkSamplesOnce(checkedKeys, samples, [entity.name, inputs], add, (add) =>
      checkRenderedKeys(entity, samples, templates, roles, keyTypes, add),
    );
  }
}

const checkedKeys = samplesCache();

function checkRenderedKeys(
  entity: Entity,
  samples: Design['items'][string],
  templates: Set<string>,
  roles: Map<string, KeyRole>,
  keyTypes: Map<string, string>,
  add: (path: string, message: string) => void,
) {
  for (const [keyName, template] of [...templates].map((entry) => JSON.parse(entry) as [string, string])) {
    const role = roles.get(keyName);
    if (!role || keyTypes.get(keyName) !== 'S') continue;
    const limit = KEY_LIMIT_BYTES[role];
    try {
      if (minimumKeyBytes(template).total > limit) continue; // reported on the template
    } catch {
      continue; // a syntax error, reported on the template
    }
    let first: { index: number; bytes: number } | undefined;
    let others = 0;
    samples.forEach((sample, index) => {
      const bytes = renderedKeyBytes(template, sample);
      if (bytes === undefined || bytes <= limit) return;
      if (first) others++;
      else first = { index, bytes };
    });
    if (!first) continue;
    const more = others > 0 ? ` (and ${formatBytes(others)} more of its samples)` : '';
    add(
      `items.${entity.name}[${first.index}]`,
      `${keyName} renders ${formatBytes(first.bytes)} bytes for this sample, longer than ${keyLimitText(role)}${more}`,
    );
  }
}
