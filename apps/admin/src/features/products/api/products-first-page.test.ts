import { describe, expect, it } from 'vitest';
import { firstPageRequest } from '../../../lib/first-page';
import { productsFirstPage } from './products-first-page';

describe('a list’s first page', () => {
  it('is the request the list’s screen makes, built from the URL', () => {
    expect(
      firstPageRequest(productsFirstPage, new URL('http://x/products?sort=TITLE&dir=desc&q=linen')),
    ).toEqual({
      operationName: 'Products',
      variables: { query: 'linen', sortKey: 'TITLE', reverse: true, first: 50 },
    });
    expect(firstPageRequest(productsFirstPage, new URL('http://x/products/'))?.variables).toMatchObject({
      query: null,
      first: 50,
    });
  });

  it('is nothing on another screen', () => {
    expect(firstPageRequest(productsFirstPage, new URL('http://x/products/new'))).toBeNull();
    expect(firstPageRequest(productsFirstPage, new URL('http://x/customers'))).toBeNull();
  });
});
