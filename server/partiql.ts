// The one table a PartiQL statement can reach, from a parse of the statement rather than a search of
// its text. DynamoDB's PartiQL has four statement forms, each naming exactly one table in a fixed
// place:
//   SELECT … FROM table[.index] [WHERE …]      INSERT INTO table VALUE {…}
//   UPDATE table SET|REMOVE … WHERE …          DELETE FROM table WHERE …
// The statement is tokenized (string literals, quoted identifiers, words, punctuation), the form is
// read from its first tokens, and anything that could make DynamoDB read a table somewhere else is
// refused instead of guessed at: a second statement keyword (a nested SELECT, a FROM inside an
// expression), comments, Ion literals in backticks, backslashes in literals, and any token the
// tokenizer does not know. A refused statement is never sent.

export class PartiqlRefused extends Error {
  override name = 'PartiqlRefused';
}

type Token =
  | { kind: 'word'; text: string; upper: string }
  | { kind: 'identifier'; text: string }
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'symbol'; text: string };

/** Words that start or direct a statement: allowed only where the statement's form puts them. */
const STATEMENT_WORDS = new Set(['SELECT', 'FROM', 'INSERT', 'INTO', 'UPDATE', 'DELETE', 'EXISTS']);
const MAX_STATEMENT_LENGTH = 8192;

function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const refuse = (what: string) => {
    throw new PartiqlRefused(`${what} at character ${i + 1} of the statement is not accepted`);
  };
  while (i < statement.length) {
    const c = statement[i];
    if (' \t\r\n'.includes(c)) {
      i++;
    } else if (c === '-' && statement[i + 1] === '-') {
      refuse('a comment (--)');
    } else if (c === '/' && statement[i + 1] === '*') {
      refuse('a comment (/*)');
    } else if (c === '`') {
      refuse('an Ion literal in backticks');
    } else if (c === "'" || c === '"') {
      // Both quote characters escape themselves by doubling ('it''s', "a""b").
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= statement.length) refuse(c === "'" ? 'an unterminated string' : 'an unterminated name');
        if (statement[j] === '\\') refuse('a backslash inside quotes');
        if (statement[j] === c) {
          if (statement[j + 1] === c) {
            text += c;
            j += 2;
            continue;
          }
          break;
        }
        text += statement[j];
        j++;
      }
      tokens.push(c === "'" ? { kind: 'string' } : { kind: 'identifier', text });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const text = /^[A-Za-z_][A-Za-z0-9_]*/.exec(statement.slice(i))![0];
      tokens.push({ kind: 'word', text, upper: text.toUpperCase() });
      i += text.length;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(statement[i + 1] ?? ''))) {
      const text = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?/.exec(statement.slice(i))?.[0] ?? c;
      tokens.push({ kind: 'number' });
      i += text.length;
    } else if ('<>!='.includes(c) && '<>='.includes(statement[i + 1] ?? '')) {
      tokens.push({ kind: 'symbol', text: statement.slice(i, i + 2) });
      i += 2;
    } else if ('.,;:()[]{}<>=?*+-/%|'.includes(c)) {
      tokens.push({ kind: 'symbol', text: c });
      i++;
    } else {
      refuse(`the character ${JSON.stringify(c)}`);
    }
  }
  return tokens;
}

export interface PartiqlTarget {
  form: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  index?: string;
}

function nameAt(tokens: Token[], at: number, form: string): string {
  const token = tokens[at];
  if (token?.kind === 'identifier') return token.text;
  if (token?.kind === 'word' && !STATEMENT_WORDS.has(token.upper)) return token.text;
  throw new PartiqlRefused(`${form}: expected a table name in the place the statement names its table`);
}

function word(tokens: Token[], at: number): string | undefined {
  const token = tokens[at];
  return token?.kind === 'word' ? token.upper : undefined;
}

/** Parses the statement's form and its table; throws PartiqlRefused when that cannot be proven. */
export function partiqlTarget(statement: string): PartiqlTarget {
  if (statement.length > MAX_STATEMENT_LENGTH)
    throw new PartiqlRefused(`the statement is longer than ${MAX_STATEMENT_LENGTH} characters`);
  const tokens = tokenize(statement);
  const form = word(tokens, 0);
  // Where the statement keywords of each form stand; any other place holding one is refused.
  let tablePosition: number;
  let keywordPositions: number[];
  switch (form) {
    case 'SELECT': {
      const from = tokens.findIndex((t, i) => i > 0 && t.kind === 'word' && t.upper === 'FROM');
      if (from < 0) throw new PartiqlRefused('SELECT: the statement names no table (FROM is missing)');
      tablePosition = from + 1;
      keywordPositions = [0, from];
      break;
    }
    case 'INSERT':
      if (word(tokens, 1) !== 'INTO')
        throw new PartiqlRefused('INSERT: expected INSERT INTO table VALUE {…}');
      tablePosition = 2;
      keywordPositions = [0, 1];
      break;
    case 'UPDATE':
      tablePosition = 1;
      keywordPositions = [0];
      break;
    case 'DELETE':
      if (word(tokens, 1) !== 'FROM') throw new PartiqlRefused('DELETE: expected DELETE FROM table WHERE …');
      tablePosition = 2;
      keywordPositions = [0, 1];
      break;
    default:
      throw new PartiqlRefused(
        'the statement must start with SELECT, INSERT, UPDATE or DELETE (one statement, no comments)',
      );
  }
  const table = nameAt(tokens, tablePosition, form);
  let after = tablePosition + 1;
  let index: string | undefined;
  if (
    form === 'SELECT' &&
    tokens[after]?.kind === 'symbol' &&
    (tokens[after] as { text: string }).text === '.'
  ) {
    index = nameAt(tokens, after + 1, form);
    after += 2;
  }
  tokens.forEach((token, i) => {
    if (token.kind === 'word' && STATEMENT_WORDS.has(token.upper) && !keywordPositions.includes(i)) {
      throw new PartiqlRefused(
        `${form}: "${token.text}" appears a second time; one statement may name one table only (quote an attribute of that name)`,
      );
    }
    if (token.kind === 'symbol' && token.text === ';' && i !== tokens.length - 1)
      throw new PartiqlRefused(`${form}: one statement at a time`);
  });
  // Nothing between the table and the clause that follows it but an index name (SELECT) or nothing.
  const next = tokens[after];
  if (next && next.kind !== 'word' && !(next.kind === 'symbol' && next.text === ';'))
    throw new PartiqlRefused(`${form}: unexpected text after the table name`);
  return { form, table, index };
}
