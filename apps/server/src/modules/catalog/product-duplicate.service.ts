import { CATALOG_LIMITS, DomainError, encodeId, formatMinor } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Product } from './catalog.model.js';
import type { Actor } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import { storeSettings } from '../settings/settings.service.js';
import * as repo from './product.repository.js';
import * as media from './media.repository.js';
import * as variants from './variant.repository.js';
import { inputFromProduct } from './product-values.js';
import { productCreate } from './product.service.js';

/** How many "-copy-N" SKUs are tried for each variant before its copy is left without one. */
const SKU_TRIES = 10;

/**
 * Free SKUs for the copies: "TEE-S" → "TEE-S-copy", else "TEE-S-copy-2" … up to SKU_TRIES; null
 * when none is free or fits. One query per round, asking only for the SKUs still without one (most
 * copies are settled in the first). productCreate then locks and checks the chosen ones as usual.
 */
async function copySkus(trx: Tx, skus: readonly (string | null)[]): Promise<(string | null)[]> {
  const chosen: (string | null)[] = skus.map(() => null);
  const used = new Set<string>();
  let open = skus.flatMap((sku, i) => (sku ? [i] : []));
  for (let round = 0; round < SKU_TRIES && open.length; round++) {
    const tries = new Map(
      open.flatMap((i) => {
        const candidate = `${skus[i]!}-copy${round ? `-${round + 1}` : ''}`;
        return candidate.length <= CATALOG_LIMITS.sku ? [[i, candidate] as const] : [];
      }),
    );
    const taken = new Set(
      (await variants.skuOwners(trx, [...tries.values()], null)).map((o) => o.sku?.toLowerCase()),
    );
    for (const [i, candidate] of tries) {
      const key = candidate.toLowerCase();
      if (taken.has(key) || used.has(key)) continue;
      chosen[i] = candidate;
      used.add(key);
    }
    open = [...tries.keys()].filter((i) => chosen[i] === null);
  }
  return chosen;
}

/**
 * A copy as a draft, titled "Copy of …" unless given: every variant field, SKUs made unique
 * ("-copy", "-copy-2" …), no barcodes (they name one article), no stock; images when asked (the
 * files are shared: they are stored by content).
 */
export async function productDuplicate(
  trx: Tx,
  actor: Actor,
  productId: string,
  options: { title: string | null; copyImages: boolean },
): Promise<Product> {
  const source = await repo.findProduct(trx, productId);
  if (!source) throw DomainError.one('INVALID', 'This product does not exist.', ['id']);
  const currency = (await storeSettings(trx)).currencyCode;
  const copy = inputFromProduct(source, await variants.variantsOfProducts(trx, [productId]), (m) =>
    formatMinor(m, currency),
  );
  const skus = await copySkus(
    trx,
    copy.variants.map((v) => v.sku),
  );
  const made = await productCreate(trx, actor, {
    ...copy,
    title: options.title?.trim() || `Copy of ${source.title}`.slice(0, 255),
    handle: null,
    status: 'DRAFT',
    categoryId: source.categoryId ? encodeId('Category', source.categoryId) : null,
    variants: copy.variants.map(({ id: _id, barcode: _barcode, ...v }, i) => ({
      ...v,
      sku: skus[i] ?? null,
    })),
  });
  if (options.copyImages) {
    const images = await media.mediaOfProducts(trx, [productId]);
    if (images.length)
      await media.insertMedia(
        trx,
        images.map((m) => ({
          id: uuidv7(),
          productId: made.id,
          position: m.position,
          alt: m.alt,
          contentHash: m.contentHash,
          mimeType: m.mimeType,
          width: m.width,
          height: m.height,
          sizeBytes: m.sizeBytes,
          filename: m.filename,
        })),
      );
  }
  return (await repo.findProduct(trx, made.id))!;
}
