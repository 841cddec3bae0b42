import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import {
  defaultFulfillValues,
  defaultLocationId,
  formErrorsOf,
  fulfillRequest,
  fulfillSchema,
  stockLookupIds,
  stockShortfall,
  type FulfillValues,
  type PlanLine,
} from './fulfill-plan';

const east = { id: 'loc_east', name: 'East' };
const west = { id: 'loc_west', name: 'West' };
const locations = [east, west];

function line(
  id: string,
  unfulfilled: number,
  at: typeof east | null,
  levels: PlanLine['variant'] = null,
): PlanLine {
  return { id, unfulfilledQuantity: unfulfilled, location: at, variant: levels };
}

const tracked = (levels: { at: string; onHand: number; available: number }[], allowBackorder = false) => ({
  trackInventory: true,
  allowBackorder,
  inventoryLevels: levels.map((l) => ({ onHand: l.onHand, available: l.available, location: { id: l.at } })),
});

describe('defaultFulfillValues', () => {
  it('ships every unit still to ship and leaves out lines with none', () => {
    const values = defaultFulfillValues(
      [line('a', 2, east), line('b', 0, east), line('c', 1, null)],
      locations,
    );
    expect(values.lines).toEqual([
      { lineId: 'a', quantity: 2 },
      { lineId: 'c', quantity: 1 },
    ]);
    expect(values.locationId).toBe('loc_east');
    expect(values).toMatchObject({ carrier: '', trackingNumber: '', trackingUrl: '', otherCarrier: '' });
  });
});

describe('defaultLocationId', () => {
  it('is where most units are reserved', () => {
    expect(defaultLocationId([line('a', 1, east), line('b', 3, west)], locations)).toBe('loc_west');
  });

  it('takes the earlier location by priority on a tie', () => {
    expect(defaultLocationId([line('a', 2, west), line('b', 2, east)], locations)).toBe('loc_east');
  });

  it('is the first active location when nothing is reserved, or the reservation is at an inactive one', () => {
    expect(defaultLocationId([line('a', 2, null)], locations)).toBe('loc_east');
    expect(defaultLocationId([line('a', 2, { id: 'loc_closed', name: 'Closed' })], [west])).toBe('loc_west');
    expect(defaultLocationId([line('a', 2, null)], [])).toBe('');
  });
});

describe('stockShortfall', () => {
  const l = line(
    'a',
    3,
    east,
    tracked([
      { at: 'loc_east', onHand: 3, available: 0 },
      { at: 'loc_west', onHand: 5, available: 2 },
    ]),
  );

  it('counts what is on hand where the units are reserved', () => {
    expect(stockShortfall(l, 'loc_east', 3)).toBeNull();
    expect(stockShortfall(l, 'loc_east', 4)).toBe(3);
  });

  it('counts only what is available elsewhere, as the reservation must move there', () => {
    expect(stockShortfall(l, 'loc_west', 2)).toBeNull();
    expect(stockShortfall(l, 'loc_west', 3)).toBe(2);
    expect(stockShortfall(l, 'loc_none', 1)).toBe(0);
  });

  it('says nothing for untracked items, backorders, unknown variants or a skipped line', () => {
    expect(stockShortfall(line('a', 3, null), 'loc_west', 3)).toBeNull();
    expect(
      stockShortfall({ ...l, variant: { ...l.variant!, trackInventory: false } }, 'loc_none', 3),
    ).toBeNull();
    expect(
      stockShortfall({ ...l, variant: { ...l.variant!, allowBackorder: true } }, 'loc_none', 3),
    ).toBeNull();
    expect(stockShortfall(l, 'loc_none', 0)).toBeNull();
  });
});

describe('fulfillSchema', () => {
  const values = (over: Partial<FulfillValues> = {}): FulfillValues => ({
    lines: [
      { lineId: 'a', quantity: 2 },
      { lineId: 'b', quantity: 1 },
    ],
    locationId: 'loc_east',
    carrier: 'UPS',
    otherCarrier: '',
    trackingNumber: '1Z999',
    trackingUrl: '',
    ...over,
  });
  const schema = fulfillSchema([2, 1]);

  it('accepts everything to ship, and skipping a line with 0', async () => {
    expect(await formMessages(schema, values())).toEqual({});
    expect(
      await formMessages(
        schema,
        values({
          lines: [
            { lineId: 'a', quantity: 0 },
            { lineId: 'b', quantity: 1 },
          ],
        }),
      ),
    ).toEqual({});
  });

  it('refuses more than is left, fractions, and nothing at all', async () => {
    expect(
      await formMessages(
        schema,
        values({
          lines: [
            { lineId: 'a', quantity: 3 },
            { lineId: 'b', quantity: 0.5 },
          ],
        }),
      ),
    ).toEqual({
      'lines.0.quantity': 'Ship a whole number from 0 to 2.',
      'lines.1.quantity': 'Ship 0 or 1.',
    });
    expect(
      await formMessages(
        schema,
        values({
          lines: [
            { lineId: 'a', quantity: 0 },
            { lineId: 'b', quantity: '' },
          ],
        }),
      ),
    ).toEqual({ lines: 'Choose at least one item to fulfill.' });
  });

  it('needs a location, a name for another carrier, and a real link', async () => {
    expect(
      await formMessages(schema, values({ locationId: '', carrier: 'OTHER', trackingUrl: 'not a link' })),
    ).toEqual({
      locationId: 'Choose where the parcel leaves from.',
      otherCarrier: "Enter the carrier's name.",
      trackingUrl: 'Enter a link starting with https://',
    });
  });
});

