import { describe, expect, it } from 'vitest';
import { ORDER_TABS, tabOf } from './order-list-sorting';

describe('tabOf', () => {
  it('finds the tab whose search is the one in the URL, whatever the spacing', () => {
    expect(tabOf('')?.value).toBe('all');
    expect(tabOf('  status:open   -fulfillment_status:fulfilled ')?.value).toBe('unfulfilled');
    expect(tabOf('status:closed')?.value).toBe('archived');
  });

  it('chooses no tab for a search of one’s own', () => {
    expect(tabOf('status:open tag:gift')).toBeNull();
    expect(tabOf('#1001')).toBeNull();
  });

  it('has one tab per search', () => {
    expect(new Set(ORDER_TABS.map((t) => t.query)).size).toBe(ORDER_TABS.length);
  });
});
