import { describe, expect, it } from 'vitest';
import { parseRecent, recordKind, withRecent } from './recent-records';

describe('recent records', () => {
  it('knows record screens from lists and new-record screens', () => {
    expect(recordKind('/orders/ord_1')).toBe('Order');
    expect(recordKind('/orders/ord_1/refund')).toBeNull();
    expect(recordKind('/products/new')).toBeNull();
    expect(recordKind('/products/bulk-edit')).toBeNull();
    expect(recordKind('/products/prod_1')).toBe('Product');
    expect(recordKind('/products/prod_1/variants/var_1')).toBe('Variant');
    expect(recordKind('/customers')).toBeNull();
    expect(recordKind('/drafts/new')).toBeNull();
  });

  it('keeps the newest first, once each, at most eight', () => {
    let list = parseRecent(null);
    for (let i = 0; i < 10; i++)
      list = withRecent(list, { path: `/orders/${i}`, label: `#${i}`, kind: 'Order' });
    list = withRecent(list, { path: '/orders/5', label: '#5', kind: 'Order' });
    expect(list.map((r) => r.path)).toEqual([
      '/orders/5',
      '/orders/9',
      '/orders/8',
      '/orders/7',
      '/orders/6',
      '/orders/4',
      '/orders/3',
      '/orders/2',
    ]);
    expect(parseRecent('[{"path":1}]')).toEqual([]);
    expect(parseRecent('oops')).toEqual([]);
  });
});
