import { describe, expect, it } from 'vitest';
import { taxOn } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';

describe('tax arithmetic (worked examples)', () => {
  it('adds tax on top when prices exclude it, rounding half up', () => {
    expect(taxOn(10_000, '8.875', false)).toBe(888); // $100.00 at 8.875% → $8.875 → $8.88
    expect(taxOn(1_999, '20', false)).toBe(400); // £19.99 at 20% → £3.998 → £4.00
    expect(taxOn(0, '20', false)).toBe(0);
  });
  it('takes the tax out of the price when prices include it', () => {
    expect(taxOn(12_000, '20', true)).toBe(2_000); // €120.00 incl. 20% → €100.00 net + €20.00 tax
    expect(taxOn(1_999, '19', true)).toBe(319); // €19.99 incl. 19% → net 16.80 → tax 3.19
  });
});

describe.each(DATABASES)('store settings, shipping and taxes on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('saves settings with every rule checked; all staff read, SETTINGS_WRITE writes', async () => {
    const owner = await signedIn(ctx.server);
    const UPDATE = `mutation($input: ShopInput!) { shopUpdate(input: $input) { shop { name timezone weightUnit orderNumberPrefix lowStockThreshold pricesIncludeTax currencyCode version } userErrors { field code message } } }`;
    const bad = await owner.request(UPDATE, {
      input: {
        name: ' ',
        timezone: 'Mars/Olympus',
        weightUnit: 'STONE',
        orderNumberPrefix: 'NW 1',
        lowStockThreshold: -1,
        currencyCode: 'XYZ',
      },
    });
    expect(bad.body.data?.shopUpdate.userErrors.map((e: any) => e.field.join('.'))).toEqual([
      'input.name',
      'input.currencyCode',
      'input.timezone',
      'input.weightUnit',
      'input.orderNumberPrefix',
      'input.lowStockThreshold',
    ]);
    const ok = await owner.request(UPDATE, {
      input: {
        name: 'Fjord Supply',
        timezone: 'Europe/Oslo',
        weightUnit: 'G',
        orderNumberPrefix: 'FJ-',
        lowStockThreshold: 3,
        pricesIncludeTax: true,
        currencyCode: 'EUR',
      },
    });
    expect(ok.body.data?.shopUpdate.shop).toMatchObject({
      name: 'Fjord Supply',
      timezone: 'Europe/Oslo',
      currencyCode: 'EUR',
      pricesIncludeTax: true,
      lowStockThreshold: 3,
    });
    await ctx.server.createStaff({
      email: 'pick@example.com',
      name: 'P',
      password: 'picker-password-1',
      roleKeys: ['fulfillment'],
    });
    const picker = await signedIn(ctx.server, 'pick@example.com', 'picker-password-1');
    expect((await picker.request(`{ shop { name } }`)).body.data?.shop.name).toBe('Fjord Supply');
    expect(
      (await picker.request(UPDATE, { input: { name: 'Mine' } })).body.errors?.[0]?.extensions,
    ).toMatchObject({ code: 'FORBIDDEN', permission: 'SETTINGS_WRITE' });
    await owner.request(
      `mutation { productCreate(input: { title: "Priced", variants: [{ price: "10" }] }) { userErrors { message } } }`,
    );
    const yen = await owner.request(UPDATE, { input: { currencyCode: 'JPY' } });
    expect(yen.body.data?.shopUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: expect.stringMatching(/^JPY has 0 decimals and EUR has 2/),
    });
  });

  it('keeps each country in one zone and offers the rates that apply, free above a threshold', async () => {
    const owner = await signedIn(ctx.server);
    const ZONE = `mutation($input: ShippingZoneInput!) { shippingZoneCreate(input: $input) { zone { id name countryNames } userErrors { field code message } } }`;
    const RATE = `mutation($z: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $z, input: $input) { rate { name } userErrors { field message } } }`;
    const domestic = (await owner.request(ZONE, { input: { name: 'Domestic', countries: ['NO'] } })).body.data
      ?.shippingZoneCreate.zone;
    const europe = (await owner.request(ZONE, { input: { name: 'Europe', countries: ['DE', 'FR', 'SE'] } }))
      .body.data?.shippingZoneCreate.zone;
    const world = (await owner.request(ZONE, { input: { name: 'Rest of world', countries: ['*'] } })).body
      .data?.shippingZoneCreate.zone;
    expect(world.countryNames).toEqual(['Rest of the world']);
    const clash = await owner.request(ZONE, { input: { name: 'Nordics', countries: ['SE', 'FI'] } });
    expect(clash.body.data?.shippingZoneCreate.userErrors).toEqual([
      { field: ['input', 'countries', '0'], code: 'TAKEN', message: 'Sweden is already in the zone Europe.' },
    ]);
    await owner.request(RATE, {
      z: domestic.id,
      input: { name: 'Standard', price: '5.00', freeAbove: '50.00' },
    });
    await owner.request(RATE, { z: domestic.id, input: { name: 'Express', price: '15.00' } });
    await owner.request(RATE, {
      z: domestic.id,
      input: { name: 'Small parcel', price: '3.00', maxSubtotal: '20.00' },
    });
    await owner.request(RATE, { z: europe.id, input: { name: 'EU post', price: '12.00' } });
    await owner.request(RATE, { z: world.id, input: { name: 'International', price: '25.00' } });
    const badRate = await owner.request(RATE, {
      z: europe.id,
      input: { name: 'Weird', price: '1.999', minSubtotal: '50', maxSubtotal: '10' },
    });
    expect(badRate.body.data?.shippingRateCreate.userErrors.map((e: any) => e.field.join('.'))).toEqual([
      'input.price',
      'input.maxSubtotal',
    ]);
    const window = await owner.request(RATE, {
      z: europe.id,
      input: { name: 'Weird', price: '1.99', minSubtotal: '50', maxSubtotal: '10' },
    });
    expect(window.body.data?.shippingRateCreate.userErrors).toEqual([
      { field: ['input', 'maxSubtotal'], message: 'The maximum must be at least the minimum.' },
    ]);
    const rates = async (country: string, subtotal: string) =>
      (
        await owner.request(
          `query($c: String!, $s: String!) { shippingRatesFor(countryCode: $c, subtotal: $s) { rate { name } price { amount } } }`,
          { c: country, s: subtotal },
        )
      ).body.data?.shippingRatesFor.map((r: any) => `${r.rate.name} ${r.price.amount}`);
    expect(await rates('NO', '18.00')).toEqual(['Small parcel 3.00', 'Standard 5.00', 'Express 15.00']);
    expect(await rates('NO', '49.99')).toEqual(['Standard 5.00', 'Express 15.00']);
    expect(await rates('NO', '50.00')).toEqual(['Standard 0.00', 'Express 15.00']);
    expect(await rates('FR', '10')).toEqual(['EU post 12.00']);
    expect(await rates('JP', '10')).toEqual(['International 25.00']);
  });

  it('computes tax for lines and shipping by country and region, inclusive and exclusive', async () => {
    const owner = await signedIn(ctx.server);
    const TAX = `mutation($input: TaxRateInput!) { taxRateCreate(input: $input) { taxRate { countryName region rate } userErrors { field code message } } }`;
    await owner.request(TAX, { input: { countryCode: 'US', rate: '0', name: 'No federal sales tax' } });
    await owner.request(TAX, {
      input: { countryCode: 'US', region: 'NY', rate: '8.875', name: 'NY sales tax' },
    });
    await owner.request(TAX, { input: { countryCode: 'DE', rate: '19', name: 'MwSt' } });
    const dup = await owner.request(TAX, { input: { countryCode: 'de', rate: '7', name: 'Reduced' } });
    expect(dup.body.data?.taxRateCreate.userErrors[0]).toMatchObject({
      code: 'TAKEN',
      message: 'Germany already has a tax rate; edit that one.',
    });
    const bad = await owner.request(TAX, { input: { countryCode: 'ZZ', rate: '100.5', name: '' } });
    expect(bad.body.data?.taxRateCreate.userErrors.map((e: any) => e.field.join('.'))).toEqual([
      'input.countryCode',
      'input.rate',
      'input.name',
    ]);
    const preview = async (c: string, region: string | null, lines: string[], shipping: string) =>
      (
        await owner.request(
          `query($c: String!, $r: String, $l: [String!]!, $s: String) { taxPreview(countryCode: $c, region: $r, lineAmounts: $l, shipping: $s) { rate { name } lines { amount } shipping { amount } total { amount } pricesIncludeTax } }`,
          { c, r: region, l: lines, s: shipping },
        )
      ).body.data?.taxPreview;
    // The store now has prices including tax (set in the first test): tax is inside the amounts.
    expect(await preview('DE', null, ['119.00', '19.99'], '5.95')).toEqual({
      rate: { name: 'MwSt' },
      lines: [{ amount: '19.00' }, { amount: '3.19' }],
      shipping: { amount: '0.95' },
      total: { amount: '23.14' },
      pricesIncludeTax: true,
    });
    await owner.request(
      `mutation { shopUpdate(input: { pricesIncludeTax: false }) { userErrors { message } } }`,
    );
    expect(await preview('US', 'ny', ['100.00'], '10.00')).toMatchObject({
      rate: { name: 'NY sales tax' },
      lines: [{ amount: '8.88' }],
      shipping: { amount: '0.89' },
      total: { amount: '9.77' },
      pricesIncludeTax: false,
    });
    expect(await preview('US', 'OR', ['100.00'], '0')).toMatchObject({
      rate: { name: 'No federal sales tax' },
      total: { amount: '0.00' },
    });
    expect(await preview('JP', null, ['100.00'], '0')).toMatchObject({
      rate: null,
      total: { amount: '0.00' },
    });
  });
});
