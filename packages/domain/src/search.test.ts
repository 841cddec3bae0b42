import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSearch, parseSearch, parseSearchDate, SearchSyntaxError, type SearchFields } from './search.js';

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
    expect(parseSearch('red shirt')).toEqual({ type: 'and', children: [term(null, 'red'), term(null, 'shirt')] });
    expect(parseSearch('title:"linen shirt" price:<=19.99')).toEqual({
      type: 'and',
      children: [term('title', 'linen shirt'), term('price', '19.99', 'lte')],
    });
    expect(parseSearch('a b OR c')).toEqual({ type: 'or', children: [{ type: 'and', children: [term(null, 'a'), term(null, 'b')] }, term(null, 'c')] });
    expect(parseSearch('NOT (tag:x OR tag:y) AND vendor:acme')).toEqual({
      type: 'and',
      children: [{ type: 'not', child: { type: 'or', children: [term('tag', 'x'), term('tag', 'y')] } }, term('vendor', 'acme')],
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
  const now = new Date('2026-11-21T12:00:00Z');

  it('names the known fields when one is unknown', () => {
    expect(checkSearch(parseSearch('colour:red'), fields, now)).toEqual({
      ok: false,
      problem: {
        message: 'Unknown field "colour". Known fields: created_at, inventory, low_stock, price, status, tag.',
        knownFields: ['created_at', 'inventory', 'low_stock', 'price', 'status', 'tag'],
      },
    });
  });

  it('converts values to their kinds', () => {
    expect(checkSearch(parseSearch('status:active created_at:>-7d inventory:<5 low_stock:true'), fields, now)).toEqual({
      ok: true,
      node: {
        type: 'and',
        children: [
          { type: 'field', field: 'status', op: 'eq', value: 'ACTIVE' },
          { type: 'field', field: 'created_at', op: 'gt', value: new Date('2026-11-14T12:00:00Z') },
          { type: 'field', field: 'inventory', op: 'lt', value: 5 },
          { type: 'field', field: 'low_stock', op: 'eq', value: true },
        ],
      },
    });
  });

  it.each([
    ['status:live', '"live" is not a status. Use one of: draft, active, archived.'],
    ['inventory:lots', '"inventory" takes a whole number, like inventory:>5, not "lots".'],
    ['price:>cheap', '"price" takes an amount, like price:>19.99, not "cheap".'],
    ['created_at:>yesterday', '"created_at" takes a date like 2026-11-01 or a relative one like -7d, not "yesterday".'],
    ['tag:>x', '"tag" can\'t be compared with < or >; write tag:value.'],
  ])('refuses %j', (q, message) => {
    expect(checkSearch(parseSearch(q), fields, now)).toMatchObject({ ok: false, problem: { message } });
  });

  it('reads absolute and relative dates', () => {
    expect(parseSearchDate('2026-11-01')).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(parseSearchDate('-2w', now)).toEqual(new Date('2026-11-07T12:00:00Z'));
    expect(parseSearchDate('-1m', now)).toEqual(new Date('2026-10-21T12:00:00Z'));
    expect(parseSearchDate('2026-13-45')).toBeNull();
  });
});
