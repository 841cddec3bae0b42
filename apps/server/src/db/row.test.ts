import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import { column, jsonColumn, type Json, type TableOf, type Timestamp } from './columns.js';
import { camelKey, tableRow, tableRowOf, type Camel } from './row.js';

interface ThingTable {
  id: string;
  country_code: string;
  compare_at_price: number | null;
  search_text: Generated<string>;
  shipped_at: Timestamp | null;
  created_at: Timestamp;
  version: Generated<number>;
}
interface NoteTable {
  id: string;
  body_text: string | null;
  meta: Json<{ pinned: boolean } | null>;
  tags: string[];
  sent_at: Timestamp | null;
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

  it('picks some columns into a smaller mapper with the same fixes', () => {
    const place = thingRow.pick(['id', 'country_code'] as const);
    expect(place.columns).toStrictEqual(['id', 'country_code']);
    expectTypeOf(place.of(row)).toEqualTypeOf<Pick<Thing, 'id' | 'countryCode'>>();
    expect(place.of(row)).toStrictEqual({ id: 't1', countryCode: 'US' });
    // @ts-expect-error search_text is no column of the thing's mapper
    thingRow.pick(['id', 'search_text'] as const);
  });

  it('writes domain values as columns: snake_case, undefined left out, JSON as text, in column order', () => {
    const noteRow = tableRow<NoteTable>()(['id', 'body_text', 'meta', 'tags', 'sent_at'] as const, {
      json: ['meta'],
    });
    const written = noteRow.write({
      tags: ['a', 'b'],
      meta: { pinned: true },
      bodyText: 'hi',
      id: 'n1',
      sentAt: undefined,
    });
    expect(written).toStrictEqual({ id: 'n1', body_text: 'hi', meta: '{"pinned":true}', tags: ['a', 'b'] });
    expect(Object.keys(written)).toStrictEqual(['id', 'body_text', 'meta', 'tags']);
    expect(noteRow.write({ meta: null, bodyText: null })).toStrictEqual({ meta: null, body_text: null });
    expect(noteRow.write({ meta: '{"already":"text"}' })).toStrictEqual({ meta: '{"already":"text"}' });
    // An object that carries more than its type says: only the mapper's columns are written.
    const wider = { id: 'n2', stock: 4 };
    expect(noteRow.pick(['id'] as const).write(wider as { id: string })).toStrictEqual({ id: 'n2' });
  });

  it('types a write from the table: required stays required (an insert), a wrong field is an error', () => {
    const noteRow = tableRow<NoteTable>()(['id', 'body_text', 'meta', 'tags', 'sent_at'] as const, {
      json: ['meta'],
    });
    const complete: { id: string; bodyText: string | null; tags: string[] } = {
      id: 'n',
      bodyText: null,
      tags: [],
    };
    expectTypeOf(noteRow.write(complete)).toEqualTypeOf<{
      id: string;
      body_text: string | null;
      tags: string[];
    }>();
    expectTypeOf(noteRow.write(complete)).toExtend<Insertable<NoteTable>>();
    const partial: { meta?: { pinned: boolean } | null; sentAt?: Date } = {};
    expectTypeOf(noteRow.write(partial)).toEqualTypeOf<{ meta?: string | null; sent_at?: Date }>();
    expectTypeOf(noteRow.write(partial)).toExtend<Updateable<NoteTable>>();
    // @ts-expect-error `body` is no field of the note (its column is body_text)
    noteRow.write({ id: 'n', body: 'x' });
    // @ts-expect-error the snake_case column name is no domain field
    noteRow.write({ body_text: 'x' });
    // @ts-expect-error a wrong type for a field
    noteRow.write({ tags: 'a' });
    // @ts-expect-error a field the mapper does not write (picked away)
    noteRow.pick(['id'] as const).write({ id: 'n', bodyText: 'x' });
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
    // @ts-expect-error a JSON column not named in `json` would be written unserialised
    tableRow<NoteTable>()(['id', 'body_text', 'meta', 'tags', 'sent_at'] as const);
    tableRow<NoteTable>()(['id', 'body_text', 'meta', 'tags', 'sent_at'] as const, {
      // @ts-expect-error tags is an array column, not JSON
      json: ['meta', 'tags'],
    });
    expect(camelKey('compare_at_price')).toBe('compareAtPrice');
  });
});

