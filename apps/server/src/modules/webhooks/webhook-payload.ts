import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { Kind, parse, type DocumentNode, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { decodeId, encodeId, WEBHOOK_PAYLOAD_MAX_BYTES, type WebhookTopic } from '@stockroom/domain';
import type { Viewer } from '../../actor.js';

/**
 * Runs a GraphQL document against the store's own schema as `viewer` (app/app.ts makes it): a
 * payload is the object as the API shows it to the subscription's owner, with the same ids and the
 * same permission checks, so it holds only what the owner may read.
 */
export type OperationRunner = (
  document: DocumentNode,
  variables: Record<string, unknown>,
  viewer: Viewer,
) => Promise<ExecutionResult>;

type Subject = 'Order' | 'Product' | 'InventoryLevel' | 'Customer' | 'Return';

export const TOPIC_SUBJECT: Record<WebhookTopic, Subject> = {
  ORDERS_CREATE: 'Order',
  ORDERS_PAID: 'Order',
  ORDERS_FULFILLED: 'Order',
  ORDERS_CANCELLED: 'Order',
  ORDERS_UPDATED: 'Order',
  REFUNDS_CREATE: 'Order',
  PRODUCTS_CREATE: 'Product',
  PRODUCTS_UPDATE: 'Product',
  PRODUCTS_DELETE: 'Product',
  INVENTORY_LEVELS_UPDATE: 'InventoryLevel',
  CUSTOMERS_CREATE: 'Customer',
  CUSTOMERS_UPDATE: 'Customer',
  RETURNS_CREATE: 'Return',
  RETURNS_RECEIVE: 'Return',
  RETURNS_SETTLE: 'Return',
  RETURNS_CLOSE: 'Return',
  RETURNS_CANCEL: 'Return',
};

const MONEY = 'fragment M on Money { amount currencyCode }';
const ADDRESS = `fragment A on OrderAddress { firstName lastName company line1 line2 city region postalCode
  countryCode countryName phone }`;

/**
 * One document per kind of subject. An order's customer contact data (email, phone, name, the
 * customer, addresses) is included only for an owner with CUSTOMERS_READ ($contact), and links to
 * catalog objects only with CATALOG_READ ($catalog).
 */
const DOCUMENTS: Record<Subject, DocumentNode> = {
  Order: parse(`query WebhookOrder($ids: [ID!]!, $contact: Boolean!, $catalog: Boolean!) {
    nodes(ids: $ids) { ... on Order {
      id name number status paymentStatus fulfillmentStatus source currencyCode pricesIncludeTax
      email @include(if: $contact) phone @include(if: $contact) customerName @include(if: $contact)
      customer @include(if: $contact) { id displayName email }
      shippingAddress @include(if: $contact) { ...A } billingAddress @include(if: $contact) { ...A }
      subtotal { ...M } discountTotal { ...M } shippingTotal { ...M } taxTotal { ...M } total { ...M }
      totalPaid { ...M } totalRefunded { ...M } outstanding { ...M }
      discountCode note tags itemsCount
      shippingLine { name price { ...M } tax { ...M } discount { ...M } }
      lines { id productTitle variantTitle sku quantity fulfilledQuantity refundedQuantity unfulfilledQuantity
        custom taxable unitPrice { ...M } originalUnitPrice { ...M } discount { ...M } subtotal { ...M }
        tax { ...M } total { ...M } variant @include(if: $catalog) { id } product @include(if: $catalog) { id } }
      fulfillments { id name status carrier trackingNumber trackingUrl createdAt cancelledAt
        location { id name } lines { quantity line { id } } }
      refunds { id amount { ...M } shipping { ...M } reason createdAt lines { quantity restock line { id } } }
      transactions { id kind status gateway amount { ...M } reference createdAt }
      cancelledAt cancelReason closedAt createdAt updatedAt version
    } }
  } ${MONEY} ${ADDRESS}`),
  Product: parse(`query WebhookProduct($ids: [ID!]!) {
    nodes(ids: $ids) { ... on Product {
      id title handle status description vendor productType tags publishedAt seoTitle seoDescription
      options { name values } category { id name } totalAvailable variantCount
      variants { id title sku barcode position optionValues price { ...M } compareAtPrice { ...M }
        trackInventory allowBackorder weightGrams inventoryLevels { id available onHand location { id } } }
      media { id url alt position width height mimeType }
      createdAt updatedAt version
    } }
  } ${MONEY}`),
  InventoryLevel: parse(`query WebhookInventoryLevel($ids: [ID!]!) {
    nodes(ids: $ids) { ... on InventoryLevel {
      id available onHand committed incoming lowStock location { id name }
      variant { id sku title product { id title } } updatedAt version
    } }
  }`),
  Customer: parse(`query WebhookCustomer($ids: [ID!]!) {
    nodes(ids: $ids) { ... on Customer {
      id email firstName lastName displayName phone state tags acceptsMarketing note ordersCount
      totalSpent { ...M } lastOrderAt
      defaultAddress { id }
      addresses { id firstName lastName company line1 line2 city region postalCode countryCode phone }
      createdAt updatedAt version
    } }
  } ${MONEY}`),
  Return: parse(`query WebhookReturn($ids: [ID!]!) {
    nodes(ids: $ids) { ... on Return {
      id name status quantity receivedQuantity order { id name }
      lines { id quantity reason note restockedQuantity damagedQuantity missingQuantity creditedQuantity
        credit { ...M } orderLine { id sku productTitle variantTitle } }
      receipts { id quantity disposition location { id name } createdAt }
      returnShippingFee { ...M } restockingFeePercent note settledAt credit { ...M } fees { ...M }
      refund { id amount { ...M } } createdAt updatedAt openedAt closedAt cancelledAt version
    } }
  } ${MONEY}`),
};

/** The newest object of each kind, for a test delivery's sample. */
const NEWEST: Record<Subject, DocumentNode> = {
  Order: parse('query { list: orders(first: 1) { nodes { id } } }'),
  Product: parse('query { list: products(first: 1) { nodes { id } } }'),
  InventoryLevel: parse('query { list: inventoryLevels(first: 1) { nodes { id } } }'),
  Customer: parse('query { list: customers(first: 1) { nodes { id } } }'),
  Return: parse('query { list: returns(first: 1) { nodes { id } } }'),
};

/** The top-level fields of a topic's payload (what includeFields may name). */
export function payloadFields(topic: WebhookTopic): string[] {
  const op = DOCUMENTS[TOPIC_SUBJECT[topic]].definitions[0] as OperationDefinitionNode;
  const node = op.selectionSet.selections[0]!;
  if (node.kind !== Kind.FIELD || !node.selectionSet) return [];
  const fragment = node.selectionSet.selections[0]!;
  if (fragment.kind !== Kind.INLINE_FRAGMENT) return [];
  return fragment.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
}

export interface RenderedPayload {
  body: string;
  bytes: number;
  /** Errors of the read (a field refused): logged, the payload has null there. */
  problems?: string[];
}

function finish(object: Record<string, unknown>, includeFields: readonly string[]): RenderedPayload {
  const kept = includeFields.length
    ? Object.fromEntries(Object.entries(object).filter(([k]) => k === 'id' || includeFields.includes(k)))
    : object;
  let body = JSON.stringify(kept);
  let bytes = Buffer.byteLength(body);
  if (bytes > WEBHOOK_PAYLOAD_MAX_BYTES) {
    const id = String(object['id']);
    body = JSON.stringify({
      id,
      truncated: true,
      bytes,
      message: `This object is larger than ${WEBHOOK_PAYLOAD_MAX_BYTES / 1024} kB; read it from the API: { node(id: "${id}") { … } }.`,
    });
    bytes = Buffer.byteLength(body);
  }
  return { body, bytes };
}

/** How many subjects one read renders (`nodes(ids:)` takes at most 250). */
const RENDER_BATCH = 100;

/**
 * Reads subjects of one kind as `viewer`, many at once: one `nodes(ids:)` read per 100, so their
 * relations load in batches (an order's lines, customer, fulfilments…) rather than subject by
 * subject. Answers each subject's payload by its uuid; a missing (deleted) subject sends `{ id }`.
 */
export async function renderPayloads(
  run: OperationRunner,
  viewer: Viewer,
  topic: WebhookTopic,
  subjectIds: readonly string[],
  includeFields: readonly string[],
): Promise<Map<string, RenderedPayload>> {
  const subject = TOPIC_SUBJECT[topic];
  const out = new Map<string, RenderedPayload>();
  const unique = [...new Set(subjectIds)];
  for (let start = 0; start < unique.length; start += RENDER_BATCH) {
    const uuids = unique.slice(start, start + RENDER_BATCH);
    const ids = uuids.map((uuid) => encodeId(subject, uuid));
    const result = await run(
      DOCUMENTS[subject],
      {
        ids,
        contact: viewer.permissions.has('CUSTOMERS_READ'),
        catalog: viewer.permissions.has('CATALOG_READ'),
      },
      viewer,
    );
    const nodes = (result.data?.['nodes'] ?? []) as (Record<string, unknown> | null)[];
    // Requests first before the payloads are written out (up to 100 JSON texts at once).
    await yieldToRequests();
    uuids.forEach((uuid, i) => {
      const id = ids[i]!;
      const node = nodes[i] ?? null;
      // A field the owner may not read is null in the payload, as in the API; the log says which.
      const problems = (result.errors ?? [])
        .filter((e) => e.path?.[1] === i)
        .map((e) => `${e.path?.join('.') ?? ''}: ${e.message}`);
      out.set(uuid, { ...finish(node && node['id'] ? node : { id }, includeFields), problems });
    });
  }
  return out;
}

/** One subject's payload (a test delivery). */
export async function renderPayload(
  run: OperationRunner,
  viewer: Viewer,
  topic: WebhookTopic,
  subjectId: string,
  includeFields: readonly string[],
): Promise<RenderedPayload> {
  return (await renderPayloads(run, viewer, topic, [subjectId], includeFields)).get(subjectId)!;
}

/** A test delivery's body: the newest object of the topic's kind the owner may read, or a sample. */
export async function samplePayload(
  run: OperationRunner,
  viewer: Viewer,
  topic: WebhookTopic,
  includeFields: readonly string[],
): Promise<RenderedPayload & { subjectId: string | null }> {
  const subject = TOPIC_SUBJECT[topic];
  const newest = await run(NEWEST[subject], {}, viewer);
  const list = newest.data?.['list'] as { nodes: { id: string }[] } | undefined;
  const first = list?.nodes[0]?.id;
  if (!first)
    return {
      ...finish({ id: null, test: true, message: `There is no ${subject} yet; this is a test.` }, []),
      subjectId: null,
    };
  const uuid = decodeId(first)!.uuid;
  return { ...(await renderPayload(run, viewer, topic, uuid, includeFields)), subjectId: uuid };
}