describe('fulfillRequest', () => {
  it('leaves out skipped lines and remembers where each sent line sits in the form', () => {
    const request = fulfillRequest('ord_1', {
      lines: [
        { lineId: 'a', quantity: 0 },
        { lineId: 'b', quantity: 2 },
        { lineId: 'c', quantity: '' },
        { lineId: 'd', quantity: 1 },
      ],
      locationId: 'loc_east',
      carrier: 'FedEx',
      otherCarrier: 'ignored',
      trackingNumber: '  123 ',
      trackingUrl: 'https://ignored.example',
    });
    expect(request).toEqual({
      input: {
        orderId: 'ord_1',
        locationId: 'loc_east',
        lines: [
          { lineId: 'b', quantity: 2 },
          { lineId: 'd', quantity: 1 },
        ],
        carrier: 'FedEx',
        trackingNumber: '123',
        trackingUrl: null,
      },
      formIndex: [1, 3],
    });
  });

  it("sends another carrier's name and link, and nothing for no carrier", () => {
    const base = { lines: [{ lineId: 'a', quantity: 1 }], locationId: 'l', trackingNumber: '' };
    expect(
      fulfillRequest('o', {
        ...base,
        carrier: 'OTHER',
        otherCarrier: ' Courier Co ',
        trackingUrl: 'https://c.example/1',
      }).input,
    ).toMatchObject({ carrier: 'Courier Co', trackingUrl: 'https://c.example/1', trackingNumber: null });
    expect(
      fulfillRequest('o', { ...base, carrier: '', otherCarrier: '', trackingUrl: '' }).input,
    ).toMatchObject({
      carrier: null,
      trackingUrl: null,
    });
  });
});

describe('formErrorsOf', () => {
  const error = (field: string[] | null, code = 'INVALID', message = 'm') => ({ field, code, message });

  it('moves line errors from the sent index to the form index', () => {
    expect(
      formErrorsOf([error(['input', 'lines', '1', 'quantity'])], [1, 3], {
        otherCarrier: false,
        shortLines: [],
      }),
    ).toEqual([error(['input', 'lines', '3', 'quantity'])]);
    expect(
      formErrorsOf([error(['input', 'lines', '7'])], [1], { otherCarrier: false, shortLines: [] }),
    ).toEqual([error(['input', 'lines'])]);
  });

  it("puts carrier errors under the other carrier's name when that was typed", () => {
    expect(formErrorsOf([error(['input', 'carrier'])], [], { otherCarrier: true, shortLines: [] })).toEqual([
      error(['input', 'otherCarrier']),
    ]);
    expect(formErrorsOf([error(['input', 'carrier'])], [], { otherCarrier: false, shortLines: [] })).toEqual([
      error(['input', 'carrier']),
    ]);
  });

  it('gives stock refusals without a field to the short lines in order, the rest above the form', () => {
    const a = error(null, 'INSUFFICIENT_STOCK', 'Only 1 available at West.');
    const b = error([], 'INSUFFICIENT_STOCK', 'Only 0 available at West.');
    const c = error(null, 'INSUFFICIENT_STOCK', 'Only 2 available at West.');
    expect(formErrorsOf([a, b, c], [0, 1, 2], { otherCarrier: false, shortLines: [0, 2] })).toEqual([
      { ...a, field: ['input', 'lines', '0', 'quantity'] },
      { ...b, field: ['input', 'lines', '2', 'quantity'] },
      c,
    ]);
    expect(formErrorsOf([error(null)], [], { otherCarrier: false, shortLines: [0] })).toEqual([error(null)]);
  });
});

describe('stockLookupIds', () => {
  it('asks for each variant once, leaving out lines without one', () => {
    expect(stockLookupIds(['v1', null, 'v2', 'v1', undefined], 3)).toEqual(['v1', 'v2']);
  });

  it('asks for no more variants than the query cost allows for the number of locations', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `v${i}`);
    // 1 + 2 per location each, within 4,000; never more than nodes(ids:) takes.
    expect(stockLookupIds(ids, 10)).toHaveLength(190);
    expect(stockLookupIds(ids, 1)).toHaveLength(250);
    expect(stockLookupIds(ids, 0)).toHaveLength(250);
  });
});
