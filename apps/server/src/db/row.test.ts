import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './columns.js';
import { camelKey, tableRow, type Camel } from './row.js';

interface ThingTable {
  id: string;
  country_code: string;
  compare_at_price: number | null;
  search_text: Generated<string>;
  shipped_at: Timestamp | null;
  created_at: Timestamp;
  version: Generated<number>;
}
type Thing = Camel<Omit<Selectable<ThingTable>, 'search_text'>>;

const thingRow = tableRow<ThingTable>()(
  ['id', 'country_code', 'compare_at_price', 'shipped_at', 'created_at', 'version'] as const,
  { omit: ['search_text'], fix: { country_code: (v) => v.trim() } },
);

const row: Selectable<ThingTable> = {
  id: 't1',
  country_code: 'US ',
  compare_at_price: null,
  search_text: 'ignored',
  shipped_at: null,
  created_at: new Date('2026-11-28T08:00:00.123Z'),
  version: 3,
};

describe('tableRow', () => {
  it('reads a row into the camelCase domain object, with its fixes, ignoring omitted columns', () => {
    const thing = thingRow.of(row);
    expectTypeOf(thing).toEqualTypeOf<Thing>();
    expect(thing).toStrictEqual({
      id: 't1',
      countryCode: 'US',
      compareAtPrice: null,
      shippedAt: null,
      createdAt: new Date('2026-11-28T08:00:00.123Z'),
      version: 3,
    });
  });

  it('reads the JSON-array form into the same object (timestamps from epoch milliseconds)', () => {
    const json = thingRow.json('t');
    expect(json.length).toBe(6);
    expect(json.items).toBe(
      't.id, t.country_code, t.compare_at_price, floor(extract(epoch from t.shipped_at) * 1000), ' +
        'floor(extract(epoch from t.created_at) * 1000), t.version',
    );
    const shipped = { ...row, shipped_at: new Date('2026-11-29T00:00:00Z') };
    const arrays = [row, shipped].map((r) => [
      r.id,
      r.country_code,
      r.compare_at_price,
      r.shipped_at ? r.shipped_at.getTime() : null,
      r.created_at.getTime(),
      r.version,
      'an item added after the row',
    ]);
    expect(arrays.map(json.of)).toStrictEqual([row, shipped].map(thingRow.of));
    expect(json.of(arrays[1]!).shippedAt).toBeInstanceOf(Date);
  });

  it('lists its columns for a select, bare or over an alias', () => {
    expect(thingRow.columns).toStrictEqual([
      'id',
      'country_code',
      'compare_at_price',
      'shipped_at',
      'created_at',
      'version',
    ]);
    const aliased = thingRow.columnsOf('t');
    expectTypeOf(aliased).toEqualTypeOf<
      readonly (
        't.id' | 't.country_code' | 't.compare_at_price' | 't.shipped_at' | 't.created_at' | 't.version'
      )[]
    >();
    expect(aliased[1]).toBe('t.country_code');
  });

  it('refuses a column list that misses, adds or misnames a column (type-level)', () => {
    // @ts-expect-error search_text is neither listed nor omitted
    tableRow<ThingTable>()([
      'id',
      'country_code',
      'compare_at_price',
      'shipped_at',
      'created_at',
      'version',
    ] as const);
    tableRow<ThingTable>()(
      // @ts-expect-error `stock` is no column of the table
      ['id', 'country_code', 'compare_at_price', 'shipped_at', 'created_at', 'version', 'stock'] as const,
      { omit: ['search_text'] },
    );
    interface Misnamed {
      id: string;
      shipped: Timestamp;
      ship_at: string;
    }
    // @ts-expect-error a timestamp not named …_at would travel in JSON as a number
    tableRow<Misnamed>()(['id', 'shipped'] as const, { omit: ['ship_at'] });
    // @ts-expect-error a column named …_at that is no timestamp would be read as a Date
    tableRow<Misnamed>()(['id', 'ship_at'] as const, { omit: ['shipped'] });
    expect(camelKey('compare_at_price')).toBe('compareAtPrice');
  });
});
