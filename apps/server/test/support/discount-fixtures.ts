import { expect } from 'vitest';
import type { Client } from '../helpers.js';
import { gql } from './order-fixtures.js';

export const DISCOUNT_FIELDS = `id code kind value summary appliesTo status usageCount usageLimit oncePerCustomer disabled
  minimumSubtotal { amount } minimumQuantity startsAt endsAt version
  products { id title } collections { id title }`;

export const CREATE_DISCOUNT = `mutation($input: DiscountInput!) { discountCreate(input: $input) {
  discount { ${DISCOUNT_FIELDS} } userErrors { field code message relatedId } } }`;
export const UPDATE_DISCOUNT = `mutation($id: ID!, $input: DiscountInput!, $version: Int) { discountUpdate(id: $id, input: $input, version: $version) {
  discount { ${DISCOUNT_FIELDS} } userErrors { field code message } } }`;
export const DELETE_DISCOUNT = `mutation($id: ID!) { discountDelete(id: $id) { deletedId userErrors { field code message } } }`;
export const READ_DISCOUNT = `query($id: ID!) { discount(id: $id) { ${DISCOUNT_FIELDS} } }`;

/** A code that applies from a day ago, with the given rules. */
export async function createDiscount(client: Client, input: Record<string, unknown>) {
  const done = (
    await gql(client, CREATE_DISCOUNT, {
      input: {
        kind: 'PERCENTAGE',
        appliesTo: 'ALL',
        startsAt: new Date(Date.now() - 86_400_000).toISOString(),
        ...input,
      },
    })
  ).discountCreate;
  expect(done.userErrors).toEqual([]);
  return done.discount;
}

export async function discountOf(client: Client, id: string) {
  return (await gql(client, READ_DISCOUNT, { id })).discount;
}

/** The product id of a variant. */
export async function productOf(client: Client, variantId: string): Promise<string> {
  const data = await gql(
    client,
    `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`,
    {
      id: variantId,
    },
  );
  return data.node.product.id;
}

/** A manual collection holding these products. */
export async function manualCollection(client: Client, title: string, productIds: string[]): Promise<string> {
  const data = await gql(
    client,
    `mutation($input: CollectionInput!) { collectionCreate(input: $input) { collection { id } userErrors { message } } }`,
    { input: { title, kind: 'MANUAL', productIds } },
  );
  expect(data.collectionCreate.userErrors).toEqual([]);
  return data.collectionCreate.collection.id;
}
