import { expect } from 'vitest';
import type { Client } from '../helpers.js';
import { gql } from './order-fixtures.js';

export const DRAFT_FIELDS = `id name status version itemsCount total { amount } email customerName
  customer { id displayName }
  lines { id custom title variantTitle sku quantity taxable unitPrice { amount } originalUnitPrice { amount } priceOverrideReason }
  shippingLine { title price { amount } custom shippingRateId }
  calculated { subtotal { amount } shippingTotal { amount } taxTotal { amount } total { amount } taxName
    lines { unitPrice { amount } tax { amount } total { amount } } availableShippingRates { id name price { amount } } }
  order { id name }`;

export const CREATE_DRAFT = `mutation($input: DraftOrderInput!) { draftOrderCreate(input: $input) {
  draftOrder { ${DRAFT_FIELDS} } userErrors { field code message } } }`;
export const UPDATE_DRAFT = `mutation($id: ID!, $input: DraftOrderInput!, $version: Int) { draftOrderUpdate(id: $id, input: $input, version: $version) {
  draftOrder { ${DRAFT_FIELDS} } userErrors { field code message } } }`;
export const CALCULATE_DRAFT = `mutation($input: DraftOrderInput!) { draftOrderCalculate(input: $input) {
  calculated { subtotal { amount } shippingTotal { amount } taxTotal { amount } total { amount }
    lines { unitPrice { amount } total { amount } } availableShippingRates { id name price { amount } } }
  userErrors { field code message } } }`;
export const COMPLETE_DRAFT = `mutation($id: ID!, $paid: Boolean, $key: String) { draftOrderComplete(id: $id, markAsPaid: $paid, idempotencyKey: $key) {
  draftOrder { id status order { id } } order { id name source total { amount } paymentStatus
    lines { sku productTitle custom quantity unitPrice { amount } originalUnitPrice { amount } priceOverrideReason tax { amount } taxable }
    shippingLine { name price { amount } } }
  userErrors { field code message } } }`;
export const DELETE_DRAFT = `mutation($id: ID!) { draftOrderDelete(id: $id) { deletedId userErrors { field code message } } }`;

export async function createDraft(client: Client, input: Record<string, unknown>) {
  const done = (await gql(client, CREATE_DRAFT, { input })).draftOrderCreate;
  expect(done.userErrors).toEqual([]);
  return done.draftOrder;
}

/** A zone for the US with a standard rate (free above 100.00) and an express rate. */
export async function usRates(client: Client): Promise<{ standard: string; express: string }> {
  const zone = await gql(
    client,
    `mutation { shippingZoneCreate(input: { name: "United States", countries: ["US"] }) { zone { id } userErrors { message } } }`,
  );
  const zoneId = zone.shippingZoneCreate.zone.id;
  const rate = async (input: Record<string, unknown>) =>
    (
      await gql(
        client,
        `mutation($z: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $z, input: $input) { rate { id } userErrors { message } } }`,
        { z: zoneId, input },
      )
    ).shippingRateCreate.rate.id as string;
  return {
    standard: await rate({ name: 'Standard', price: '5.00', freeAbove: '100.00' }),
    express: await rate({ name: 'Express', price: '15.00' }),
  };
}
