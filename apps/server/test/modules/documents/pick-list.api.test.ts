import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder } from '../../support/order-fixtures.js';
import { pdfText } from '../../support/pdf-text.js';
import { download, setUpDocumentStore, type DocumentStore } from '../../support/document-fixtures.js';

const PICK = '/documents/pick-list.pdf';

describe.each(DATABASES)('pick list on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let store: DocumentStore;
  const get = (query: string, cookie: string | null = owner.cookie) =>
    download(`${ctx.server.url}${PICK}?${query}`, { cookie });

  it('sums three orders per SKU, grouped by location, sorted by SKU, with each order’s share', async () => {
    owner = await signedIn(ctx.server);
    store = await setUpDocumentStore(owner);
    const o1 = await createOrder(owner, [
      { variantId: store.lamp, quantity: 2 },
      { variantId: store.mug, quantity: 1 },
    ]);
    const o2 = await createOrder(owner, [{ variantId: store.lamp, quantity: 1 }]);
    const o3 = await createOrder(owner, [
      { variantId: store.mug, quantity: 2 },
      { variantId: store.cup, quantity: 3 },
    ]);
    const res = await get(`orders=${[o1.id, o2.id, o3.id].join(',')}`);
    expect(res.status, res.error ?? '').toBe(200);
    const text = (await pdfText(res.bytes)).join('\n');
    expect(text).toContain('Pick list');
    expect(text).toContain('3 orders · 9 units to pick');
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    // The warehouse (first by priority of the two) with the cup before the lamp, then the shop.
    expect(at('From Warehouse')).toBeLessThan(at('DOC-CUP'));
    expect(at('DOC-CUP')).toBeLessThan(at('DOC-LAMP'));
    expect(at('DOC-LAMP')).toBeLessThan(at('From Shop'));
    expect(at('From Shop')).toBeLessThan(at('DOC-MUG'));
    expect(text).toContain(`${o3.name} ×3`);
    expect(text).toContain(`${o1.name} ×2 · ${o2.name} ×1`);
    expect(text).toContain(`${o1.name} ×1 · ${o3.name} ×2`);
    expect(text).toContain('4006381333931');
    expect(text).toMatch(/DOC-LAMP[\s\S]*Brass desk lamp[\s\S]*Large[\s\S]*\b3\b/);

    const shopOnly = (
      await pdfText((await get(`orders=${o1.id},${o3.id}&location=${store.shop}`)).bytes)
    ).join('\n');
    expect(shopOnly).toContain('2 orders · 3 units to pick');
    expect(shopOnly).not.toContain('DOC-LAMP');
  });

  it('prints on paper only, refuses the rest in words', async () => {
    const one = await createOrder(owner, [{ variantId: store.cup, quantity: 1 }]);
    expect((await get(`orders=${one.id}&layout=LETTER`)).status).toBe(200);
    const label = await get(`orders=${one.id}&layout=LABEL_4X6`);
    expect(label.status).toBe(400);
    expect(label.error).toContain('A4 or Letter');
    expect((await get(`orders=${one.id}`, null)).status).toBe(401);
    expect((await get(`orders=${one.id}&hidePrices=true`)).error).toContain('Unknown parameter');
    expect((await get(`fulfillment=x`)).status).toBe(400);
    expect((await get('')).status).toBe(400);
    expect((await get(`query=${encodeURIComponent('tag:nothing-has-this')}`)).status).toBe(409);
  });
});
