// Issue #34: the bulk grid's save on PostgreSQL — 2,000 rows in one productVariantsBulkUpdate
// (1,500 prices and 500 stock levels), all or nothing in one transaction, timed end to end over
// HTTP; then its undo (auditEventRevert of the save's one event). Target: ≤ 2 s a save.

const VARIANTS = `query($after: String) { productVariants(first: 250, after: $after, query: "status:active") {
  nodes { id version trackInventory } pageInfo { hasNextPage endCursor } } }`;
const LOCATIONS = `{ locations(includeInactive: false) { id } }`;
const SAVE = `mutation($changes: [ProductVariantBulkChange!]!, $stock: [ProductVariantBulkStock!]!, $key: String!) {
  productVariantsBulkUpdate(changes: $changes, stock: $stock, idempotencyKey: $key, allowNegativeStock: true) {
    updatedCount stockChangedCount auditEventId variants { id version }
    errors { index column code message } userErrors { message } } }`;
const REVERT = `mutation($id: ID!) { auditEventRevert(id: $id) { userErrors { message } } }`;

const PRICES = 1_500;
const LEVELS = 500;

async function variantsOf(gql, count) {
  const out = [];
  let after = null;
  while (out.length < count) {
    const page = (await gql(VARIANTS, { after })).body.data.productVariants;
    out.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return out.slice(0, count);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** { gql, rounds }: the median and worst save, and the undo of the last one, in milliseconds. */
export async function gridBench({ gql, rounds = 3 }) {
  const [location] = (await gql(LOCATIONS)).body.data.locations;
  const saves = [];
  let last = null;
  let rows = 0;
  for (let round = 0; round < rounds; round++) {
    const variants = await variantsOf(gql, PRICES + LEVELS);
    const tracked = variants.filter((v) => v.trackInventory).slice(0, LEVELS);
    const changes = variants.slice(0, PRICES).map((v, i) => ({
      variantId: v.id,
      expectedVersion: v.version,
      price: `${10 + round}.${String(i % 100).padStart(2, '0')}`,
    }));
    const stock = tracked.map((v, i) => ({
      variantId: v.id,
      locationId: location.id,
      onHand: 100 + round * 7 + (i % 13),
    }));
    rows = changes.length + stock.length;
    const started = performance.now();
    const { body } = await gql(SAVE, { changes, stock, key: `bench-grid-${Date.now()}-${round}` });
    const ms = Math.round(performance.now() - started);
    const out = body.data?.productVariantsBulkUpdate;
    if (!out || out.errors.length || out.userErrors.length)
      throw new Error(
        `grid save: ${JSON.stringify(body.errors ?? out?.errors?.slice(0, 3) ?? out?.userErrors)}`,
      );
    saves.push(ms);
    last = out;
  }
  const started = performance.now();
  const undone = (await gql(REVERT, { id: last.auditEventId })).body.data?.auditEventRevert;
  const undoMs = Math.round(performance.now() - started);
  if (!undone || undone.userErrors.length) throw new Error(`grid undo: ${JSON.stringify(undone)}`);
  return {
    rows,
    prices: last.updatedCount,
    levels: last.stockChangedCount,
    saveMs: median(saves),
    worstSaveMs: Math.max(...saves),
    undoMs,
  };
}
