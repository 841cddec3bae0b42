import type { ProductInput } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { handleBase } from '../../lib/handles.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudits } from '../audit/audit.service.js';
import { existingHandles } from './handle.repository.js';
import { syncAutomatedCollections } from './collection.service.js';
import { PRODUCT_AUDITED, productValues } from './product.service.js';
import { variantSummary } from './product-values.js';
import { variantValues, variantsOrMatrix } from './product-variants.service.js';
import * as repo from './product.repository.js';
import * as variants from './variant.repository.js';
import { variantStock } from './variant-stock.js';

/** One product the batch made: its id and its variants' ids, in its input's order. */
export interface MadeProduct {
  productId: string;
  variantIds: string[];
}

/**
 * Writes the made variants' levels (by default at zero at every active location, as productCreate
 * does); an import passes its own, which writes each level once with the file's count.
 */
export type WriteLevels = (made: MadeProduct[]) => Promise<void>;

/**
 * Makes many new products at once (a CSV import's chunk, issue #29): for each, the records
 * productCreate makes — the product, its variants, a level at every active location, its list
 * summary, its automated collections, its `product.create` audit event and domain event — but in
 * one statement a table for the whole batch. The inputs are already valid (productSchema, as the
 * forms send them). Answers null and writes nothing when one of them can't be made this way — a
 * handle or SKU taken (by the store or twice in the batch), a category — so the caller makes them
 * one by one with productCreate, which says in words what is wrong. `writeLevels` runs after the
 * variants are inserted and before the summaries and collections, which read the levels.
 */
export async function productsCreateMany(
  trx: Tx,
  actor: Actor,
  inputs: readonly ProductInput[],
  writeLevels?: WriteLevels,
): Promise<MadeProduct[] | null> {
  if (!inputs.length) return [];
  if (inputs.some((i) => i.categoryId)) return null;
  const handles = inputs.map((i) => handleBase(i.handle ?? null, i.title, 'product'));
  const planned = inputs.map(variantsOrMatrix);
  const skus = planned.flat().flatMap((v) => (v.sku ? [v.sku] : []));
  const distinct = (list: string[]) => new Set(list.map((x) => x.toLowerCase())).size === list.length;
  if (!distinct(handles) || !distinct(skus)) return null;
  await lockUniqueValues(trx, 'handle:products', handles);
  if ((await existingHandles(trx, 'products', handles)).length) return null;
  await lockUniqueValues(trx, 'sku', skus);
  if ((await variants.skuOwners(trx, skus, null)).length) return null;

  const ids = inputs.map(() => uuidv7());
  const products = await repo.insertProducts(
    trx,
    inputs.map((input, i) => ({
      id: ids[i]!,
      product: productValues(input, handles[i]!, null),
      publish: input.status === 'ACTIVE',
    })),
  );
  const made = planned.flatMap((list, i) =>
    list.map((v, j) => ({ id: uuidv7(), productId: ids[i]!, ...variantValues(v, j) })),
  );
  await variants.insertVariants(trx, made);
  let at = 0;
  const result = ids.map((productId, i) => ({
    productId,
    variantIds: made.slice(at, (at += planned[i]!.length)).map((m) => m.id),
  }));
  if (writeLevels) await writeLevels(result);
  else
    await variantStock().ensureLevels(
      trx,
      made.map((v) => v.id),
    );
  await repo.refreshProductSummaries(trx, ids);
  await syncAutomatedCollections(trx, ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  await recordAudits(
    trx,
    actor,
    ids.map((id, i) => ({
      action: 'product.create',
      subjectType: 'Product',
      subjectId: id,
      changes: {
        ...diff(null, byId.get(id)!, PRODUCT_AUDITED),
        variants: { before: null, after: planned[i]!.map((v) => variantSummary(variantValues(v, 0))) },
      },
    })),
  );
  return result;
}
