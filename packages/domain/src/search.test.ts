import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkSearch,
  DAY_COMPARISONS,
  parseSearch,
  parseSearchDate,
  SearchSyntaxError,
  type SearchFields,
} from './search.js';

const term = (field: string | null, value: string, op = 'eq') => ({ type: 'term', field, op, value });

describe('search syntax parser (SPEC §7.4)', () => {
  it('parses the SPEC example', () => {
    expect(parseSearch('status:open fulfillment_status:unfulfilled created_at:>-7d -tag:wholesale')).toEqual({
      type: 'and',
      children: [
        term('status', 'open'),
        term('fulfillment_status', 'unfulfilled'),
        term('created_at', '-7d', 'gt'),
        { type: 'not', child: term('tag', 'wholesale') },
      ],
    });
  });

  it('handles free words, quotes, comparisons, OR, NOT and parentheses with AND binding tighter', () => {
    expect(parseSearch('red shirt')).toEqual({
      type: 'and',
      children: [term(null, 'red'), term(null, 'shirt')],
    });
    expect(parseSearch('title:"linen shirt" price:<=19.99')).toEqual({
      type: 'and',
      children: [term('title', 'linen shirt'), term('price', '19.99', 'lte')],
    });
    expect(parseSearch('a b OR c')).toEqual({
      type: 'or',
      children: [{ type: 'and', children: [term(null, 'a'), term(null, 'b')] }, term(null, 'c')],
    });
    expect(parseSearch('NOT (tag:x OR tag:y) AND vendor:acme')).toEqual({
      type: 'and',
      children: [
        { type: 'not', child: { type: 'or', children: [term('tag', 'x'), term('tag', 'y')] } },
        term('vendor', 'acme'),
      ],
    });
    expect(parseSearch('inventory:>=10 inventory:<3')).toEqual({
      type: 'and',
      children: [term('inventory', '10', 'gte'), term('inventory', '3', 'lt')],
    });
    expect(parseSearch('-5')).toEqual(term(null, '-5'));
    expect(parseSearch('   ')).toBeNull();
  });

  it.each([
    ['(tag:x', 'A parenthesis is not closed. Add the closing ).'],
    ['tag:x)', 'There is a ) without its (.'],
    ['title:"open', 'A quote is not closed. Add the closing ".'],
    ['tag: x', '"tag:" needs a value, like tag:something.'],
    ['a OR', '"OR" needs something on both sides.'],
    ['NOT', '"NOT" needs something after it.'],
  ])('explains %j in plain words', (input, message) => {
    let thrown: unknown;
    try {
      parseSearch(input);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SearchSyntaxError);
    expect((thrown as SearchSyntaxError).message).toBe(message);
  });

  it('never throws anything but a SearchSyntaxError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        try {
          parseSearch(s);
        } catch (e) {
          expect(e).toBeInstanceOf(SearchSyntaxError);
        }
      }),
    );
  });
});

