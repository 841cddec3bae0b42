import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import {
  currentMany,
  makeProduct,
  movementsNoted,
  onHandOf,
  REVERT,
  save,
  variantRows,
  type GridVariant,
} from './variants-bulk-support.js';

const ADJUST = `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`;

/** Issue #34: undo of a whole bulk save, concurrent saves, and a save's cost in statements. */
describe.each(DATABASES)('bulk grid undo, races and statements on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let main: string;
  let rows: GridVariant[];

  const saveOf = async (vs: GridVariant[], price: string, stock: number | null, note = '') => {
    const out = (
      await save(
        owner,
        vs.map((v, i) => ({ variantId: v.id, expectedVersion: v.version, price, sku: `${note}R-${i}` })),
        stock === null ? [] : vs.map((v) => ({ variantId: v.id, locationId: main, onHand: stock })),
      )
    ).body.data!['productVariantsBulkUpdate'];
    expect(out.errors).toEqual([]);
    expect(out.userErrors).toEqual([]);
    return out;
  };

  it('undoes every field and level of a save in one go, by "Bulk edit undone" movements; and redoes it', async () => {
    owner = await signedIn(ctx.server);
    main = await createLocation(owner, 'Undo warehouse');
    rows = [...(await makeProduct(owner, 'UN0', 5)), ...(await makeProduct(owner, 'UN1', 5))];
    await gql(owner, ADJUST, {
      input: {
        reason: 'RECEIVED',
        changes: rows.map((v) => ({ variantId: v.id, locationId: main, delta: 7 })),
      },
    });
    const saved = await saveOf(rows, '15.75', 20);
    expect(saved.stockChangedCount).toBe(10);
    const undone = (await gql(owner, REVERT, { id: saved.auditEventId })).auditEventRevert;
    expect(undone.userErrors).toEqual([]);
    expect(undone.auditEventId).toBeTruthy();
    const stored = await variantRows(
      ctx.server,
      rows.map((v) => v.id),
    );
    rows.forEach((v, i) =>
      expect(stored.get(v.id)).toMatchObject({ price: '1000', sku: `UN${Math.floor(i / 5)}-${(i % 5) + 1}` }),
    );
    for (const v of rows) expect(await onHandOf(ctx.server, v.id, main)).toBe(7);
    const back = await movementsNoted(ctx.server, 'Bulk edit undone');
    expect(back).toHaveLength(10);
    expect(
      back.every((m) => m.reason === 'CORRECTION' && m.on_hand_delta === -13 && m.on_hand_after === 7),
    ).toBe(true);
    // The undo is a save of its own: undoing it puts the save back.
    const redone = (await gql(owner, REVERT, { id: undone.auditEventId })).auditEventRevert;
    expect(redone.userErrors).toEqual([]);
    expect((await variantRows(ctx.server, [rows[0]!.id])).get(rows[0]!.id)).toMatchObject({
      price: '1575',
      sku: 'R-0',
    });
    expect(await onHandOf(ctx.server, rows[0]!.id, main)).toBe(20);
    rows = await currentMany(
      owner,
      rows.map((v) => v.id),
    );
  });

  it('refuses the whole undo when rows changed since, naming them, and undoes nothing', async () => {
    const saved = await saveOf(rows, '18', 30, 'X');
    const after = await currentMany(
      owner,
      rows.map((v) => v.id),
    );
    // Someone changes one row's price, and three units of another row's level are sold.
    const later = (
      await save(owner, [{ variantId: after[2]!.id, expectedVersion: after[2]!.version, price: '19' }])
    ).body.data!['productVariantsBulkUpdate'];
    expect(later.errors).toEqual([]);
    await gql(owner, ADJUST, {
      input: { reason: 'SHRINKAGE', changes: [{ variantId: rows[7]!.id, locationId: main, delta: -3 }] },
    });
    const refused = (await gql(owner, REVERT, { id: saved.auditEventId })).auditEventRevert;
    expect(refused.userErrors).toHaveLength(1);
    expect(refused.userErrors[0].code).toBe('INVALID_TRANSITION');
    expect(refused.userErrors[0].message).toMatch(
      /^This bulk edit can’t be undone, as rows changed since: Grid UN0 \/ V3 was changed by Store owner on .+, after you loaded it; 3 units of Grid UN1 \/ V3 at Undo warehouse were sold or moved since you loaded \(27 on hand now, not 30\)\. Nothing was undone\.$/,
    );
    const stored = await variantRows(
      ctx.server,
      rows.map((v) => v.id),
    );
    expect(stored.get(rows[0]!.id)!.price).toBe('1800');
    expect(stored.get(rows[2]!.id)!.price).toBe('1900');
    expect(await onHandOf(ctx.server, rows[0]!.id, main)).toBe(30);
    rows = await currentMany(
      owner,
      rows.map((v) => v.id),
    );
  });

  it.runIf(postgresUrl)(
    'lets exactly one of two racing saves of the same rows win; the other is STALE_VERSION',
    async () => {
      const [a, b] = await Promise.all([
        save(
          owner,
          rows.slice(0, 6).map((v) => ({ variantId: v.id, expectedVersion: v.version, price: '21' })),
        ),
        save(
          owner,
          rows.slice(3, 10).map((v) => ({ variantId: v.id, expectedVersion: v.version, price: '22' })),
        ),
      ]);
      const outs = [a, b].map((r) => r.body.data!['productVariantsBulkUpdate']);
      const winners = outs.filter((o) => o.errors.length === 0);
      const losers = outs.filter((o) => o.errors.length > 0);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0].errors.every((e: any) => e.code === 'STALE_VERSION')).toBe(true);
      expect(losers[0].errors).toHaveLength(3);
      const won =
        winners[0] === outs[0]
          ? { ids: rows.slice(0, 6), price: '2100' }
          : { ids: rows.slice(3, 10), price: '2200' };
      const stored = await variantRows(
        ctx.server,
        rows.map((v) => v.id),
      );
      for (const v of won.ids) expect(stored.get(v.id)!.price).toBe(won.price);
      for (const v of rows.filter((r) => !won.ids.includes(r)))
        expect(stored.get(v.id)!.price).not.toMatch(/^2[12]00$/);
      rows = await currentMany(
        owner,
        rows.map((v) => v.id),
      );
    },
  );

  it('costs the same statements for 200 rows as for 20', async () => {
    const many: GridVariant[] = [];
    for (let p = 0; p < 4; p++) many.push(...(await makeProduct(owner, `ST${p}`, 50)));
    const db = ctx.server.app.database;
    const costOf = async (count: number, round: number) => {
      const vs = (
        await currentMany(
          owner,
          many.slice(0, count).map((v) => v.id),
        )
      ).slice(0, count);
      const before = db.queryCount();
      const out = (
        await save(
          owner,
          vs.map((v, i) => ({
            variantId: v.id,
            expectedVersion: v.version,
            price: `${30 + round}`,
            sku: `S${round}-${i}`,
          })),
          vs.map((v) => ({ variantId: v.id, locationId: main, onHand: round + 1 })),
        )
      ).body.data!['productVariantsBulkUpdate'];
      const cost = db.queryCount() - before;
      expect(out.errors).toEqual([]);
      expect(out.updatedCount).toBe(count);
      return cost;
    };
    // The least of three tries (a session or settings read may expire between them).
    const small = Math.min(await costOf(20, 1), await costOf(20, 2), await costOf(20, 3));
    const large = Math.min(await costOf(200, 4), await costOf(200, 5), await costOf(200, 6));
    expect(large).toBe(small);
  });
});
