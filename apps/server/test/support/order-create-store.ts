import { sql } from 'kysely';
import { expect } from 'vitest';
import { signedIn, type Client } from '../helpers.js';
import type { TestServer } from '../../src/testing.js';
import { createLocation, createVariant, gql } from './order-fixtures.js';

export const CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
  order { id name status paymentStatus fulfillmentStatus availableActions pricesIncludeTax itemsCount email customerName
    subtotal { amount } shippingTotal { amount } taxTotal { amount } discountTotal { amount } total { amount }
    totalPaid { amount } outstanding { amount } totalCapturable { amount }
    shippingLine { name price { amount } tax { amount } }
    customer { displayName email ordersCount totalSpent { amount } state }
    lines { sku quantity unitPrice { amount } subtotal { amount } tax { amount } total { amount } location { name } }
    transactions { kind status amount { amount } gateway actorName }
    timeline { kind message actorName } }
  userErrors { field code message } } }`;

export const US = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Analytical Way',
  city: 'Columbus',
  postalCode: '43004',
  countryCode: 'US',
};
export const FR = { ...US, city: 'Paris', postalCode: '75001', countryCode: 'FR' };

/** What a refused command must leave alone: orders, customers, and every stock number. */
export async function snapshot(server: TestServer) {
  const db = server.app.database.db;
  const count = async (table: 'orders' | 'customers' | 'order_lines' | 'inventory_movements') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const levels = await db
    .selectFrom('inventory_levels')
    .select(['on_hand', 'committed'])
    .orderBy('id')
    .execute();
  return {
    orders: await count('orders'),
    lines: await count('order_lines'),
    customers: await count('customers'),
    movements: await count('inventory_movements'),
    levels,
  };
}

export interface CreateStore {
  owner: Client;
  main: string;
  lamp: string;
  card: string;
  /** Standard, $5, any subtotal. */
  standard: string;
  /** Express, $15, only up to a $20 subtotal. */
  express: string;
}

/** A store to place orders in: two locations, a tracked lamp and an untracked card, US rates and a 10 % tax. */
export async function setUpCreateStore(server: TestServer): Promise<CreateStore> {
  const owner = await signedIn(server);
  const main = await createLocation(owner, 'Main warehouse');
  await createLocation(owner, 'Backroom');
  const lamp = await createVariant(owner, { sku: 'LAMP', price: '40.00', stock: { [main]: 10 } });
  const card = await createVariant(owner, { sku: 'CARD', price: '25.00', untracked: true });
  const zone = await gql(
    owner,
    `mutation { shippingZoneCreate(input: { name: "Domestic", countries: ["US"] }) { zone { id } userErrors { message } } }`,
  );
  const rate = async (input: Record<string, unknown>) =>
    (
      await gql(
        owner,
        `mutation($z: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $z, input: $input) { rate { id } userErrors { message } } }`,
        { z: zone.shippingZoneCreate.zone.id, input },
      )
    ).shippingRateCreate.rate.id;
  const standard = await rate({ name: 'Standard', price: '5.00' });
  const express = await rate({ name: 'Express', price: '15.00', maxSubtotal: '20.00' });
  const tax = await gql(
    owner,
    `mutation { taxRateCreate(input: { countryCode: "US", rate: "10", name: "Sales tax" }) { userErrors { message } } }`,
  );
  expect(tax.taxRateCreate.userErrors).toEqual([]);
  return { owner, main, lamp, card, standard, express };
}
