/**
 * The search language of SPEC §7.4, shared by list boxes, saved views and the API:
 * free words, `field:value`, `field:>value` (also >=, <, <=), `-field:value` or `NOT`, `OR`,
 * parentheses, quoted values, dates as 2026-11-01 or relative -7d. Words side by side mean AND.
 */
export type Comparison = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export type SearchNode =
  | { type: 'and'; children: SearchNode[] }
  | { type: 'or'; children: SearchNode[] }
  | { type: 'not'; child: SearchNode }
  | { type: 'term'; field: string | null; op: Comparison; value: string };

export class SearchSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
  }
}

type Token =
  | { kind: 'lparen' | 'rparen' | 'or' | 'and' | 'not'; pos: number }
  | { kind: 'term'; pos: number; field: string | null; op: Comparison; value: string; negated: boolean };

const OPS: [string, Comparison][] = [
  ['>=', 'gte'],
  ['<=', 'lte'],
  ['>', 'gt'],
  ['<', 'lt'],
];

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const readValue = (): string => {
    if (input[i] === '"') {
      const start = i;
      i++;
      let out = '';
      while (i < input.length && input[i] !== '"') {
        if (input[i] === '\\' && i + 1 < input.length) i++;
        out += input[i++];
      }
      if (input[i] !== '"') throw new SearchSyntaxError('A quote is not closed. Add the closing ".', start);
      i++;
      return out;
    }
    let out = '';
    while (i < input.length && !/[\s()]/.test(input[i]!)) out += input[i++];
    return out;
  };
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const pos = i;
    if (c === '(') {
      tokens.push({ kind: 'lparen', pos });
      i++;
      continue;
    }
    if (c === ')') {
      tokens.push({ kind: 'rparen', pos });
      i++;
      continue;
    }
    let negated = false;
    if (c === '-' && i + 1 < input.length && !/[\s\d]/.test(input[i + 1]!)) {
      negated = true;
      i++;
    }
    if (!negated && input[i] !== '"') {
      const word = /^(OR|AND|NOT)(?=[\s()]|$)/.exec(input.slice(i));
      if (word) {
        tokens.push({ kind: word[1]!.toLowerCase() as 'or' | 'and' | 'not', pos });
        i += word[1]!.length;
        continue;
      }
    }
    const fieldMatch = /^([a-z_][a-z0-9_]*):/i.exec(input.slice(i));
    let field: string | null = null;
    let op: Comparison = 'eq';
    if (fieldMatch) {
      field = fieldMatch[1]!.toLowerCase();
      i += fieldMatch[0].length;
      for (const [sym, name] of OPS) {
        if (input.startsWith(sym, i)) {
          op = name;
          i += sym.length;
          break;
        }
      }
    }
    const value = readValue();
    if (field !== null && value === '') {
      throw new SearchSyntaxError(`"${field}:" needs a value, like ${field}:something.`, pos);
    }
    tokens.push({ kind: 'term', pos, field, op, value, negated });
  }
  return tokens;
}

