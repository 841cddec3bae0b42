import { describe, expect, it } from 'vitest';
import {
  addPending,
  defaultLocation,
  matchScan,
  receiveLinesInput,
  type PendingReceipt,
  type ReceivableLine,
} from './receive-plan';

function line(
  id: string,
  sku: string | null,
  barcode: string | null,
  expected = 2,
  over: Partial<ReceivableLine['orderLine']> = {},
): ReceivableLine {
  return {
    id,
    expectedQuantity: expected,
    orderLine: {
      productTitle: 'Tee',
      variantTitle: id.toUpperCase(),
      sku,
      location: { id: 'loc-main', name: 'Main' },
      variant: { barcode, trackInventory: true },
      ...over,
    },
  };
}

const lines = [line('m', 'TEE-M', '0001112223334'), line('l', 'TEE-L', null, 1)];

describe('matchScan', () => {
  it('matches the SKU or the barcode, ignoring case and spaces around', () => {
    expect(matchScan(lines, ' tee-m ', [])).toMatchObject({ kind: 'line', line: { id: 'm' } });
    expect(matchScan(lines, '0001112223334\n', [])).toMatchObject({ kind: 'line', line: { id: 'm' } });
    expect(matchScan(lines, 'TEE-L', [])).toMatchObject({ kind: 'line', line: { id: 'l' } });
  });

  it('says plainly when nothing matches or nothing is left to come', () => {
    expect(matchScan(lines, 'NOPE', [])).toMatchObject({
      kind: 'none',
      message: expect.stringContaining('NOPE'),
    });
    expect(matchScan(lines, '', [])).toMatchObject({ kind: 'none' });
    const pending: PendingReceipt[] = [
      { key: 'k', returnLineId: 'l', quantity: 1, disposition: 'RESTOCK', locationId: 'loc-main' },
    ];
    expect(matchScan(lines, 'TEE-L', pending)).toMatchObject({ kind: 'done' });
  });

  it('takes the next line with units to come when two lines hold the same item', () => {
    const twice = [line('a', 'SAME', null, 1), line('b', 'SAME', null, 1)];
    const pending: PendingReceipt[] = [
      { key: 'k', returnLineId: 'a', quantity: 1, disposition: 'RESTOCK', locationId: null },
    ];
    expect(matchScan(twice, 'same', pending)).toMatchObject({ kind: 'line', line: { id: 'b' } });
  });
});

describe('addPending', () => {
  it('merges rows of the same line, state and place; refuses more than still to come', () => {
    let pending: PendingReceipt[] = [];
    const m = lines[0]!;
    const first = addPending(
      pending,
      { returnLineId: 'm', quantity: 1, disposition: 'RESTOCK', locationId: 'loc-main' },
      m,
      'k1',
    );
    if ('error' in first) throw new Error(first.error);
    pending = first.pending;
    const second = addPending(
      pending,
      { returnLineId: 'm', quantity: 1, disposition: 'DAMAGED', locationId: 'loc-main' },
      m,
      'k2',
    );
    if ('error' in second) throw new Error(second.error);
    pending = second.pending;
    expect(pending).toHaveLength(2);
    const third = addPending(
      pending,
      { returnLineId: 'm', quantity: 1, disposition: 'RESTOCK', locationId: 'loc-main' },
      m,
      'k3',
    );
    expect(third).toEqual({ error: expect.stringContaining('Every unit') });
    const zero = addPending(
      [],
      { returnLineId: 'm', quantity: 0, disposition: 'RESTOCK', locationId: 'loc-main' },
      m,
      'k4',
    );
    expect(zero).toEqual({ error: expect.any(String) });
    const merged = addPending(
      [],
      { returnLineId: 'm', quantity: 1, disposition: 'RESTOCK', locationId: 'loc-main' },
      m,
      'a',
    );
    if ('error' in merged) throw new Error(merged.error);
    const again = addPending(
      merged.pending,
      { returnLineId: 'm', quantity: 1, disposition: 'RESTOCK', locationId: 'loc-main' },
      m,
      'b',
    );
    if ('error' in again) throw new Error(again.error);
    expect(again.pending).toEqual([
      { key: 'a', returnLineId: 'm', quantity: 2, disposition: 'RESTOCK', locationId: 'loc-main' },
    ]);
  });

  it('sends missing units with no location', () => {
    const r = addPending(
      [],
      { returnLineId: 'm', quantity: 1, disposition: 'MISSING', locationId: 'loc-main' },
      lines[0]!,
      'k',
    );
    if ('error' in r) throw new Error(r.error);
    expect(receiveLinesInput(r.pending)).toEqual([
      { returnLineId: 'm', quantity: 1, disposition: 'MISSING', locationId: null },
    ]);
  });
});

describe('defaultLocation', () => {
  it('is where the line shipped from while active, else the first location, none without stock', () => {
    const locations = [{ id: 'loc-2' }, { id: 'loc-main' }];
    expect(defaultLocation(lines[0]!, locations)).toBe('loc-main');
    expect(defaultLocation(lines[0]!, [{ id: 'loc-2' }])).toBe('loc-2');
    const untracked = line('u', 'U', null, 1, { variant: { barcode: null, trackInventory: false } });
    expect(defaultLocation(untracked, locations)).toBeNull();
  });
});
