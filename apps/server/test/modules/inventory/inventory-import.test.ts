import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import type { TestServer } from '../../../src/testing.js';
import { inventoryImporter } from '../../../src/modules/inventory/inventory-import.service.js';
import { createLocation, createVariant, gql } from '../../support/order-fixtures.js';
import {
  countAuditEvents,
  eventsOfJob,
  exportedRows,
  revertImport,
  runImport,
} from '../../support/import-run.js';

/** Every level's on hand beside what its ledger sums to, by "SKU at location". */
async function ledger(server: TestServer): Promise<{ level: string; onHand: number; ledger: number }[]> {
  const { rows } = await sql<{ level: string; on_hand: number; ledger: number }>`
    select coalesce(v.sku, p.handle || ' ' || array_to_string(v.option_values, '/')) || ' at ' || loc.name as level,
      l.on_hand, coalesce((select sum(m.on_hand_delta) from inventory_movements m
        where m.variant_id = l.variant_id and m.location_id = l.location_id), 0)::int as ledger
    from inventory_levels l join product_variants v on v.id = l.variant_id
      join products p on p.id = v.product_id join locations loc on loc.id = l.location_id
    order by 1`.execute(server.app.database.db);
  return rows.map((r) => ({ level: r.level, onHand: Number(r.on_hand), ledger: Number(r.ledger) }));
}

async function onHand(server: TestServer, level: string): Promise<number | undefined> {
  return (await ledger(server)).find((l) => l.level === level)?.onHand;
}

const movementCount = async (server: TestServer) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from inventory_movements`.execute(
        server.app.database.db,
      )
    ).rows[0]!.n,
  );

function expectLedgerBalanced(rows: { onHand: number; ledger: number }[]) {
  expect(rows.filter((r) => r.onHand !== r.ledger)).toEqual([]);
}

async function shirt(client: Client): Promise<void> {
  const data = await gql(
    client,
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { handle } userErrors { message } } }`,
    {
      input: {
        title: 'Linen Shirt',
        status: 'ACTIVE',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { optionValues: ['S'], price: '30', trackInventory: true },
          { optionValues: ['M'], price: '30', trackInventory: true },
        ],
      },
    },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  expect(data.productCreate.product.handle).toBe('linen-shirt');
}

const HEADER = ['SKU', 'Handle', 'Option1 Value', 'Location', 'On hand', 'Delta', 'Reason'];

