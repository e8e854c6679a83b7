// What a design's reviewers add to it: the lint configuration (rule levels, findings suppressed with a reason)
// and review comments on entities, key templates and patterns. Neither changes what is derived from the design.
import { z } from 'zod';
import { attributeName, entityName, patternId } from './schema-names.ts';

/** What the design says of a lint rule: off, or the severity of its findings. */
export const RULE_LEVELS = ['off', 'info', 'warning', 'error'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/** One finding the design's authors judged not to apply: the rule, the finding's target, and why. */
export const suppressionSchema = z
  .object({
    rule: z.string().min(1, 'must not be empty'),
    target: z.string(),
    reason: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'missing: say why the finding does not apply' : undefined,
      })
      .trim()
      .min(1, 'must say why the finding does not apply'),
  })
  .strict();
export type Suppression = z.infer<typeof suppressionSchema>;

/** Lint configuration (rule ids are checked against the linter's rules by validateDesign). */
export const lintConfigSchema = z
  .object({
    rules: z.record(z.string(), z.enum(RULE_LEVELS)).optional(),
    suppress: z.array(suppressionSchema).optional(),
  })
  .strict();
export type LintConfig = z.infer<typeof lintConfigSchema>;

/** What a review comment is about: an entity, one of its key templates, or an access pattern. */
export const COMMENT_TARGET_KINDS = ['entity', 'key-template', 'pattern'] as const;
export type CommentTargetKind = (typeof COMMENT_TARGET_KINDS)[number];

export const commentTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity'), entity: entityName }).strict(),
  /** `key` is the key attribute (table or index) whose template in the entity's `keys` is meant. */
  z.object({ kind: z.literal('key-template'), entity: entityName, key: attributeName }).strict(),
  z.object({ kind: z.literal('pattern'), pattern: patternId }).strict(),
]);
export type CommentTarget = z.infer<typeof commentTargetSchema>;

/**
 * A reviewer's comment. Comments travel with the design (a review can happen in a pull request) and never
 * change what is derived, linted or exported from it; a target the design no longer has keeps its comment.
 */
export const commentSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, "_" and "-"'),
    target: commentTargetSchema,
    author: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    text: z.string().trim().min(1, 'must not be empty').max(10_000, 'must be at most 10,000 characters'),
    createdAt: z.iso.datetime({ offset: true, message: 'must be a date-time such as 2026-12-01T10:30:00Z' }),
    resolved: z.boolean().optional(),
  })
  .strict();
export type Comment = z.infer<typeof commentSchema>;

/** A design's comments: no two with the same id. */
export const commentList = z.array(commentSchema).superRefine((comments, context) => {
  const seen = new Set<string>();
  comments.forEach((comment, i) => {
    if (seen.has(comment.id))
      context.addIssue({
        code: 'custom',
        path: [i, 'id'],
        message: `another comment has the id "${comment.id}"`,
      });
    seen.add(comment.id);
  });
});
