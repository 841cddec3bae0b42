import { describe, expect, it } from 'vitest';
import { encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../helpers.js';
import { documentCacheOf } from '../../src/app/yoga.js';

/** Issue 10: no way in from another origin, no request that works the server for minutes, bad input answered as the caller's fault. */
describe.each(DATABASES)('hardening on $name', ({ postgresUrl }) => {
  const ctx = useServer({
    postgresUrl,
    config: { corsOrigins: ['https://partner.example'], listBoundsMaxAgeMs: 0 },
  });

  it('sends no CORS headers to an origin that is not listed, and only the listed origin itself', async () => {
    const evil = await fetch(`${ctx.server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-stockroom-csrf',
      },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const client = await signedIn(ctx.server);
    const read = await client.request(
      `{ me { email } }`,
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const partner = await fetch(`${ctx.server.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(partner.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses a body over 1 MB with 413 and plain words, before reading it', async () => {
    const client = await signedIn(ctx.server);
    const big = 'x'.repeat(2 * 1024 * 1024);
    const res = await fetch(`${ctx.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie: client.cookie! },
      body: JSON.stringify({ query: `{ shop { name } }`, variables: { pad: big } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      errors: [{ message: 'A request can be at most 1 MB.', extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('refuses a search of 20,000 words in plain words, without running it', async () => {
    const client = await signedIn(ctx.server);
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`)
      .join(' ')
      .slice(0, 900_000);
    const res = await client.request(
      `query($q: String) { products(query: $q, first: 5) { nodes { id } userErrors { field code message } } }`,
      { q: words },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.products.userErrors[0]).toMatchObject({
      code: 'INVALID',
      message: 'A search can be at most 1,000 characters.',
    });
    const many = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const res2 = await client.request(
      `query($q: String) { customers(query: $q, first: 5) { nodes { id } userErrors { code message } } }`,
      { q: many },
    );
    expect(res2.body.data?.customers.userErrors[0].message).toMatch(/at most 50 words/);
  });

  it('answers out-of-range and non-numeric values in a search as the caller’s fault, in words', async () => {
    const client = await signedIn(ctx.server);
    const huge = await client.request(
      `{ customers(query: "orders_count:>99999999999999999999", first: 1) { nodes { id } userErrors { code message } } }`,
    );
    expect(huge.body.errors).toBeUndefined();
    expect(huge.body.data?.customers.userErrors[0]).toMatchObject({ code: 'INVALID' });
    const notMoney = await client.request(
      `{ products(query: "price:>abc", first: 1) { nodes { id } userErrors { code message } } }`,
    );
    expect(notMoney.body.errors).toBeUndefined();
    expect(notMoney.body.data?.products.userErrors[0]).toMatchObject({ code: 'INVALID' });
  });

  it('answers a NUL character in any string as BAD_REQUEST', async () => {
    const client = await signedIn(ctx.server);
    const inVariable = await client.request(
      `query($q: String) { products(query: $q, first: 1) { nodes { id } } }`,
      { q: 'scarf\u0000' },
    );
    expect(inVariable.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
    const inLiteral = await client.request(`{ products(query: "scarf\\u0000", first: 1) { nodes { id } } }`);
    expect(inLiteral.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
  });

  it('gives no "Did you mean" hints, signed in or not', async () => {
    const client = await signedIn(ctx.server);
    const typo = await client.request(`{ products(sortKey: TITEL, first: 1) { nodes { id } } }`);
    expect(typo.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(typo.body.errors)).not.toMatch(/Did you mean/);
    const anonymous = await ctx.client().request(`{ products(sortKey: TITEL) { nodes { id } } }`);
    expect(JSON.stringify(anonymous.body.errors)).not.toMatch(/Did you mean|TITLE/);
  });

  it('reports extensions.cost on refused responses too', async () => {
    const client = await signedIn(ctx.server);
    const parseError = await client.request(`{ shop { name }`);
    expect(parseError.body.extensions?.['cost']).toMatchObject({ requestedQueryCost: 0, actualQueryCost: 0 });
    const invalid = await client.request(`{ shop { nope } }`);
    expect(invalid.body.extensions?.['cost']).toMatchObject({ requestedQueryCost: 0 });
  });

  it('charges every plain list by its bound, so a nested query cannot hide its size', async () => {
    const client = await signedIn(ctx.server);
    for (const name of ['A', 'B', 'C'])
      await client.request(
        `mutation { locationCreate(input: { name: "Bound ${name}" }) { userErrors { message } } }`,
      );
    const made =
      await client.request(`mutation { productCreate(input: { title: "Bounded", options: [{ name: "Size", values: ["S", "M", "L"] }],
      variants: [{ optionValues: ["S"], price: "1" }, { optionValues: ["M"], price: "1" }, { optionValues: ["L"], price: "1" }] }) { userErrors { message } } }`);
    expect(made.body.data?.productCreate.userErrors).toEqual([]);
    // What the admin asks for: a page of products with variants and stock per location.
    const list = await client.request(
      `{ products(first: 50) { nodes { variants { sku inventoryLevels { available location { name } } } } } }`,
    );
    expect(list.body.errors).toBeUndefined();
    // The review's nested query: each level of nesting multiplies by the most variants (3) and locations (3) there are.
    const nested = await client.request(
      `{ products(first: 250) { nodes { variants { inventoryLevels { variant { product { variants { inventoryLevels { available } } } } } } } } }`,
    );
    expect(nested.body.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_COMPLEX');
    expect(nested.body.data ?? null).toBeNull();
    expect(nested.body.extensions?.['cost']).toMatchObject({ requestedQueryCost: expect.any(Number) });
    expect(
      (nested.body.extensions?.['cost'] as { requestedQueryCost: number }).requestedQueryCost,
    ).toBeGreaterThan(250 * 3 * 3 * 3 * 3);
  });

  it('nodes(ids:) takes at most 250, charges each id, and answers null for unknown kinds', async () => {
    const client = await signedIn(ctx.server);
    const ids = Array.from({ length: 251 }, (_, i) =>
      encodeId('Product', `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`),
    );
    const tooMany = await client.request(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(tooMany.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
    const order = 'ord_00000000000070008000000000000001'; // a kind with no node (yet)
    const mixed = await client.request(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [order, 'garbage', ids[0]],
    });
    expect(mixed.body.errors).toBeUndefined();
    expect(mixed.body.data?.nodes).toEqual([null, null, null]);
    expect(mixed.body.extensions?.['cost']).toMatchObject({ requestedQueryCost: 3 });
  });

  it('answers node(id:) for a thing one may not read exactly as for one that does not exist', async () => {
    const owner = await signedIn(ctx.server);
    const created = await owner.request(
      `mutation { customerCreate(input: { email: "hidden@example.com", firstName: "Hid" }) { customer { id } userErrors { message } } }`,
    );
    const customerId = created.body.data?.customerCreate.customer.id;
    expect(customerId).toBeTruthy();
    await ctx.server.createStaff({
      email: 'catalog@example.com',
      name: 'Cat',
      password: 'catalog-manager-pass-1',
      roleKeys: ['catalog-manager'],
    });
    const catalog = await signedIn(ctx.server, 'catalog@example.com', 'catalog-manager-pass-1');
    const missing = encodeId('Customer', '00000000-0000-7000-8000-000000000009');
    const hidden = await catalog.request(`query($id: ID!) { node(id: $id) { id } }`, { id: customerId });
    const absent = await catalog.request(`query($id: ID!) { node(id: $id) { id } }`, { id: missing });
    expect(hidden.body).toMatchObject({ data: { node: null } });
    expect(hidden.body.errors).toBeUndefined();
    expect(hidden.body.data).toEqual(absent.body.data);
    expect(hidden.body.errors).toEqual(absent.body.errors);
  });

  it('answers a bad amount in a query argument as the caller’s fault', async () => {
    const client = await signedIn(ctx.server);
    const rates = await client.request(
      `{ shippingRatesFor(countryCode: "US", subtotal: "abc") { rate { name } } }`,
    );
    expect(rates.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
    expect(rates.body.errors?.[0]?.message).not.toMatch(/Something went wrong/);
    const tax = await client.request(
      `{ taxPreview(countryCode: "US", lineAmounts: ["1.999"]) { total { amount } } }`,
    );
    expect(tax.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
  });
});

describe.each(DATABASES)('memory held by parsed documents on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('keeps at most 250 parsed documents and 2 MB of their text, however many distinct queries arrive', async () => {
    const client = await signedIn(ctx.server);
    const cache = documentCacheOf.get(ctx.server.app.services)!;
    expect(cache).toBeDefined();
    const big = (n: number) =>
      `query Q${n} { ${Array.from({ length: 40 }, (_, j) => `a${n}_${j}: products(first: 1, query: "t${n}") { nodes { id title handle } }`).join(' ')} }`;
    for (let start = 0; start < 400; start += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => client.request(big(start + i))));
    }
    expect(cache.size).toBeLessThanOrEqual(250);
    expect(cache.calculatedSize).toBeLessThanOrEqual(2 * 1024 * 1024);
    // The admin's own documents stay cached and keep answering.
    const again = await client.request(`{ shop { name } }`);
    expect(again.body.data?.shop.name).toBeTruthy();
  });
});
