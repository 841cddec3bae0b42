import fs from 'node:fs';
import { describe, it } from 'vitest';
import { signedIn, useServer } from '../../helpers.js';
import { createOrder, gql } from '../../support/order-fixtures.js';
import { download, setUpDocumentStore, stockedVariant } from '../../support/document-fixtures.js';

describe('shots', () => {
  const ctx = useServer({});
  it('writes pdfs', async () => {
    const owner = await signedIn(ctx.server);
    const store = await setUpDocumentStore(owner);
    const png = fs.readFileSync('/usr/share/pixmaps/debian-logo.png', { encoding: 'base64' });
    const r = await gql(owner, `mutation($input: DocumentSettingsInput!) { documentSettingsUpdate(input: $input) { userErrors { message } } }`, {
      input: { legalName: 'Fjord Supply AS', address: { line1: 'Storgata 1', city: 'Oslo', postalCode: '0155', countryCode: 'NO' }, footerNote: 'Thank you for shopping with us! Returns within 30 days: stockroom.example/returns', logo: `data:image/png;base64,${png}` },
    });
    console.log(JSON.stringify(r));
    const long = await stockedVariant(owner, { title: 'Merino wool crew-neck sweater with a very long product name indeed', sku: 'SWTR-MER-NAVY-XL', price: '89.00', barcode: '0012345678905', variant: 'Navy / XL', stock: { [store.warehouse]: 10 } });
    const o1 = await createOrder(owner, [{ variantId: store.lamp, quantity: 2 }, { variantId: store.mug, quantity: 1 }, { variantId: store.cup, quantity: 4 }, { variantId: long, quantity: 1 }], { shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd', line1: '1 Analytical Way', line2: 'Suite 200', city: 'Columbus', region: 'OH', postalCode: '43004', countryCode: 'US', phone: '+1 614 555 0100' } });
    const o2 = await createOrder(owner, [{ variantId: store.lamp, quantity: 1 }, { variantId: long, quantity: 2 }]);
    const save = async (name: string, q: string, path = '/documents/packing-slips.pdf') => {
      const res = await download(`${ctx.server.url}${path}?${q}`, { cookie: owner.cookie });
      if (res.status !== 200) throw new Error(`${name}: ${res.error}`);
      fs.writeFileSync(`/work/shots/docs/${name}.pdf`, res.bytes);
    };
    await save('slip-a4', `orders=${o1.id},${o2.id}`);
    await save('slip-label', `orders=${o1.id}&layout=LABEL_4X6`);
    await save('slip-hidden', `orders=${o1.id}&hidePrices=true&location=${store.warehouse}`);
    await save('pick-list', `orders=${o1.id},${o2.id}`, '/documents/pick-list.pdf');
  });
});
