import { sql } from 'kysely';
import { DomainError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Variant } from '../catalog/catalog.model.js';
import { productsCreateMany } from '../catalog/product-batch.service.js';
import { productCreate, productUpdate, variantsOfProducts } from '../catalog/product.service.js';
import {
  inspectBytes,
  MAX_MEDIA_BYTES,
  mediaDir,
  mediaOfProducts,
  productMediaUpdate,
  productMediaUpload,
  store,
} from '../catalog/media.service.js';
import { dropPendingEvents, pendingEventCount } from '../events/events.service.js';
import { outboundFetch } from '../../lib/outbound-fetch.js';
import type { ImportContext } from '../jobs/import.model.js';
import type { Location } from './inventory.model.js';
import {
  optionKey,
  OWN_MEDIA,
  placeErrors,
  problem,
  type GroupPlan,
  type ProductImporterDeps,
} from './product-import-sheet.js';
import { importNewLevels } from './product-import-levels.js';
import { setImportedCounts, type ImportedCount } from './product-import-stock.js';

/*
 * The products importer's writes (issue #29). A chunk's valid groups are written together: its new
 * products by productsCreateMany and every count it sets by one setImportedCounts — one statement
 * a table for the chunk, not dozens a product. Groups that change a stored product's fields or
 * delete variants go through productUpdate one by one. Should the batch fail anyway (a handle or
 * SKU taken since the plan, a count out of range), it is rolled back and every group of the chunk
 * is written alone, inside its own savepoint, so a failing group fails only itself.
 */

/** Writes a chunk's planned groups (those without problems), setting each one's productId and matches. */
export async function applyPlans(
  deps: ProductImporterDeps,
  ctx: ImportContext,
  plans: GroupPlan[],
  locations: Location[],
): Promise<void> {
  const ready = plans.filter((p) => !p.fatal);
  const batchable = ready.filter(
    (p) => (!p.product && p.valid) || (p.product && !p.input && !p.rows.some((r) => r.deleted)),
  );
  let alone = ready.filter((p) => !batchable.includes(p));
  if (batchable.length && !(await inSavepoint(ctx.trx, () => applyBatch(ctx, batchable, locations)))) {
    // Rolled back: what the batch made is gone; every group goes alone.
    for (const plan of batchable.filter((p) => !p.product)) {
      plan.productId = null;
      for (const row of plan.rows) row.match = null;
    }
    alone = ready;
  }
  for (const plan of alone) {
    const applied = await ctx.isolated(() => applyGroup(ctx.trx, ctx.actor, plan, locations));
    if (!applied.ok) {
      placeErrors(plan, applied.error instanceof DomainError ? applied.error.errors : []);
      plan.fatal = true;
    }
  }
  for (const plan of ready) if (!plan.fatal) await addImages(deps, ctx, plan);
}

/**
 * Runs `work` in a savepoint: true when it went through; false, with all it wrote (and the domain
 * events it collected) undone, when it threw anything.
 */
async function inSavepoint(trx: Tx, work: () => Promise<void>): Promise<boolean> {
  const events = pendingEventCount(trx);
  await sql`savepoint import_batch`.execute(trx);
  try {
    await work();
    await sql`release savepoint import_batch`.execute(trx);
    return true;
  } catch {
    await sql`rollback to savepoint import_batch`.execute(trx);
    await sql`release savepoint import_batch`.execute(trx);
    dropPendingEvents(trx, events);
    return false;
  }
}

/** Thrown inside the batch's savepoint when a product can't be made in the batch (productsCreateMany said so). */
class NotInBatch extends Error {}

/**
 * The batch: new products together, their levels written once with the file's counts
 * (importNewLevels), then the counts the chunk sets on stored products together.
 */