/** Parses a query; null for an empty one. Throws SearchSyntaxError with plain words. */
export function parseSearch(input: string): SearchNode | null {
  const tokens = tokenize(input);
  let p = 0;
  const peek = () => tokens[p];

  const parseOr = (): SearchNode => {
    const children = [parseAnd()];
    while (peek()?.kind === 'or') {
      p++;
      if (!peek() || peek()!.kind === 'rparen' || peek()!.kind === 'or') {
        throw new SearchSyntaxError('"OR" needs something on both sides.', tokens[p - 1]!.pos);
      }
      children.push(parseAnd());
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  };
  const parseAnd = (): SearchNode => {
    const children: SearchNode[] = [];
    for (;;) {
      const t = peek();
      if (!t || t.kind === 'rparen' || t.kind === 'or') break;
      if (t.kind === 'and') {
        p++;
        continue;
      }
      children.push(parseUnary());
    }
    if (!children.length) {
      const t = peek();
      throw new SearchSyntaxError(t ? `Nothing to search for before "${t.kind === 'or' ? 'OR' : ')'}".` : 'Nothing to search for.', t?.pos ?? 0);
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  };
  const parseUnary = (): SearchNode => {
    const t = peek()!;
    if (t.kind === 'not') {
      p++;
      if (!peek() || peek()!.kind === 'rparen') throw new SearchSyntaxError('"NOT" needs something after it.', t.pos);
      return { type: 'not', child: parseUnary() };
    }
    if (t.kind === 'lparen') {
      p++;
      const inner = parseOr();
      if (peek()?.kind !== 'rparen') throw new SearchSyntaxError('A parenthesis is not closed. Add the closing ).', t.pos);
      p++;
      return inner;
    }
    if (t.kind === 'rparen') throw new SearchSyntaxError('There is a ) without its (.', t.pos);
    if (t.kind !== 'term') throw new SearchSyntaxError('Unexpected word.', t.pos);
    p++;
    const term: SearchNode = { type: 'term', field: t.field, op: t.op, value: t.value };
    return t.negated ? { type: 'not', child: term } : term;
  };

  if (!tokens.length) return null;
  const node = parseOr();
  if (p < tokens.length) {
    const t = tokens[p]!;
    throw new SearchSyntaxError(t.kind === 'rparen' ? 'There is a ) without its (.' : 'Unexpected word.', t.pos);
  }
  return node;
}

/** Kinds of value a field takes; each checks and converts the written value. */
export type SearchFieldKind =
  | { kind: 'text' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number'; integer?: boolean }
  | { kind: 'money' }
  | { kind: 'boolean' }
  | { kind: 'date' };

export type SearchFields = Record<string, SearchFieldKind>;

export type SearchValue = string | number | boolean | Date;

export type CheckedNode =
  | { type: 'and'; children: CheckedNode[] }
  | { type: 'or'; children: CheckedNode[] }
  | { type: 'not'; child: CheckedNode }
  | { type: 'text'; value: string }
  | { type: 'field'; field: string; op: Comparison; value: SearchValue };

const RELATIVE = /^-(\d{1,4})([hdwmy])$/;

/** `2026-11-01` (start of that day, UTC) or relative `-7d`, `-12h`, `-2w`, `-3m`, `-1y` from `now`. */
export function parseSearchDate(value: string, now: Date = new Date()): Date | null {
  const rel = RELATIVE.exec(value);
  if (rel) {
    const n = Number(rel[1]);
    const d = new Date(now);
    switch (rel[2]) {
      case 'h':
        d.setUTCHours(d.getUTCHours() - n);
        break;
      case 'd':
        d.setUTCDate(d.getUTCDate() - n);
        break;
      case 'w':
        d.setUTCDate(d.getUTCDate() - 7 * n);
        break;
      case 'm':
        d.setUTCMonth(d.getUTCMonth() - n);
        break;
      default:
        d.setUTCFullYear(d.getUTCFullYear() - n);
    }
    return d;
  }
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value)) {
    const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

export interface SearchProblem {
  message: string;
  knownFields?: string[];
}

/**
 * Checks a parsed query against a resource's fields: unknown fields are named with the known ones,
 * values are converted to their kind. Returns the checked tree or the first problem.
 */
export function checkSearch(
  node: SearchNode | null,
  fields: SearchFields,
  now: Date = new Date(),
): { ok: true; node: CheckedNode | null } | { ok: false; problem: SearchProblem } {
  const known = Object.keys(fields).sort();
  const walk = (n: SearchNode): CheckedNode => {
    switch (n.type) {
      case 'and':
      case 'or':
        return { type: n.type, children: n.children.map(walk) };
      case 'not':
        return { type: 'not', child: walk(n.child) };
      default: {
        if (n.field === null) return { type: 'text', value: n.value };
        const def = fields[n.field];
        if (!def) {
          throw new SearchProblemError({
            message: `Unknown field "${n.field}". Known fields: ${known.join(', ')}.`,
            knownFields: known,
          });
        }
        return { type: 'field', field: n.field, op: n.op, value: convert(n.field, def, n.op, n.value, now) };
      }
    }
  };
  try {
    return { ok: true, node: node ? walk(node) : null };
  } catch (e) {
    if (e instanceof SearchProblemError) return { ok: false, problem: e.problem };
    throw e;
  }
}

class SearchProblemError extends Error {
  constructor(readonly problem: SearchProblem) {
    super(problem.message);
  }
}

function convert(field: string, def: SearchFieldKind, op: Comparison, raw: string, now: Date): SearchValue {
  const fail = (message: string): never => {
    throw new SearchProblemError({ message });
  };
  const ordered = op !== 'eq';
  switch (def.kind) {
    case 'text':
      if (ordered) fail(`"${field}" can't be compared with < or >; write ${field}:value.`);
      return raw;
    case 'enum': {
      if (ordered) fail(`"${field}" can't be compared with < or >; write ${field}:value.`);
      const v = def.values.find((x) => x.toLowerCase() === raw.toLowerCase());
      return v ?? fail(`"${raw}" is not a ${field}. Use one of: ${def.values.map((x) => x.toLowerCase()).join(', ')}.`);
    }
    case 'boolean': {
      if (ordered) fail(`"${field}" is true or false; it can't be compared with < or >.`);
      const v = raw.toLowerCase();
      if (v === 'true' || v === 'yes') return true;
      if (v === 'false' || v === 'no') return false;
      return fail(`"${field}" is true or false, not "${raw}".`);
    }
    case 'number': {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n) || (def.integer && !Number.isInteger(n))) {
        fail(`"${field}" takes ${def.integer ? 'a whole number' : 'a number'}, like ${field}:>5, not "${raw}".`);
      }
      return n;
    }
    case 'money': {
      if (!/^\d+(\.\d+)?$/.test(raw)) fail(`"${field}" takes an amount, like ${field}:>19.99, not "${raw}".`);
      return raw;
    }
    case 'date': {
      const d = parseSearchDate(raw, now);
      return d ?? fail(`"${field}" takes a date like 2026-11-01 or a relative one like -7d, not "${raw}".`);
    }
  }
}
