import type { Client } from '../helpers.js';
import type { RealIds } from './hostile-values.js';
import { uploadImages } from '../support/media-upload.js';

/** Real records for the fuzz to aim at, so hostile values meet resolvers that find something. */
export interface Fixtures {
  ids: RealIds;
  secondLocationId: string;
  /** A product whose variants productUpdate may replace without breaking the others' fixtures. */
  victimProductId: string;
  customerEmail: string;
  /** A page cursor the server made for products, to be sent to other lists. */
  productCursor: string | null;
  ownerPassword: string;
}

async function must(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const res = await client.request(query, variables);
  const data = res.body.data;
  const payload = data ? Object.values(data)[0] : null;
  if (res.body.errors?.length || !payload || payload.userErrors?.length) {
    throw new Error(`fixture failed: ${query.slice(0, 80)} → ${JSON.stringify(res.body)}`);
  }
  return payload;
}

export async function createFixtures(owner: Client, url: string, ownerPassword: string): Promise<Fixtures> {
  const me = await must(owner, `{ me { id roles { id } sessions { id } } }`);
  const location = (name: string) =>
    must(
      owner,
      `mutation($n: String) { locationCreate(input: { name: $n }) { location { id } userErrors { message } } }`,
      { n: name },
    );
  const firstLocation = (await location('Fuzz warehouse')).location.id as string;
  const second = await location('Fuzz back room');
  const category = await must(
    owner,
    `mutation { categoryCreate(input: { name: "Fuzz scarves" }) { category { id } userErrors { message } } }`,
  );
  const productInput = (title: string, sku: string) => ({
    title,
    categoryId: category.category.id,
    variants: [{ price: '10.00', sku }],
  });
  const productQuery = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id variants { id } } userErrors { message } } }`;
  const product = (
    await must(owner, productQuery, { input: { ...productInput('Fuzz scarf', 'FUZZ-1'), status: 'ACTIVE' } })
  ).product;
  const victim = (await must(owner, productQuery, { input: productInput('Fuzz victim', 'FUZZ-2') })).product;
  const variantId = product.variants[0].id as string;
  const collection = await must(
    owner,
    `mutation($p: [ID!]) { collectionCreate(input: { title: "Fuzz picks", kind: MANUAL, productIds: $p }) { collection { id } userErrors { message } } }`,
    { p: [product.id] },
  );
  const customerEmail = 'fuzz-customer@example.com';
  const customer = await must(
    owner,
    `mutation($email: String) { customerCreate(input: { email: $email, firstName: "Fuzz", addresses: [{ line1: "1 Main St", city: "Springfield", postalCode: "62701", region: "IL", countryCode: "US" }] }) { customer { id addresses { id } } userErrors { message } } }`,
    { email: customerEmail },
  );
  const zone = await must(
    owner,
    `mutation { shippingZoneCreate(input: { name: "Fuzz zone", countries: ["US"] }) { zone { id } userErrors { message } } }`,
  );
  const rate = await must(
    owner,
    `mutation($z: ID!) { shippingRateCreate(zoneId: $z, input: { name: "Fuzz rate", price: "5.00" }) { rate { id } userErrors { message } } }`,
    { z: zone.zone.id },
  );
  const tax = await must(
    owner,
    `mutation { taxRateCreate(input: { countryCode: "US", name: "Fuzz tax", rate: "5" }) { taxRate { id } userErrors { message } } }`,
  );
  const adjusted = await must(
    owner,
    `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { levels { id } movements { id } userErrors { message } } }`,
    { input: { reason: 'RECEIVED', changes: [{ variantId, locationId: firstLocation, delta: 5 }] } },
  );
  // An order with an authorized payment and one shipment, so order commands reach real rows.
  const placed = await must(
    owner,
    `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
      order { id lines { id } transactions { id } } userErrors { message } } }`,
    {
      input: {
        lines: [{ variantId, quantity: 1 }],
        email: 'fuzz-buyer@example.com',
        payment: { kind: 'AUTHORIZATION' },
      },
    },
  );
  const shipped = await must(
    owner,
    `mutation($id: ID!) { orderFulfill(input: { orderId: $id }) { fulfillment { id } userErrors { message } } }`,
    { id: placed.order.id },
  );
  // A return of the shipped unit, so return commands reach a real row (issue #31).
  const taken = await must(
    owner,
    `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) { return { id lines { id } } userErrors { message } } }`,
    {
      input: {
        orderId: placed.order.id,
        lines: [{ orderLineId: placed.order.lines[0].id, quantity: 1, reason: 'OTHER' }],
      },
    },
  );
  // An open draft, so draft commands reach a real row.
  const draft = await must(
    owner,
    `mutation($input: DraftOrderInput!) { draftOrderCreate(input: $input) { draftOrder { id } userErrors { message } } }`,
    { input: { lines: [{ variantId, quantity: 1 }], email: 'fuzz-draft@example.com' } },
  );
  // A code in use, so discount commands and order searches by discount reach real rows.
  const discount = await must(
    owner,
    `mutation($input: DiscountInput!) { discountCreate(input: $input) { discount { id } userErrors { message } } }`,
    { input: { code: 'FUZZ10', kind: 'PERCENTAGE', value: '10', appliesTo: 'ALL' } },
  );
  const mediaId = (await uploadImages(owner, url, product.id))[0]!;
  const audit = await must(owner, `{ auditEvents(first: 1) { nodes { id } } }`);
  const products = await must(owner, `{ products(first: 1) { edges { cursor } } }`);
  return {
    ids: {
      Staff: me.id,
      Role: me.roles[0]?.id,
      Session: me.sessions[0]?.id,
      Location: firstLocation,
      AuditEvent: audit.nodes[0]?.id,
      Product: product.id,
      ProductVariant: variantId,
      Category: category.category.id,
      Collection: collection.collection.id,
      ProductMedia: mediaId,
      InventoryLevel: adjusted.levels[0].id,
      InventoryMovement: adjusted.movements[0].id,
      Customer: customer.customer.id,
      CustomerAddress: customer.customer.addresses[0].id,
      ShippingZone: zone.zone.id,
      ShippingRate: rate.rate.id,
      TaxRate: tax.taxRate.id,
      Order: placed.order.id,
      OrderLine: placed.order.lines[0].id,
      OrderTransaction: placed.order.transactions[0].id,
      Fulfillment: shipped.fulfillment.id,
      DraftOrder: draft.draftOrder.id,
      Discount: discount.discount.id,
      Return: taken.return.id,
      ReturnLine: taken.return.lines[0].id,
    },
    secondLocationId: second.location.id,
    victimProductId: victim.id,
    customerEmail,
    productCursor: products.edges[0]?.cursor ?? null,
    ownerPassword,
  };
}
