import { describe, expect, it } from 'vitest';
import {
  allScanned,
  applyScan,
  nextOrderSearch,
  notPackable,
  orderNumberOf,
  packLinesOf,
  slipUrl,
  type PackLine,
  type PackOrder,
  type PackOrderLine,
} from './pack-plan';

const WAREHOUSE = { id: 'loc_w', name: 'Warehouse' };
const SHOP = { id: 'loc_s', name: 'Shop' };

function line(id: string, over: Partial<PackOrderLine> = {}): PackOrderLine {
  return {
    id,
    productTitle: `Product ${id}`,
    variantTitle: 'Default',
    sku: `SKU-${id}`,
    imageUrl: null,
    quantity: 1,
    unfulfilledQuantity: 1,
    location: WAREHOUSE,
    variant: { id: `v_${id}`, barcode: null },
    ...over,
  };
}

function order(lines: PackOrderLine[], over: Partial<PackOrder> = {}): PackOrder {
  return {
    id: 'ord_1',
    name: '#1042',
    status: 'OPEN',
    fulfillmentStatus: 'UNFULFILLED',
    availableActions: ['FULFILL'],
    lines,
    ...over,
  };
}

const packLines = (...lines: PackOrderLine[]) => packLinesOf(order(lines), WAREHOUSE.id);

describe('applyScan', () => {
  it('ticks the line of an exact SKU or barcode, any case, spaces around ignored', () => {
    const lines = packLines(
      line('a', { quantity: 3, unfulfilledQuantity: 3 }),
      line('b', { variant: { id: 'v_b', barcode: '0012345678905' } }),
    );
    const first = applyScan(lines, '  sku-a ');
    expect(first).toMatchObject({ kind: 'ok', index: 0, done: false });
    const byBarcode = applyScan(first.kind === 'ok' ? first.lines : [], '0012345678905');
    expect(byBarcode).toMatchObject({ kind: 'ok', index: 1, done: false });
    if (byBarcode.kind !== 'ok') throw new Error('expected ok');
    expect(byBarcode.lines.map((l) => `${l.scanned}/${l.needed}`)).toEqual(['1/3', '1/1']);
    // A part of a SKU is no match.
    expect(applyScan(lines, 'SKU').kind).toBe('wrong');
  });

  it('refuses a wrong item and changes nothing', () => {
    const lines = packLines(line('a'));
    const result = applyScan(lines, 'NOT-HERE');
    expect(result).toEqual({
      kind: 'wrong',
      message: 'Wrong item: NOT-HERE is not on this order. Put it back.',
    });
    expect(lines[0]!.scanned).toBe(0);
  });

  it('refuses an extra unit of a complete line, naming it', () => {
    const once = applyScan(packLines(line('a')), 'SKU-a');
    if (once.kind !== 'ok') throw new Error('expected ok');
    expect(once.done).toBe(true);
    const extra = applyScan(once.lines, 'sku-a');
    expect(extra).toEqual({
      kind: 'extra',
      index: 0,
      message: 'One too many: Product a needs 1, all scanned. Put this one back.',
    });
  });

  it('gives a code on two lines to the first still needing units', () => {
    let lines: PackLine[] = packLines(
      line('a', { sku: 'TWIN', quantity: 1, unfulfilledQuantity: 1 }),
      line('b', { sku: 'twin', quantity: 2, unfulfilledQuantity: 2, variantTitle: 'Blue' }),
    );
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = applyScan(lines, 'Twin');
      if (r.kind !== 'ok') throw new Error(`scan ${i} refused`);
      seen.push(r.index);
      lines = r.lines;
    }
    expect(seen).toEqual([0, 1, 1]);
    expect(allScanned(lines)).toBe(true);
    expect(applyScan(lines, 'TWIN')).toMatchObject({
      kind: 'extra',
      message: 'One too many: Product a needs 1, all scanned. Put this one back.',
    });
  });

  it('matches by SKU when the variant is unknown (no CATALOG_READ)', () => {
    const lines = packLines(line('a', { variant: null }));
    expect(applyScan(lines, 'SKU-a')).toMatchObject({ kind: 'ok', done: true });
    expect(applyScan(lines, '').kind).toBe('wrong');
  });
});

describe('packLinesOf and notPackable', () => {
  it('packs only the units left at this location, and untracked lines', () => {
    const o = order([
      line('a', { quantity: 3, unfulfilledQuantity: 2 }),
      line('b', { location: SHOP }),
      line('c', { location: null }),
      line('d', { unfulfilledQuantity: 0 }),
    ]);
    expect(packLinesOf(o, WAREHOUSE.id).map((l) => [l.line.id, l.needed])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    expect(notPackable(o, WAREHOUSE)).toBeNull();
  });

  it('says plainly why an order cannot be packed here', () => {
    expect(notPackable(order([line('a')], { status: 'CANCELLED', availableActions: [] }), WAREHOUSE)).toBe(
      '#1042 is cancelled: there is nothing to pack.',
    );
    expect(
      notPackable(
        order([line('a', { unfulfilledQuantity: 0 })], {
          fulfillmentStatus: 'FULFILLED',
          availableActions: [],
        }),
        WAREHOUSE,
      ),
    ).toBe('#1042 has already shipped.');
    expect(notPackable(order([line('a', { location: SHOP })]), WAREHOUSE)).toBe(
      'Nothing of #1042 ships from Warehouse: its items are at Shop.',
    );
  });
});

describe('orderNumberOf', () => {
  it('reads 1042, #1042 and the store prefix', () => {
    expect(orderNumberOf('1042', '#')).toBe(1042);
    expect(orderNumberOf(' #1042 ', '#')).toBe(1042);
    expect(orderNumberOf('sr-1042', 'SR-')).toBe(1042);
    expect(orderNumberOf('#1042', 'SR-')).toBe(1042);
    expect(orderNumberOf('SKU-1', '#')).toBeNull();
    expect(orderNumberOf('', '#')).toBeNull();
    expect(orderNumberOf('0', '#')).toBeNull();
    expect(orderNumberOf('1'.repeat(20), '#')).toBeNull();
  });
});

describe('urls and searches', () => {
  it('asks for the slip of a shipment, or of what is left at a location', () => {
    expect(slipUrl({ fulfillmentId: 'ful_1' })).toBe('/documents/packing-slips.pdf?fulfillment=ful_1');
    expect(slipUrl({ fulfillmentId: 'ful_1' }, 'LABEL_4X6')).toBe(
      '/documents/packing-slips.pdf?fulfillment=ful_1&layout=LABEL_4X6',
    );
    expect(slipUrl({ orderId: 'ord_1', locationId: 'loc_w' })).toBe(
      '/documents/packing-slips.pdf?orders=ord_1&location=loc_w',
    );
    expect(nextOrderSearch('loc_w')).toBe('status:open -fulfillment_status:fulfilled location:loc_w');
  });
});
