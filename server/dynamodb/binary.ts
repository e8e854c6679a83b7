// Binary at the SDK's edge. Keyplan's AttributeValues (the core's, the HTTP API's, `keyplan requests`) hold
// B and BS as base64 text, as DynamoDB's JSON does; the SDK holds them as bytes (Uint8Array). Given a string
// it does not decode it (a BS member is sent as the bytes of its base64 text), and it answers with
// Uint8Array, which JSON.stringify writes as {"0":0,"1":1}. So every input is turned into bytes before it is
// sent, and every answer back into base64 before anything else reads it.

/** An AttributeValue that is binary as base64 text: `{ "B": "AAE=" }` or `{ "BS": ["AAE="] }`, nothing else. */
function binaryText(node: Record<string, unknown>): 'B' | 'BS' | undefined {
  const keys = Object.keys(node);
  if (keys.length !== 1) return undefined;
  const value = node[keys[0]];
  if (keys[0] === 'B' && typeof value === 'string') return 'B';
  if (keys[0] === 'BS' && Array.isArray(value) && value.every((m) => typeof m === 'string')) return 'BS';
  return undefined;
}

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** JSON's objects: what an input or an answer is made of (a Date or a class instance is left alone). */
function isPlainObject(node: unknown): node is Record<string, unknown> {
  if (node === null || typeof node !== 'object') return false;
  const proto = Object.getPrototypeOf(node);
  return proto === Object.prototype || proto === null;
}

/**
 * An SDK input (or an item, a key) with every binary AttributeValue's base64 decoded to bytes. Only an
 * AttributeValue can be `{ "B": <string> }` (an attribute map holds AttributeValues, never strings), so the
 * whole input is walked without knowing where its AttributeValues sit. Bytes already given stay as they are.
 */
export function toSdk<T>(node: T): T {
  if (Array.isArray(node)) return sameOr(node, node.map(toSdk)) as T;
  if (!isPlainObject(node)) return node;
  const binary = binaryText(node);
  if (binary === 'B') return { B: bytesOf(node.B as string) } as T;
  if (binary === 'BS') return { BS: (node.BS as string[]).map(bytesOf) } as T;
  const entries = Object.entries(node);
  const converted = entries.map(([, value]) => toSdk(value));
  if (converted.every((value, i) => value === entries[i][1])) return node;
  // fromEntries defines own properties, so even an attribute named "__proto__" stays an attribute.
  return Object.fromEntries(entries.map(([name], i) => [name, converted[i]])) as T;
}

/** The array itself when no member changed (most items hold no binary: they are not copied). */
function sameOr(original: unknown[], converted: unknown[]): unknown[] {
  return converted.every((value, i) => value === original[i]) ? original : converted;
}

/** An SDK answer with every Uint8Array (a B value, a BS member) as base64 text, as DynamoDB's JSON has it. */
export function fromSdk<T>(node: T): T {
  if (node instanceof Uint8Array) return Buffer.from(node).toString('base64') as T;
  if (Array.isArray(node)) return node.map(fromSdk) as T;
  if (!isPlainObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, fromSdk(value)])) as T;
}