async function applyBatch(ctx: ImportContext, plans: GroupPlan[], locations: Location[]): Promise<void> {
  const { trx, actor } = ctx;
  const creates = plans.filter((p) => !p.product);
  const made = await productsCreateMany(
    trx,
    actor,
    creates.map((p) => p.valid!),
    async (made) => {
      creates.forEach((p, i) => (p.productId = made[i]!.productId));
      const now = await variantsOfProducts(
        trx,
        made.map((m) => m.productId),
      );
      const byProduct = new Map<string, Variant[]>();
      for (const v of now) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
      for (const plan of creates) matchStored(plan, byProduct.get(plan.productId!) ?? []);
      await importNewLevels(
        trx,
        actor,
        now.map((v) => v.id),
        creates.flatMap(countsOf),
      );
    },
  );
  if (!made) throw new NotInBatch();
  await setImportedCounts(
    trx,
    actor,
    plans.filter((p) => p.product).flatMap(countsOf),
    new Map(locations.map((l) => [l.id, l.name])),
  );
}

/** Which stored variant each row of the group is now: by SKU, else by option values. */
function matchStored(plan: GroupPlan, now: Variant[]): void {
  for (const row of plan.rows) {
    if (!row.variantRow || row.deleted) continue;
    row.match =
      (row.sku ? now.find((v) => v.sku?.toLowerCase() === row.sku!.toLowerCase()) : undefined) ??
      now.find((v) => optionKey(v.optionValues) === optionKey(row.optionValues)) ??
      null;
  }
}

/** The counts a group sets: each `Stock:` cell that changes its level. */
function countsOf(plan: GroupPlan): ImportedCount[] {
  const counts: ImportedCount[] = [];
  for (const row of plan.rows)
    for (const s of row.stock)
      if (
        row.match &&
        row.changes.some((c) => c.field.toLowerCase() === `stock: ${s.location.name}`.toLowerCase())
      )
        counts.push({
          variantId: row.match.id,
          locationId: s.location.id,
          onHand: s.onHand,
          field: ['changes', String(row.record.row), `Stock: ${s.location.name}`],
        });
  return counts;
}

/** Writes one product alone: its fields and variants, then its counts. */
async function applyGroup(trx: Tx, actor: Actor, plan: GroupPlan, locations: Location[]): Promise<void> {
  let productId = plan.product?.id ?? null;
  if (!plan.product) productId = (await productCreate(trx, actor, plan.input)).id;
  else if (plan.input) await productUpdate(trx, actor, plan.product.id, plan.input);
  const id = productId!;
  plan.productId = id;
  matchStored(plan, await variantsOfProducts(trx, [id]));
  await setImportedCounts(trx, actor, countsOf(plan), new Map(locations.map((l) => [l.id, l.name])));
}

/**
 * A written group's images, each in its own savepoint: our own are already the product's (alt text
 * may change); web addresses are fetched. An image that can't be added is a problem on its row, in
 * words; the product stays written.
 */
async function addImages(deps: ProductImporterDeps, ctx: ImportContext, plan: GroupPlan): Promise<void> {
  if (!plan.rows.some((r) => r.image)) return;
  const { trx, actor } = ctx;
  const id = plan.productId!;
  const current = await mediaOfProducts(trx, [id]);
  for (const row of plan.rows) {
    const image = row.image;
    if (!image) continue;
    const done = await ctx.isolated(async () => {
      const own = OWN_MEDIA.exec(image.src);
      if (own) {
        const m = current.find((x) => x.contentHash === own[1]!.toLowerCase());
        if (m && image.alt !== undefined && image.alt !== m.alt)
          await productMediaUpdate(trx, actor, m.id, image.alt);
        return;
      }
      if (!/^https?:\/\//i.test(image.src)) return;
      const fetched = await outboundFetch(image.src, {
        allow: deps.config.outboundAllow,
        maxBytes: MAX_MEDIA_BYTES,
      });
      const name = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() || 'image');
      const bytes = await inspectBytes(fetched.bytes, name, 0);
      if (current.some((m) => m.contentHash === bytes.hash)) return;
      await store(mediaDir(deps.config), bytes);
      current.push(
        ...(await productMediaUpload(trx, actor, id, [{ image: bytes, filename: name }], image.alt ?? null)),
      );
    });
    if (!done.ok) {
      const e = done.error as DomainError;
      row.problems.push(
        problem(
          'Image Src',
          e.errors[0]?.code ?? 'INVALID',
          `The image was not added: ${e.errors.map((x) => x.message).join(' ')}`,
        ),
      );
    }
  }
}
