/**
 * A signed-in GraphQL client for seeding what a browser test needs through the real API (never SQL):
 * it signs in like the admin does and sends the session cookie and the CSRF header on every call.
 */
export interface Api {
  /** Runs a document; throws on top-level errors so a seed never fails quietly. */
  request<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** Runs a document and returns the whole response, errors included. */
  raw(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }>;
}

const CSRF = { 'x-stockroom-csrf': '1' };

export async function signedInApi(baseUrl: string, email: string, password: string): Promise<Api> {
  const login = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify({
      query:
        'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { id } userErrors { message } } }',
      variables: { e: email, p: password },
    }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`Signing in as ${email} set no cookie: ${await login.text()}`);

  const raw: Api['raw'] = async (query, variables = {}) => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...CSRF },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Awaited<ReturnType<Api['raw']>>;
  };
  return {
    raw,
    async request<T>(query: string, variables: Record<string, unknown> = {}) {
      const body = await raw(query, variables);
      if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
      return body.data as T;
    },
  };
}

interface UserErrors {
  userErrors: { message: string; field?: string[] | null }[];
}

function must<T extends UserErrors>(payload: T, what: string): T {
  if (payload.userErrors.length) throw new Error(`${what}: ${JSON.stringify(payload.userErrors)}`);
  return payload;
}

/** A product with one tracked variant; returns the product and variant ids. */
export async function createProduct(
  api: Api,
  input: { title: string; sku?: string; tags?: string[]; vendor?: string; status?: 'ACTIVE' | 'DRAFT' },
): Promise<{ productId: string; variantId: string }> {
  const data = await api.request<{
    productCreate: UserErrors & { product: { id: string; variants: { id: string }[] } | null };
  }>(
    `mutation($input: ProductInput!) { productCreate(input: $input) {
      product { id variants { id } } userErrors { field message } } }`,
    {
      input: {
        title: input.title,
        status: input.status ?? 'ACTIVE',
        tags: input.tags ?? [],
        vendor: input.vendor ?? null,
        variants: [{ sku: input.sku ?? null, price: '10.00', trackInventory: true }],
      },
    },
  );
  const product = must(data.productCreate, `productCreate ${input.title}`).product;
  if (!product?.variants[0]) throw new Error(`productCreate ${input.title} returned no variant`);
  return { productId: product.id, variantId: product.variants[0].id };
}

export async function createLocation(api: Api, name: string): Promise<string> {
  const data = await api.request<{ locationCreate: UserErrors & { location: { id: string } | null } }>(
    `mutation($input: LocationInput!) { locationCreate(input: $input) { location { id } userErrors { field message } } }`,
    { input: { name } },
  );
  const location = must(data.locationCreate, `locationCreate ${name}`).location;
  if (!location) throw new Error('locationCreate returned no location');
  return location.id;
}

/** Sets stock with a RECEIVED adjustment of `delta` units. */
export async function receiveStock(
  api: Api,
  variantId: string,
  locationId: string,
  delta: number,
): Promise<void> {
  const data = await api.request<{ inventoryAdjust: UserErrors }>(
    `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { field message } } }`,
    { input: { reason: 'RECEIVED', changes: [{ variantId, locationId, delta }] } },
  );
  must(data.inventoryAdjust, 'inventoryAdjust');
}

export interface PlacedOrder {
  id: string;
  name: string;
}

/** orderCreate through the API; throws with the server's words when it is refused. */
export async function placeOrder(api: Api, input: Record<string, unknown>): Promise<PlacedOrder> {
  const data = await api.request<{
    orderCreate: { order: PlacedOrder | null; userErrors: { message: string }[] };
  }>(
    `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { order { id name } userErrors { message } } }`,
    { input },
  );
  if (!data.orderCreate.order) throw new Error(JSON.stringify(data.orderCreate.userErrors));
  return data.orderCreate.order;
}

/** An order by a named person ("Ada Park" → ada.park@example.com), shipped to Portland. */
export function placeOrderFor(api: Api, who: string, input: Record<string, unknown>): Promise<PlacedOrder> {
  const [firstName, lastName] = who.split(' ');
  return placeOrder(api, {
    email: `${who.toLowerCase().replace(' ', '.')}@example.com`,
    shippingAddress: {
      firstName,
      lastName,
      line1: '1 Quay Street',
      city: 'Portland',
      postalCode: '97201',
      countryCode: 'US',
    },
    ...input,
  });
}

/** orderFulfill of every line still to ship; throws with the server's words when it is refused. */
export async function fulfillOrder(api: Api, orderId: string): Promise<void> {
  const data = await api.request<{ orderFulfill: UserErrors }>(
    `mutation($id: ID!) { orderFulfill(input: { orderId: $id }) { userErrors { field message } } }`,
    { id: orderId },
  );
  must(data.orderFulfill, 'orderFulfill');
}

/** A variant's stock over all its locations: on hand, committed to orders still to ship, and damaged. */
export async function stockOf(
  api: Api,
  variantId: string,
): Promise<{ onHand: number; committed: number; damaged: number }> {
  const data = await api.request<{
    node: { inventoryLevels: { onHand: number; committed: number; damaged: number }[] };
  }>(
    `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand committed damaged } } } }`,
    { id: variantId },
  );
  return data.node.inventoryLevels.reduce(
    (a, l) => ({
      onHand: a.onHand + l.onHand,
      committed: a.committed + l.committed,
      damaged: a.damaged + l.damaged,
    }),
    { onHand: 0, committed: 0, damaged: 0 },
  );
}

/** A shipping zone for `countries` with flat rates ("Standard" → "5.00"); returns the rate ids by name. */
export async function createShippingRates(
  api: Api,
  zone: { name: string; countries: string[] },
  rates: Record<string, string>,
): Promise<Record<string, string>> {
  const made = await api.request<{ shippingZoneCreate: UserErrors & { zone: { id: string } | null } }>(
    `mutation($input: ShippingZoneInput!) { shippingZoneCreate(input: $input) { zone { id } userErrors { field message } } }`,
    { input: zone },
  );
  const zoneId = must(made.shippingZoneCreate, `shippingZoneCreate ${zone.name}`).zone?.id;
  if (!zoneId) throw new Error('shippingZoneCreate returned no zone');
  const ids: Record<string, string> = {};
  for (const [name, price] of Object.entries(rates)) {
    const rate = await api.request<{ shippingRateCreate: UserErrors & { rate: { id: string } | null } }>(
      `mutation($z: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $z, input: $input) { rate { id } userErrors { field message } } }`,
      { z: zoneId, input: { name, price } },
    );
    const id = must(rate.shippingRateCreate, `shippingRateCreate ${name}`).rate?.id;
    if (!id) throw new Error(`shippingRateCreate ${name} returned no rate`);
    ids[name] = id;
  }
  return ids;
}