describe.each(DATABASES)('inventory import on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('sets and moves counts, refuses unknown locations and SKUs, untracked variants, duplicates; the ledger sums to on hand after apply and after undo', async () => {
    const owner = await signedIn(ctx.server);
    const warehouse = await createLocation(owner, 'Warehouse');
    const shop = await createLocation(owner, 'Shop');
    const lamp = await createVariant(owner, {
      sku: 'IMP-LAMP',
      price: '40.00',
      stock: { [warehouse]: 10, [shop]: 3 },
    });
    await createVariant(owner, { sku: 'IMP-MUG', price: '12.50', stock: { [warehouse]: 5 } });
    await createVariant(owner, { sku: 'IMP-UNTRACKED', price: '1.00', untracked: true });
    await shirt(owner);
    const rows = [
      HEADER,
      ['IMP-LAMP', '', '', 'Warehouse', '12', '', ''],
      ['imp-lamp', '', '', 'Shop', '', '-2', 'Damaged'],
      ['IMP-MUG', '', '', 'Warehouse', '5', '', ''],
      ['', 'linen-shirt', 'M', 'shop', '7', '', ''],
      ['IMP-MUG', '', '', 'Attic', '3', '', ''],
      ['NOPE-1', '', '', 'Warehouse', '3', '', ''],
      ['IMP-UNTRACKED', '', '', 'Warehouse', '3', '', ''],
      ['IMP-LAMP', '', '', 'warehouse', '1', '', ''],
      ['IMP-MUG', '', '', 'Shop', '4', '+1', ''],
      ['IMP-MUG', '', '', 'Shop', '', '', ''],
      ['IMP-MUG', '', '', 'Shop', '', '+2', 'Lost'],
      ['IMP-MUG', '', '', 'Shop', '2.5', '', ''],
      ['', 'linen-shirt', 'XL', 'Shop', '2', '', ''],
    ];
    const movementsBefore = await movementCount(ctx.server);
    const auditBefore = await countAuditEvents(ctx.server);

    const dry = await runImport(ctx.server, inventoryImporter, 'DRY_RUN', rows);
    expect(dry.headerProblems).toEqual([]);
    expect(dry.results.map((r) => [r.row, r.outcome, r.subject, r.changes, r.problems])).toEqual([
      [2, 'UPDATED', 'IMP-LAMP at Warehouse', [{ field: 'On hand', before: '10', after: '12' }], []],
      [3, 'UPDATED', 'imp-lamp at Shop', [{ field: 'On hand', before: '3', after: '1' }], []],
      [4, 'UNCHANGED', 'IMP-MUG at Warehouse', [], []],
      [5, 'UPDATED', 'linen-shirt — M at Shop', [{ field: 'On hand', before: '0', after: '7' }], []],
      [
        6,
        'ERROR',
        'IMP-MUG at Attic',
        [],
        [{ column: 'Location', code: 'INVALID', message: 'There is no location named “Attic”.' }],
      ],
      [
        7,
        'ERROR',
        'NOPE-1 at Warehouse',
        [],
        [{ column: 'SKU', code: 'INVALID', message: 'No variant has the SKU “NOPE-1”.' }],
      ],
      [
        8,
        'ERROR',
        'IMP-UNTRACKED at Warehouse',
        [],
        [
          {
            column: 'SKU',
            code: 'INVALID',
            message: 'IMP-UNTRACKED does not track stock; turn on "Track inventory" first.',
          },
        ],
      ],
      [
        9,
        'ERROR',
        'IMP-LAMP at Warehouse',
        [],
        [
          {
            column: 'SKU',
            code: 'INVALID',
            message:
              'IMP-LAMP at Warehouse is already on row 2 of this file; give each variant and location once.',
          },
        ],
      ],
      [
        10,
        'ERROR',
        'IMP-MUG at Shop',
        [],
        [
          {
            column: 'Delta',
            code: 'INVALID',
            message: 'Give either On hand (the count to set) or Delta (units to add or take away), not both.',
          },
        ],
      ],
      [
        11,
        'ERROR',
        'IMP-MUG at Shop',
        [],
        [
          {
            column: 'On hand',
            code: 'REQUIRED',
            message: 'Give On hand (the count to set) or Delta (units to add or take away).',
          },
        ],
      ],
      [
        12,
        'ERROR',
        'IMP-MUG at Shop',
        [],
        [
          {
            column: 'Reason',
            code: 'INVALID',
            message: '“Lost” is not a reason; choose received, correction, damaged, shrinkage.',
          },
        ],
      ],
      [
        13,
        'ERROR',
        'IMP-MUG at Shop',
        [],
        [
          {
            column: 'On hand',
            code: 'INVALID',
            message: 'Enter a whole number within ±1,000,000,000, not “2.5”.',
          },
        ],
      ],
      [
        14,
        'ERROR',
        'linen-shirt — XL at Shop',
        [],
        [{ column: 'Option1 Value', code: 'INVALID', message: '“linen-shirt” has no variant XL.' }],
      ],
    ]);
    expect(await movementCount(ctx.server)).toBe(movementsBefore);
    expect(await countAuditEvents(ctx.server)).toBe(auditBefore);

    const applied = await runImport(ctx.server, inventoryImporter, 'APPLY', rows, 5);
    expect(applied.results.map((r) => [r.row, r.outcome, r.changes, r.problems])).toEqual(
      dry.results.map((r) => [r.row, r.outcome, r.changes, r.problems]),
    );
    expect(await movementCount(ctx.server)).toBe(movementsBefore + 3);
    expect((await eventsOfJob(ctx.server, applied.jobId)).map((e) => e.action)).toEqual(
      Array(3).fill('inventory.adjust'),
    );
    expect(await onHand(ctx.server, 'IMP-LAMP at Warehouse')).toBe(12);
    expect(await onHand(ctx.server, 'IMP-LAMP at Shop')).toBe(1);
    expect(await onHand(ctx.server, 'linen-shirt M at Shop')).toBe(7);
    const reasons = await sql<{ reason: string; note: string }>`
      select reason, note from inventory_movements where variant_id = (select id from product_variants where sku = 'IMP-LAMP')
      order by created_at desc, id desc limit 2`.execute(ctx.server.app.database.db);
    expect(reasons.rows.map((r) => r.reason).sort()).toEqual(['CORRECTION', 'DAMAGED']);
    expectLedgerBalanced(await ledger(ctx.server));

    // A unit of the lamp leaves the warehouse after the import: that count is kept, the others go back.
    const moved = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'SHRINKAGE', changes: [{ variantId: lamp, locationId: warehouse, delta: -1 }] } },
    );
    expect(moved.inventoryAdjust.userErrors).toEqual([]);
    const undone = await revertImport(ctx.server, inventoryImporter, applied.jobId);
    expect(undone.map((u) => u.refused).sort()).toEqual([
      '1 unit was sold or moved since at IMP-LAMP at Warehouse; adjust it on the Inventory page.',
      null,
      null,
    ]);
    expect(await onHand(ctx.server, 'IMP-LAMP at Warehouse')).toBe(11);
    expect(await onHand(ctx.server, 'IMP-LAMP at Shop')).toBe(3);
    expect(await onHand(ctx.server, 'linen-shirt M at Shop')).toBe(0);
    const undoMovements = await sql<{ reason: string; note: string }>`
      select reason, note from inventory_movements where note = 'Import undone'`.execute(
      ctx.server.app.database.db,
    );
    expect(undoMovements.rows).toEqual([
      { reason: 'IMPORT', note: 'Import undone' },
      { reason: 'IMPORT', note: 'Import undone' },
    ]);
    expectLedgerBalanced(await ledger(ctx.server));
  });

  it('export → import changes nothing (0 movements, 0 audit events)', async () => {
    const owner = await signedIn(ctx.server);
    const north = await createLocation(owner, 'North Depot');
    await createVariant(owner, { sku: '=RT-FORMULA', price: '5.00', stock: { [north]: -3 } });
    await createVariant(owner, { sku: 'RT-PLAIN', price: '5.00', stock: { [north]: 8 } });
    const rows = await exportedRows(ctx.server, owner, 'EXPORT_INVENTORY');
    expect(rows.length).toBeGreaterThan(3);
    const movementsBefore = await movementCount(ctx.server);
    const auditBefore = await countAuditEvents(ctx.server);
    const dry = await runImport(ctx.server, inventoryImporter, 'DRY_RUN', rows);
    expect(dry.headerProblems).toEqual([]);
    expect(dry.results.filter((r) => r.outcome !== 'UNCHANGED')).toEqual([]);
    const applied = await runImport(ctx.server, inventoryImporter, 'APPLY', rows);
    expect(applied.results.map((r) => r.outcome)).toEqual(Array(rows.length - 1).fill('UNCHANGED'));
    expect(await movementCount(ctx.server)).toBe(movementsBefore);
    expect(await countAuditEvents(ctx.server)).toBe(auditBefore);
  });

  it('header problems: no Location, neither On hand nor Delta, unknown columns', async () => {
    const problems = await inventoryImporter.checkHeader(ctx.server.app.database.db as never, [
      'SKU',
      'Bin',
      'SKU',
    ]);
    expect(problems.map((p) => [p.column, p.code])).toEqual([
      ['Bin', 'INVALID'],
      ['SKU', 'INVALID'],
      ['Location', 'REQUIRED'],
      ['On hand', 'REQUIRED'],
    ]);
  });
});
