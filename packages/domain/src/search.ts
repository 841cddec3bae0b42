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
  constructor(
    message: string,
    readonly position: number,
  ) {
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

/** A search box's text is at most this long … */
export const SEARCH_MAX_LENGTH = 1_000;
/** … and has at most this many terms and operators: a search is a few words, not a document. */
export const SEARCH_MAX_TOKENS = 50;

/** Parses a query; null for an empty one. Throws SearchSyntaxError with plain words. */
export function parseSearch(input: string): SearchNode | null {
  if (input.length > SEARCH_MAX_LENGTH) {
    throw new SearchSyntaxError(
      `A search can be at most ${SEARCH_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      SEARCH_MAX_LENGTH,
    );
  }
  const tokens = tokenize(input);
  if (tokens.length > SEARCH_MAX_TOKENS) {
    throw new SearchSyntaxError(
      `A search can have at most ${SEARCH_MAX_TOKENS} words and operators; narrow it down.`,
      tokens[SEARCH_MAX_TOKENS]!.pos,
    );
  }
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
      throw new SearchSyntaxError(
        t ? `Nothing to search for before "${t.kind === 'or' ? 'OR' : ')'}".` : 'Nothing to search for.',
        t?.pos ?? 0,
      );
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  };
  const parseUnary = (): SearchNode => {
    const t = peek()!;
    if (t.kind === 'not') {
      p++;
      if (!peek() || peek()!.kind === 'rparen')
        throw new SearchSyntaxError('"NOT" needs something after it.', t.pos);
      return { type: 'not', child: parseUnary() };
    }
    if (t.kind === 'lparen') {
      p++;
      const inner = parseOr();
      if (peek()?.kind !== 'rparen')
        throw new SearchSyntaxError('A parenthesis is not closed. Add the closing ).', t.pos);
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
    throw new SearchSyntaxError(
      t.kind === 'rparen' ? 'There is a ) without its (.' : 'Unexpected word.',
      t.pos,
    );
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

/**
 * A date in a search, kept as written: it becomes an instant only in SQL, against the database's
 * clock (now()) and the store's time zone, so the server never mixes its own clock in.
 * - `day`: `2026-11-01`, that calendar day in the store's time zone.
 * - `daysAgo`: `-7d`, `-2w`, `-3m`, `-1y`, the calendar day that long before today (store time);
 *   `-0d` is today. It compares like a written date: `created_at:>-7d` is after that day, so today
 *   and the six days before it — the last 7 days as a calendar shows them.
 * - `hoursAgo`: `-12h`, the moment that many hours before now.
 * - `moment`: `2026-11-01T14:30` (store time) or `2026-11-01T14:30Z` (UTC), one instant.
 */
export type SearchDate =
  | { type: 'day'; date: string }
  | { type: 'daysAgo'; amount: number; unit: 'day' | 'week' | 'month' | 'year' }
  | { type: 'hoursAgo'; amount: number }
  | { type: 'moment'; dateTime: string; utc: boolean };

export type SearchValue = string | number | boolean | SearchDate;

export type CheckedNode =
  | { type: 'and'; children: CheckedNode[] }
  | { type: 'or'; children: CheckedNode[] }
  | { type: 'not'; child: CheckedNode }
  | { type: 'text'; value: string }
  | { type: 'field'; field: string; op: Comparison; value: SearchValue };

const RELATIVE = /^-(\d{1,4})([hdwmy])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z?)$/;
const UNITS = { d: 'day', w: 'week', m: 'month', y: 'year' } as const;
/** So a relative date stays within the calendar PostgreSQL keeps (from 4713 BC). */
const MAX_YEARS_AGO = 1000;

function validDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return year >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** `2026-11-01`, `2026-11-01T14:30[:00[.000]][Z]`, or relative `-7d`, `-12h`, `-2w`, `-3m`, `-1y`; null if none of these. */
export function parseSearchDate(value: string): SearchDate | null {
  const rel = RELATIVE.exec(value);
  if (rel) {
    const amount = Number(rel[1]);
    const unit = rel[2] as 'h' | keyof typeof UNITS;
    if (unit === 'h') return { type: 'hoursAgo', amount };
    if (unit === 'y' && amount > MAX_YEARS_AGO) return null;
    return { type: 'daysAgo', amount, unit: UNITS[unit] };
  }
  if (validDay(value)) return { type: 'day', date: value };
  const m = MOMENT.exec(value);
  if (m && validDay(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60) {
    return { type: 'moment', dateTime: m[5] ? value.slice(0, -1) : value, utc: m[5] === 'Z' };
  }
  return null;
}

/**
 * How a comparison reads against a whole day: `created_at:2026-11-01` is during it, `>` after it
 * ends, `>=` from its start, `<` before it starts, `<=` until it ends. Each side is the day's
 * `start` or `end` (the next day's start); `from` is inclusive (>=), `until` exclusive (<).
 */
export const DAY_COMPARISONS: Record<Comparison, { from?: 'start' | 'end'; until?: 'start' | 'end' }> = {
  eq: { from: 'start', until: 'end' },
  gt: { from: 'end' },
  gte: { from: 'start' },
  lt: { until: 'start' },
  lte: { until: 'end' },
};

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
        return { type: 'field', field: n.field, op: n.op, value: convert(n.field, def, n.op, n.value) };
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

const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

class SearchProblemError extends Error {
  constructor(readonly problem: SearchProblem) {
    super(problem.message);
  }
}

function convert(field: string, def: SearchFieldKind, op: Comparison, raw: string): SearchValue {
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
      return (
        v ??
        fail(`"${raw}" is not a ${field}. Use one of: ${def.values.map((x) => x.toLowerCase()).join(', ')}.`)
      );
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
        fail(
          `"${field}" takes ${def.integer ? 'a whole number' : 'a number'}, like ${field}:>5, not "${raw}".`,
        );
      }
      // Whole-number fields are PostgreSQL integers: a value past them would fail as SQL.
      if (def.integer && (n < INTEGER_MIN || n > INTEGER_MAX)) {
        fail(`"${field}" takes a whole number between -2,147,483,648 and 2,147,483,647, not "${raw}".`);
      }
      return n;
    }
    case 'money': {
      if (!/^\d+(\.\d+)?$/.test(raw)) fail(`"${field}" takes an amount, like ${field}:>19.99, not "${raw}".`);
      return raw;
    }
    case 'date': {
      const d = parseSearchDate(raw);
      return d ?? fail(`"${field}" takes a date like 2026-11-01 or a relative one like -7d, not "${raw}".`);
    }
  }
}
