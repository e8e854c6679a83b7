// The NoSQL Workbench data model file, as its versions write it: unversioned (2019), "1.0", "2.0" (some
// with a `ModelSchema` of OneTable templates from the DynamoDB Labs visualizer, at the top or in a table)
// and "3.0" (BillingMode, ProvisionedCapacitySettings, SampleDataFormats). Lenient where real files vary
// (unknown fields pass, optional sections may be missing); strict on what an import cannot do without.
// Items stay raw here (DynamoDB JSON is read value by value in rows.ts, so one bad value drops that value,
// not the model); the sections only some tools write (ModelSchema, SavedQuery) are read where they are used.
import { z } from 'zod';
import { formatPath } from '../../checks/validate.ts';
import { DESIGN_FORMAT, KEY_TYPES } from '../../model/schema.ts';
import { BILLING_MODES, PROJECTION_TYPES } from '../../model/table-schema.ts';

const name = z.string().min(1, 'must not be empty');

const keyAttributeSchema = z.looseObject({ AttributeName: name, AttributeType: z.enum(KEY_TYPES) });
const keyAttributesSchema = z.looseObject({
  PartitionKey: keyAttributeSchema,
  SortKey: keyAttributeSchema.optional(),
});
const throughputSchema = z.looseObject({
  ReadCapacityUnits: z.number(),
  WriteCapacityUnits: z.number(),
});
export const rowSchema = z.record(z.string(), z.unknown());
export type WorkbenchRow = z.infer<typeof rowSchema>;

export const workbenchFacetSchema = z.looseObject({
  FacetName: z.string(),
  KeyAttributeAlias: z
    .looseObject({ PartitionKeyAlias: z.string().optional(), SortKeyAlias: z.string().optional() })
    .optional(),
  TableData: z.array(rowSchema).optional(),
  NonKeyAttributes: z.array(z.string()).optional(),
});
export type WorkbenchFacet = z.infer<typeof workbenchFacetSchema>;

export const workbenchTableSchema = z.looseObject({
  TableName: name,
  KeyAttributes: keyAttributesSchema,
  // The type is a free string here: older files wrote types Keyplan does not know, and a declaration
  // only matters for attributes without sample values.
  NonKeyAttributes: z.array(z.looseObject({ AttributeName: name, AttributeType: z.string() })).optional(),
  TableFacets: z.array(workbenchFacetSchema).optional(),
  GlobalSecondaryIndexes: z
    .array(
      z.looseObject({
        IndexName: name,
        KeyAttributes: keyAttributesSchema,
        Projection: z
          .looseObject({
            ProjectionType: z.enum(PROJECTION_TYPES),
            NonKeyAttributes: z.array(z.string()).optional(),
          })
          .optional(),
        ProvisionedThroughput: throughputSchema.optional(),
      }),
    )
    .optional(),
  TableData: z.array(rowSchema).optional(),
  BillingMode: z.enum(BILLING_MODES).optional(),
  ProvisionedCapacitySettings: z
    .looseObject({
      ProvisionedThroughput: throughputSchema.optional(),
      AutoScalingRead: z.unknown().optional(),
      AutoScalingWrite: z.unknown().optional(),
    })
    .optional(),
  SampleDataFormats: z.record(z.string(), z.array(z.string())).optional(),
  DataAccess: z.unknown().optional(),
  ModelSchema: z.unknown().optional(),
  SavedQuery: z.unknown().optional(),
});
export type WorkbenchTable = z.infer<typeof workbenchTableSchema>;

export const workbenchModelSchema = z.looseObject({
  ModelName: z.string().optional(),
  ModelMetadata: z
    .looseObject({
      Author: z.string().optional(),
      DateCreated: z.string().optional(),
      DateLastModified: z.string().optional(),
      Description: z.string().optional(),
      AWSService: z.string().optional(),
      Version: z.string().optional(),
    })
    .optional(),
  DataModel: z.array(workbenchTableSchema).min(1, 'a model needs at least one table'),
  ModelSchema: z.unknown().optional(),
  /** Keyplan's own copy of what Workbench cannot hold (templates, patterns…), written by exportWorkbench. */
  KeyplanDesign: z.unknown().optional(),
});
export type WorkbenchModel = z.infer<typeof workbenchModelSchema>;

export type ParsedModel = { ok: true; model: WorkbenchModel } | { ok: false; message: string };

const MAX_ISSUES = 5;

function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined) return 'required';
  if (issue.code === 'invalid_type') return `expected ${issue.expected}, got ${shown(issue.input)}`;
  if (issue.code === 'invalid_value')
    return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${shown(issue.input)}`;
  return undefined;
};

function foreignMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return `not a NoSQL Workbench model: expected a JSON object, got ${shown(json)}`;
  if ('DataModel' in json) return undefined;
  if ((json as { format?: unknown }).format === DESIGN_FORMAT)
    return `not a NoSQL Workbench model: this is a Keyplan design (${DESIGN_FORMAT}); open it as a design instead`;
  const keys = Object.keys(json);
  const listed = keys.length > 8 ? [...keys.slice(0, 8), '…'] : keys;
  return `not a NoSQL Workbench model: missing DataModel (found keys: ${listed.join(', ') || 'none'})`;
}

/** Checks the shape of a parsed JSON value; the message names what is wrong and where. */
export function parseWorkbenchModel(json: unknown): ParsedModel {
  const foreign = foreignMessage(json);
  if (foreign) return { ok: false, message: foreign };
  const parsed = workbenchModelSchema.safeParse(json, { error: errorMap });
  if (parsed.success) return { ok: true, model: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return {
    ok: false,
    message: `not a valid NoSQL Workbench model: ${issues.slice(0, MAX_ISSUES).join('; ')}${more}`,
  };
}
