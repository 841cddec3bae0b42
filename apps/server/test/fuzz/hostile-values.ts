import { ID_PREFIXES, type NodeType } from '@stockroom/domain';

/** One value to throw at an argument, named so a failure says what was sent without printing 100k characters. */
export interface Hostile {
  kind: string;
  value: unknown;
}

/** Deterministic randomness, so a failing case reproduces with the same FUZZ_SEED. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomHex(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const UUID = '00000000-0000-7000-8000-000000000000';
export const LONG = 'x'.repeat(100_000);
export const NUL: Hostile = { kind: 'nul', value: 'fuzz\u0000fuzz' };
/** Half a surrogate pair: not text at all (and jsonb refuses it). */
export const LONE_SURROGATE: Hostile = { kind: 'lone-surrogate', value: 'fuzz\uD800fuzz' };
/** Values the server must refuse up front as BAD_REQUEST, wherever they are. */
export const REFUSED_KINDS = new Set([NUL.kind, LONE_SURROGATE.kind]);

/** Strings that pass GraphQL coercion and reach the resolvers, for any text. */
const STRINGS: Hostile[] = [
  { kind: 'empty', value: '' },
  { kind: 'long-100k', value: LONG },
];
/** More for a top-level argument, which a resolver may read in its own way. */
const ARGUMENT_STRINGS: Hostile[] = [
  { kind: 'blank', value: '   ' },
  { kind: 'unicode', value: 'Zoë 🧣 \u202Etxt e\u0301 \u{1F3F3}\u{FE0F}\u200D\u{1F308}' },
  { kind: '20-digits', value: '99999999999999999999' },
  { kind: 'wrong-type-int', value: 42 },
];
/** More for what is parsed as a number or an amount (prices, rates, subtotals) or a search. */
const NUMBERISH: Hostile[] = [
  { kind: '20-digits', value: '99999999999999999999' },
  { kind: 'NaN', value: 'NaN' },
  { kind: '1e999', value: '1e999' },
  { kind: '-1', value: '-1' },
  { kind: 'Infinity', value: 'Infinity' },
  { kind: '-0', value: '-0' },
  { kind: 'abc', value: 'abc' },
  { kind: 'huge-amount', value: '9999999999999999999999.99' },
  { kind: 'three-decimals', value: '1.999' },
];
const NUMBERISH_NAME = /price|amount|subtotal|shipping|rate|above|cost/i;

const INTS: Hostile[] = [
  { kind: '2^31', value: 2 ** 31 },
  { kind: '-2^31', value: -(2 ** 31) },
  { kind: '2^31-1', value: 2 ** 31 - 1 },
  { kind: '-1', value: -1 },
  { kind: '0', value: 0 },
];
const INTS_FEW = ['-2^31', '-1', '2^31'];

/** Cursors no server ever handed out: not base64, not JSON, wrong shapes, values that cast badly. */
const CURSORS_FEW = ['abc', 'cursor-notadate', 'cursor-20-digits', 'cursor-dashes-id'];

/** `few`: for `before`, which reads the same cursor as `after`, the other way. */
export function forgedCursors(realCursor: string | null, few: boolean): Hostile[] {
  const forged: Hostile[] = [
    { kind: 'empty', value: '' },
    { kind: 'abc', value: 'abc' },
    { kind: 'long-100k', value: LONG },
    { kind: 'cursor-x-not-uuid', value: b64(JSON.stringify(['x', 'not-a-uuid'])) },
    { kind: 'cursor-1e999', value: b64(`[1e999,"${UUID}"]`) },
    { kind: 'cursor-notadate', value: b64(JSON.stringify(['notadate', UUID])) },
    { kind: 'cursor-20-digits', value: b64(`[99999999999999999999,"${UUID}"]`) },
    { kind: 'cursor-object', value: b64(JSON.stringify([{ a: 1 }, UUID])) },
    { kind: 'cursor-dashes-id', value: b64(JSON.stringify(['x', '-'.repeat(36)])) },
    { kind: 'cursor-null-value', value: b64(JSON.stringify([null, UUID])) },
    { kind: 'int', value: 42 },
  ];
  if (realCursor) forged.push({ kind: 'cursor-of-another-list', value: realCursor });
  return few ? forged.filter((h) => CURSORS_FEW.includes(h.kind)) : forged;
}

