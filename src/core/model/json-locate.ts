// Where a problem's JSON path (`entities[1].keys.GSI1PK`) sits in the JSON text, so an editor can mark it.
// A small scanner over valid JSON: it records offsets, which JSON.parse does not give.

export interface JsonRange {
  /** Offsets into the text, end exclusive. */
  start: number;
  end: number;
  /** False when the path does not exist and the range is its deepest existing ancestor. */
  exact: boolean;
}

/** `entities[1].keys.GSI1PK` → ['entities', 1, 'keys', 'GSI1PK']; `(document)` → []. */
export function parseJsonPath(path: string): Array<string | number> {
  if (path === '' || path === '(document)') return [];
  const segments: Array<string | number> = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  for (let match = re.exec(path); match; match = re.exec(path)) {
    segments.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  }
  return segments;
}

class Scanner {
  pos = 0;
  best: { depth: number; start: number; end: number } | undefined;
  constructor(
    readonly text: string,
    readonly target: Array<string | number>,
  ) {}

  ws() {
    while (this.pos < this.text.length && ' \t\r\n'.includes(this.text[this.pos])) this.pos++;
  }

  fail(): never {
    throw new SyntaxError(`unexpected input at ${this.pos}`);
  }

  string(): string {
    const start = this.pos;
    if (this.text[this.pos] !== '"') this.fail();
    this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] !== '"') {
      if (this.text[this.pos] === '\\') this.pos++;
      this.pos++;
    }
    if (this.pos >= this.text.length) this.fail();
    this.pos++;
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }

  /** `depth` segments of the target matched so far (-1: off the target's path). */
  value(depth: number, markStart: number, markEnd?: number) {
    this.ws();
    const start = this.pos;
    const ch = this.text[this.pos];
    const onPath = depth >= 0;
    const record = (end: number) => {
      if (onPath && (!this.best || depth > this.best.depth)) this.best = { depth, start: markStart, end };
    };
    if (ch === '{') {
      this.pos++;
      record(markEnd ?? start + 1);
      this.ws();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return;
      }
      for (;;) {
        this.ws();
        const keyStart = this.pos;
        const key = this.string();
        const keyEnd = this.pos;
        this.ws();
        if (this.text[this.pos] !== ':') this.fail();
        this.pos++;
        const next = onPath && depth < this.target.length && this.target[depth] === key ? depth + 1 : -1;
        this.value(next, keyStart, keyEnd);
        this.ws();
        if (this.text[this.pos] === ',') {
          this.pos++;
          continue;
        }
        if (this.text[this.pos] === '}') {
          this.pos++;
          return;
        }
        this.fail();
      }
    }
    if (ch === '[') {
      this.pos++;
      record(markEnd ?? start + 1);
      this.ws();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return;
      }
      for (let i = 0; ; i++) {
        const next = onPath && depth < this.target.length && this.target[depth] === i ? depth + 1 : -1;
        this.ws();
        this.value(next, this.pos);
        this.ws();
        if (this.text[this.pos] === ',') {
          this.pos++;
          continue;
        }
        if (this.text[this.pos] === ']') {
          this.pos++;
          return;
        }
        this.fail();
      }
    }
    if (ch === '"') this.string();
    else {
      const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
        this.text.slice(this.pos, this.pos + 400),
      );
      if (!literal) this.fail();
      this.pos += literal[0].length;
    }
    // A scalar is marked from its key (when it has one) to its end: `"GSI1PK": "X#{statuz}"`.
    record(this.pos);
  }
}

/**
 * The range to mark for a path: a scalar with its property name; for an object or array, its property name
 * (or opening bracket), not the whole block. Undefined when the text is not valid JSON.
 */
export function locateJsonPath(text: string, path: string): JsonRange | undefined {
  const target = parseJsonPath(path);
  const scanner = new Scanner(text, target);
  try {
    scanner.value(0, 0);
  } catch {
    return undefined;
  }
  const best = scanner.best;
  if (!best) return undefined;
  return { start: best.start, end: best.end, exact: best.depth === target.length };
}

/** 1-based line and column of an offset, as editors count them. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