describe('tableRowOf (a declared table)', () => {
  const noteColumns = {
    id: column<string>(),
    body_text: column<string | null>(),
    meta: jsonColumn<{ pinned: boolean } | null>(),
    tags: column<string[]>(),
    search_text: column<Generated<string>>(),
    sent_at: column<Timestamp | null>(),
  };
  type DeclaredNote = TableOf<typeof noteColumns>;
  const noteRow = tableRowOf(noteColumns, {
    omit: ['search_text'],
    fix: { body_text: (v) => v?.trim() ?? null },
  });

  it('derives the Kysely interface from the declaration', () => {
    expectTypeOf<DeclaredNote>().toEqualTypeOf<{
      id: string;
      body_text: string | null;
      meta: Json<{ pinned: boolean } | null>;
      tags: string[];
      search_text: Generated<string>;
      sent_at: Timestamp | null;
    }>();
    expectTypeOf<Insertable<DeclaredNote>>().toEqualTypeOf<
      Insertable<NoteTable & { search_text?: string }>
    >();
  });

  it('maps the declared columns in order, less the omitted ones; JSON columns from jsonColumn', () => {
    expect(noteRow.columns).toStrictEqual(['id', 'body_text', 'meta', 'tags', 'sent_at']);
    const sent = new Date('2026-11-28T08:00:00.123Z');
    const read = noteRow.of({ id: 'n', body_text: ' hi ', meta: null, tags: [], sent_at: sent });
    expectTypeOf(read).toEqualTypeOf<Camel<Omit<Selectable<DeclaredNote>, 'search_text'>>>();
    expect(read).toStrictEqual({ id: 'n', bodyText: 'hi', meta: null, tags: [], sentAt: sent });
    expect(noteRow.json('n').of(['n', ' hi ', null, [], sent.getTime()])).toStrictEqual(read);
    expect(noteRow.write({ id: 'n', meta: { pinned: true } })).toStrictEqual({
      id: 'n',
      meta: '{"pinned":true}',
    });
  });

  it('a column added to the declaration is read and written with no other edit', () => {
    const wider = tableRowOf(
      { ...noteColumns, pinned_by: column<string | null>() },
      { omit: ['search_text'] },
    );
    expect(wider.columns.at(-1)).toBe('pinned_by');
    expect(wider.write({ pinnedBy: 's1' })).toStrictEqual({ pinned_by: 's1' });
    expectTypeOf(wider.of).returns.toHaveProperty('pinnedBy').toEqualTypeOf<string | null>();
  });

  it('refuses a misspelt or misdeclared column (type-level)', () => {
    // @ts-expect-error `search_txt` is no column of the declaration
    tableRowOf(noteColumns, { omit: ['search_txt'] });
    // @ts-expect-error `bodyText` is no field the fix can name (its column is body_text)
    tableRowOf(noteColumns, { fix: { bodyText: (v: string) => v } });
    // @ts-expect-error `body` is no field of the note
    noteRow.write({ body: 'x' });
    // @ts-expect-error a JSON column declared with column<Json<…>>() would be written unserialised
    tableRowOf({ id: column<string>(), meta: column<Json<{ a: number }>>() });
    // @ts-expect-error a timestamp not named …_at would travel in JSON as a number
    tableRowOf({ id: column<string>(), shipped: column<Timestamp>() });
    // @ts-expect-error a column named …_at that is no timestamp would be read as a Date
    tableRowOf({ id: column<string>(), ship_at: column<string>() });
  });
});
