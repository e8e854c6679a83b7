// A response schema (zod, what the server checks each answer against) and the contract's interface (what
// the SPA reads) are two spellings of one shape. `sameType` makes the compiler refuse a pair that drifts
// either way: a field in one and not the other, or optional in one and required in the other.

/** True only when A and B are the same type (not merely assignable one way). */
export type SameType<A, B> =
  (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

/** Compiles only when its argument is `true`: `sameType<SameType<z.infer<typeof s>, T>>()`. */
export function sameType<_Same extends true>(): void {}
