// The parameters of a generated function: a scalar, or a list that repeats an action or a get. Apart from
// plan.ts so the write plans (plan-writes.ts) that plan.ts imports can name them.
import type { AttributeType } from '../../values/json-value.ts';

export interface ParamPlan {
  /** The argument's name in the design (a TypeScript property as it is). */
  name: string;
  type: AttributeType;
  required: boolean;
  enum?: (string | number)[];
  py: string;
}

/** A parameter that repeats an action or a get once per element (the design's example gives a list). */
export interface ListPlan {
  py: string;
  ts: string;
  /** The Python loop variable and the TypeScript callback parameter. */
  pyItem: string;
  tsItem: string;
  /** One field: a list of values; several: a list of objects with these fields. */
  fields: ParamPlan[];
}
