import { describe, expect, it } from 'vitest';
import { initialPackState, packReducer, type PackAction, type PackState } from './pack-machine';
import { packLinesOf, type PackOrder } from './pack-plan';

const WAREHOUSE = 'loc_w';

const ORDER: PackOrder = {
  id: 'ord_1',
  name: '#1042',
  status: 'OPEN',
  fulfillmentStatus: 'UNFULFILLED',
  availableActions: ['FULFILL'],
  lines: [
    {
      id: 'a',
      productTitle: 'Lamp',
      variantTitle: 'Default',
      sku: 'LAMP',
      imageUrl: null,
      quantity: 2,
      unfulfilledQuantity: 2,
      location: { id: WAREHOUSE, name: 'Warehouse' },
      variant: { id: 'v_a', barcode: '111' },
    },
    {
      id: 'b',
      productTitle: 'Mug',
      variantTitle: 'Blue',
      sku: 'MUG',
      imageUrl: null,
      quantity: 1,
      unfulfilledQuantity: 1,
      location: { id: WAREHOUSE, name: 'Warehouse' },
      variant: null,
    },
  ],
};

const run = (state: PackState, ...actions: PackAction[]) => actions.reduce(packReducer, state);
const load: PackAction = {
  type: 'load',
  order: ORDER,
  lines: packLinesOf(ORDER, WAREHOUSE),
  idempotencyKey: 'key-1',
};
const counts = (s: PackState) => ('lines' in s ? s.lines.map((l) => `${l.scanned}/${l.needed}`) : null);

describe('packReducer', () => {
  it('goes idle → packing → scanned → shipping → shipped', () => {
    let s = run(initialPackState, load);
    expect(s.step).toBe('packing');
    s = run(s, { type: 'scan', code: 'lamp' });
    expect(s.notice).toMatchObject({ tone: 'ok', text: 'Lamp: 1 / 2. 1 / 3 units scanned.' });
    s = run(s, { type: 'scan', code: '111' }, { type: 'scan', code: 'MUG' });
    expect(s.step).toBe('scanned');
    expect(counts(s)).toEqual(['2/2', '1/1']);
    s = run(s, { type: 'submit' });
    expect(s.step).toBe('shipping');
    // A second submit (double Enter) changes nothing.
    expect(run(s, { type: 'submit' })).toBe(s);
    s = run(s, { type: 'shipped', fulfillment: { id: 'ful_1', name: '#1042-F1' } });
    expect(s).toMatchObject({
      step: 'shipped',
      shipped: { orderId: 'ord_1', fulfillmentId: 'ful_1', fulfillmentName: '#1042-F1' },
      notice: { tone: 'ok', text: 'Shipped #1042. Press Enter for the next order.' },
    });
  });

  it('refuses a wrong item and an extra unit loudly without changing the counts', () => {
    const s = run(initialPackState, load, { type: 'scan', code: 'MUG' });
    const wrong = run(s, { type: 'scan', code: 'SOCK' });
    expect(wrong.notice).toMatchObject({ tone: 'error', text: expect.stringContaining('Wrong item') });
    expect(counts(wrong)).toEqual(counts(s));
    const extra = run(wrong, { type: 'scan', code: 'mug' });
    expect(extra.notice).toMatchObject({ tone: 'error', text: expect.stringContaining('One too many') });
    expect(counts(extra)).toEqual(['0/2', '1/1']);
    expect(extra.step).toBe('packing');
    // The same refusal twice is a new notice, so it sounds again.
    const again = run(extra, { type: 'scan', code: 'mug' });
    expect(again.notice!.seq).not.toBe(extra.notice!.seq);
  });

  it('Escape goes back one step: from the tracking to scanning (last unit back), then puts the order aside', () => {
    let s = run(
      initialPackState,
      load,
      ...['LAMP', 'LAMP', 'MUG'].map((code) => ({ type: 'scan', code }) as const),
    );
    expect(s.step).toBe('scanned');
    s = run(s, { type: 'back' });
    expect(s.step).toBe('packing');
    expect(counts(s)).toEqual(['2/2', '0/1']);
    s = run(s, { type: 'back' });
    expect(s).toMatchObject({ step: 'idle', notice: { text: '#1042 put aside: nothing was shipped.' } });
  });

  it('keeps the idempotency key through a refused shipment, and leaves an order someone else shipped', () => {
    const scanned = run(
      initialPackState,
      load,
      ...['LAMP', 'LAMP', 'MUG'].map((code) => ({ type: 'scan', code }) as const),
    );
    const refused = run(scanned, { type: 'submit' }, { type: 'shipFailed', text: 'No stock.', gone: false });
    expect(refused).toMatchObject({ step: 'scanned', idempotencyKey: 'key-1', notice: { tone: 'error' } });
    const gone = run(
      scanned,
      { type: 'submit' },
      { type: 'shipFailed', text: 'Already shipped', gone: true },
    );
    expect(gone).toMatchObject({ step: 'idle', notice: { tone: 'error', text: 'Already shipped' } });
  });

  it('ignores scans when no order is open', () => {
    expect(run(initialPackState, { type: 'scan', code: 'LAMP' })).toBe(initialPackState);
  });
});
