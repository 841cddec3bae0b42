import { describe, expect, it } from 'vitest';
import { packingSlipsUrl, pickListUrl } from './document-urls';

describe('document urls', () => {
  it('names the orders, the search or the shipment, escaped', () => {
    expect(packingSlipsUrl({ orders: ['ord_1', 'ord_2'] })).toBe(
      '/documents/packing-slips.pdf?orders=ord_1%2Cord_2',
    );
    expect(pickListUrl({ query: 'tag:gift & status:open' })).toBe(
      '/documents/pick-list.pdf?query=tag%3Agift+%26+status%3Aopen',
    );
    expect(packingSlipsUrl({ fulfillment: 'ful_9' })).toBe('/documents/packing-slips.pdf?fulfillment=ful_9');
  });
});