describe('checking a query against a resource’s fields', () => {
  const fields: SearchFields = {
    status: { kind: 'enum', values: ['DRAFT', 'ACTIVE', 'ARCHIVED'] },
    tag: { kind: 'text' },
    price: { kind: 'money' },
    inventory: { kind: 'number', integer: true },
    created_at: { kind: 'date' },
    low_stock: { kind: 'boolean' },
  };

  it('names the known fields when one is unknown', () => {
    expect(checkSearch(parseSearch('colour:red'), fields)).toEqual({
      ok: false,
      problem: {
        message:
          'Unknown field "colour". Known fields: created_at, inventory, low_stock, price, status, tag.',
        knownFields: ['created_at', 'inventory', 'low_stock', 'price', 'status', 'tag'],
      },
    });
  });

  it('converts values to their kinds', () => {
    expect(
      checkSearch(parseSearch('status:active created_at:>-7d inventory:<5 low_stock:true'), fields),
    ).toEqual({
      ok: true,
      node: {
        type: 'and',
        children: [
          { type: 'field', field: 'status', op: 'eq', value: 'ACTIVE' },
          {
            type: 'field',
            field: 'created_at',
            op: 'gt',
            value: { type: 'daysAgo', amount: 7, unit: 'day' },
          },
          { type: 'field', field: 'inventory', op: 'lt', value: 5 },
          { type: 'field', field: 'low_stock', op: 'eq', value: true },
        ],
      },
    });
  });

  it.each([
    ['status:live', '"live" is not a status. Use one of: draft, active, archived.'],
    ['inventory:lots', '"inventory" takes a whole number, like inventory:>5, not "lots".'],
    [
      'inventory:>99999999999999999999',
      '"inventory" takes a whole number between -2,147,483,648 and 2,147,483,647, not "99999999999999999999".',
    ],
    [
      'inventory:<-2147483649',
      '"inventory" takes a whole number between -2,147,483,648 and 2,147,483,647, not "-2147483649".',
    ],
    ['price:>cheap', '"price" takes an amount, like price:>19.99, not "cheap".'],
    [
      'created_at:>yesterday',
      '"created_at" takes a date like 2026-11-01 or a relative one like -7d, not "yesterday".',
    ],
    ['tag:>x', '"tag" can\'t be compared with < or >; write tag:value.'],
  ])('refuses %j', (q, message) => {
    expect(checkSearch(parseSearch(q), fields)).toMatchObject({ ok: false, problem: { message } });
  });

  it('reads absolute and relative dates as written; SQL resolves them in the store time zone', () => {
    expect(parseSearchDate('2026-11-01')).toEqual({ type: 'day', date: '2026-11-01' });
    expect(parseSearchDate('-2w')).toEqual({ type: 'daysAgo', amount: 2, unit: 'week' });
    expect(parseSearchDate('-1m')).toEqual({ type: 'daysAgo', amount: 1, unit: 'month' });
    expect(parseSearchDate('-0d')).toEqual({ type: 'daysAgo', amount: 0, unit: 'day' });
    expect(parseSearchDate('-1y')).toEqual({ type: 'daysAgo', amount: 1, unit: 'year' });
    expect(parseSearchDate('-12h')).toEqual({ type: 'hoursAgo', amount: 12 });
    expect(parseSearchDate('2026-11-01T14:30')).toEqual({
      type: 'moment',
      dateTime: '2026-11-01T14:30',
      utc: false,
    });
    expect(parseSearchDate('2026-11-01T14:30:05.25Z')).toEqual({
      type: 'moment',
      dateTime: '2026-11-01T14:30:05.25',
      utc: true,
    });
    expect(parseSearchDate('2026-13-45')).toBeNull();
  });

  it.each([
    '2026-02-30',
    '2026-11-1',
    '0000-01-01',
    '2026-11-01T24:00',
    '2026-11-01T10',
    '2026-11-01T10:60Z',
    '2026-11-01T10:00+13:00',
    '-1001y',
    '-7',
    '7d',
    'today',
  ])('refuses %j as a date', (value) => {
    expect(parseSearchDate(value)).toBeNull();
  });

  it('reads a comparison with a whole day as during, after, from, before or until it', () => {
    expect(DAY_COMPARISONS).toEqual({
      eq: { from: 'start', until: 'end' },
      gt: { from: 'end' },
      gte: { from: 'start' },
      lt: { until: 'start' },
      lte: { until: 'end' },
    });
  });
});

describe('search limits', () => {
  it('refuses a search longer than 1,000 characters or with more than 50 terms, in plain words', () => {
    expect(() => parseSearch('a'.repeat(1_001))).toThrow('A search can be at most 1,000 characters.');
    expect(() => parseSearch(Array.from({ length: 51 }, (_, i) => `w${i}`).join(' '))).toThrow(
      /at most 50 words/,
    );
    expect(parseSearch(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '))).not.toBeNull();
  });
});