/** Searches that parse oddly or carry values SQL could choke on. */
export function hostileSearches(knownFields: string[]): Hostile[] {
  const out: Hostile[] = [
    { kind: 'orders_count:>20-digits', value: 'orders_count:>99999999999999999999' },
    { kind: 'price:>abc', value: 'price:>abc' },
    { kind: 'created_at:>notadate', value: 'created_at:>notadate' },
    { kind: 'created_at:>year-0', value: 'created_at:>0000-01-01' },
    { kind: '300-words', value: Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ') },
    { kind: 'open-parens', value: '(((' },
    { kind: 'unterminated-quote', value: 'title:"scarf' },
    { kind: 'field-without-value', value: 'tag:' },
    { kind: 'like-wildcards', value: '%_\\' },
    { kind: 'quote', value: "x' OR '1'='1" },
    { kind: 'long-word', value: 'w'.repeat(50_000) },
  ];
  // Every field the server names, with values at and past the edges of every kind it could be.
  for (const f of knownFields) {
    out.push(
      { kind: `${f}:>20-digits`, value: `${f}:>99999999999999999999` },
      { kind: `${f}:<-9999y`, value: `${f}:<-9999y` },
    );
  }
  return out.filter((h, i) => out.findIndex((o) => o.value === h.value) === i);
}

export const withNull = (nullable: boolean, values: Hostile[]): Hostile[] =>
  nullable ? [{ kind: 'null', value: null }, ...values] : values;

/** `inInput`: a field of an input object (many, mostly plain text: the values that break text suffice). */
export function hostileStrings(name: string, inInput: boolean): Hostile[] {
  const numberish = NUMBERISH_NAME.test(name) ? NUMBERISH : [];
  const country: Hostile[] = /country/i.test(name)
    ? [
        { kind: 'star', value: '*' },
        { kind: 'XX', value: 'XX' },
      ]
    : [];
  const all = [...STRINGS, ...(inInput ? [] : ARGUMENT_STRINGS), ...numberish, ...country];
  return all.filter((h, i) => all.findIndex((o) => o.kind === h.kind) === i);
}

/**
 * `few`: for `last`, which reads like `first` backwards. `inInput`: 2^31 is GraphQL's to refuse
 * (not an Int), tried on top-level arguments only.
 */
export function hostileInts(few: boolean, inInput: boolean): Hostile[] {
  if (few) return INTS.filter((h) => INTS_FEW.includes(h.kind));
  return inInput ? INTS.filter((h) => h.kind !== '2^31') : INTS;
}

/** GraphQL refuses these itself: one per field shows it does. */
export const hostileBooleans = (): Hostile[] => [{ kind: 'string-true', value: 'true' }];

export function hostileEnums(values: string[]): Hostile[] {
  const first = values[0] ?? 'X';
  return [
    { kind: 'recased', value: first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase() },
  ];
}

/** Real ids of every kind the fixtures made, to send where another kind is expected. */
export type RealIds = Partial<Record<NodeType, string>>;

/**
 * `rotation` picks which real id of another kind to send, so each kind is sent somewhere.
 * `inInput`: the ids that cannot even be decoded are one case there.
 */
export function hostileIds(
  expected: NodeType | null,
  real: RealIds,
  random: () => number,
  rotation: number,
  inInput: boolean,
): Hostile[] {
  const prefix = ID_PREFIXES[expected ?? 'Product'];
  const foreign = (Object.entries(real) as [NodeType, string][]).filter(([type]) => type !== expected);
  const [type, id] = foreign[rotation % foreign.length]!;
  const all: Hostile[] = [
    { kind: 'unknown', value: `${prefix}_${randomHex(random, 32)}` },
    { kind: `foreign-${type}`, value: id },
    { kind: 'garbage', value: 'garbage' },
    { kind: 'long-100k', value: LONG },
  ];
  return inInput ? all : [...all, { kind: 'empty', value: '' }, { kind: 'raw-uuid', value: UUID }];
}
