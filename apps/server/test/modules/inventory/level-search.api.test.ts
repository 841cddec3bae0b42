import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';

const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) {
  product { id } userErrors { field code message } } }`;
const LEVELS = `query($q: String) { inventoryLevels(query: $q, first: 50) {
  nodes { variant { sku } } count { value precision } userErrors { message } } }`;
const MOVEMENTS = `query($q: String) { inventoryMovements(query: $q, first: 50) { nodes { variant { sku } } } }`;

/**
 * Issue #35: the stock levels list's words are answered from trigram indexes. A word still matches
 * anywhere in the product title, the SKU or the variant title, literally (`%`, `_` and `\` are
 * characters, not patterns), and words too short for a trigram (1 and 2 letters) still match.
 */
describe.each(DATABASES)('stock levels list words on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;

  /** The SKUs the levels of this search belong to, each once, sorted; and the list's count. */
  const skus = async (q: string) => {
    const list = (await gql(owner, LEVELS, { q })).inventoryLevels;
    expect(list.userErrors).toEqual([]);
    const found = [...new Set(list.nodes.map((n: { variant: { sku: string } }) => n.variant.sku))].sort();
    expect(list.count).toEqual({ value: list.nodes.length, precision: 'EXACT' });
    return found;
  };

  let main: string;
  /** A product with a variant per color; the first is received at the main warehouse (a movement). */
  const product = async (title: string, variants: { value: string; sku: string }[]) => {
    const made = (
      await gql(owner, CREATE, {
        input: {
          title,
          options: [{ name: 'Color', values: variants.map((v) => v.value) }],
          variants: variants.map((v, i) => ({
            optionValues: [v.value],
            price: '10',
            sku: v.sku,
            ...(i === 0 ? { startingStock: [{ locationId: main, quantity: 3 }] } : {}),
          })),
        },
      })
    ).productCreate;
    expect(made.userErrors).toEqual([]);
  };

  it('matches title, SKU and variant title by any part of a word, per level', async () => {
    owner = await signedIn(ctx.server);
    main = await createLocation(owner, 'Main warehouse');
    await createLocation(owner, 'Corner shop');
    await product('Trigram Percent 100% Wool', [
      { value: 'Sandstone', sku: 'TGX-PCT' },
      { value: 'Qz Blue', sku: 'TGX-Q_Z' },
    ]);
    await product('Trigram Percent 1000 Wool', [{ value: 'Olive', sku: 'TGX-THOUSAND' }]);
    await product('Trigram Back\\slash Bag', [{ value: 'Night', sku: 'TGX-QAZ' }]);

    // Product title (every variant of it), SKU alone, variant title alone; each at both locations.
    expect(await skus('percent')).toEqual(['TGX-PCT', 'TGX-Q_Z', 'TGX-THOUSAND']);
    expect((await gql(owner, LEVELS, { q: 'percent' })).inventoryLevels.nodes).toHaveLength(6);
    expect(await skus('housan')).toEqual(['TGX-THOUSAND']);
    expect(await skus('ndston')).toEqual(['TGX-PCT']);
    expect(await skus('TRIGRAM BACK')).toEqual(['TGX-QAZ']);
    expect(await skus('trigram olive')).toEqual(['TGX-THOUSAND']);
    expect(await skus('trigram -wool')).toEqual(['TGX-QAZ']);
    expect(await skus('trigram (night OR sandstone)')).toEqual(['TGX-PCT', 'TGX-QAZ']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await skus('100%')).toEqual(['TGX-PCT', 'TGX-Q_Z']);
    expect(await skus('0%')).toEqual(['TGX-PCT', 'TGX-Q_Z']);
    expect(await skus('q_z')).toEqual(['TGX-Q_Z']);
    expect(await skus('x-q_')).toEqual(['TGX-Q_Z']);
    expect(await skus('k\\s')).toEqual(['TGX-QAZ']);
    expect(await skus('"k\\\\s"')).toEqual(['TGX-QAZ']);
  });

  it('matches words of one and two letters, which no trigram serves', async () => {
    expect(await skus('qz')).toEqual(['TGX-Q_Z']);
    expect(await skus('_')).toEqual(['TGX-Q_Z']);
    expect(await skus('%')).toEqual(['TGX-PCT', 'TGX-Q_Z']);
    expect(await skus('trigram z')).toEqual(['TGX-QAZ', 'TGX-Q_Z']);
  });

  it('finds movements by the same words', async () => {
    const sku = (n: { variant: { sku: string } }) => n.variant.sku;
    // Starting stock moved only the first variant of each product.
    expect((await gql(owner, MOVEMENTS, { q: 'trigram' })).inventoryMovements.nodes.map(sku).sort()).toEqual([
      'TGX-PCT',
      'TGX-QAZ',
      'TGX-THOUSAND',
    ]);
    expect((await gql(owner, MOVEMENTS, { q: '0%' })).inventoryMovements.nodes.map(sku)).toEqual(['TGX-PCT']);
    expect((await gql(owner, MOVEMENTS, { q: 'k\\s' })).inventoryMovements.nodes.map(sku)).toEqual([
      'TGX-QAZ',
    ]);
    expect((await gql(owner, MOVEMENTS, { q: 'q_z' })).inventoryMovements.nodes).toEqual([]);
  });
});
