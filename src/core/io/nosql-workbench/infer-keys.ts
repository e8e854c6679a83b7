// Key templates for one entity, from the key values its items hold. A template is accepted only when it
// gives back every item's key exactly (fit-template.ts), so the imported design derives the very items of
// the model. Templates a file names (Keyplan's own copy, a facet alias written as a template, a ModelSchema
// value) are tried first; otherwise one is inferred (infer-templates.ts), and a named template that does
// not fit still names the parts of the inferred one.

import { type EntityDraft, fitTemplate, type KeySpec, type KeyValues } from './fit-template.ts';
import { inferredTemplates, isName } from './infer-templates.ts';

export interface TemplateCandidate {
  template: string;
  /** Where the template comes from, for the warning when it does not fit the data. */
  source: string;
}

/**
 * A named template that does not fit, as an alias: it still says what its parts are called
 * (`{timestamp}#{treatmentId}` → "timestamp#treatmentId"). Parts mixing text and placeholders say nothing.
 */
function templateAlias(template: string): string | undefined {
  const parts = template.split('#').map((part) => /^\{([^{}:]+)(?::\d+)?\}$/.exec(part)?.[1] ?? part);
  return parts.some(isName) ? parts.join('#') : undefined;
}

export interface ChosenTemplate {
  template: string | undefined;
  /** Named candidates that do not fit, and why. */
  rejected: (TemplateCandidate & { why: string })[];
}

/**
 * The template for one key attribute of the entity. `infer` false (an index key no item of the entity
 * has) tries only the named candidates: without data there is nothing to infer, and no template keeps the
 * entity out of the index.
 */
export function chooseTemplate(
  draft: EntityDraft,
  key: KeySpec,
  values: KeyValues,
  options: { candidates: TemplateCandidate[]; alias?: string; infer: boolean },
): ChosenTemplate {
  const rejected: ChosenTemplate['rejected'] = [];
  for (const candidate of options.candidates) {
    const why = fitTemplate(draft, key, values, candidate.template);
    if (why === undefined) return { template: candidate.template, rejected };
    rejected.push({ ...candidate, why });
  }
  if (!options.infer) return { template: undefined, rejected };
  const alias = options.alias ?? rejected.map((candidate) => templateAlias(candidate.template)).find(Boolean);
  for (const template of inferredTemplates(draft, key, values, alias)) {
    if (fitTemplate(draft, key, values, template) === undefined) return { template, rejected };
  }
  // The last inferred template is one new attribute holding each whole value, which always fits.
  throw new Error(`no template fits ${key.name}`);
}
