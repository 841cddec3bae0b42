import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Ctx } from '../../graphql/context.js';

/**
 * What catalog asks of the stock of its variants, without knowing stock: inventory sits above
 * catalog (it knows variants; catalog knows nothing of levels or locations) and plugs this in at
 * start (app/schema.ts). Products made or changed call it in their own transaction, at the same
 * point as before, so a command's statements stay the same; product pages read its levels in the
 * page's own statement.
 */
export interface VariantStock {
  /** Gives these variants (those that track stock) a level at every active location where they have none. */
  ensureLevels(trx: Tx, variantIds: readonly string[]): Promise<void>;
  /** Receives the starting stock of variants just made (checked; userErrors under each `field`). */
  receiveStartingStock(trx: Tx, actor: Actor, arrivals: StartingStockArrival[]): Promise<void>;
  /** SQL of one JSON array per variant (`v` is the variant): its levels, as a page shows them. */
  pageLevelsSql: string;
  /** What a page's levels refer to, read beside the page's statement. */
  pageLocations(db: Executor): Promise<unknown[]>;
  /** Primes the request's loaders with a page's levels (JSON as `pageLevelsSql` gave it) and locations. */
  primePage(ctx: Ctx, levelsByVariant: ReadonlyMap<string, unknown[]>, locations: unknown[]): void;
}

/** Units that arrive with a new variant at one location (the product editor's "Starting stock"). */
export interface StartingStockInput {
  locationId: string;
  quantity: number;
}

/** One new variant's starting stock, and where its userErrors go. */
export interface StartingStockArrival {
  variantId: string;
  tracked: boolean;
  stock: StartingStockInput[];
  field: string[];
}

let plugged: VariantStock | null = null;

/** Called once at start by the composition root. */
export function plugVariantStock(stock: VariantStock): void {
  plugged = stock;
}

export function variantStock(): VariantStock {
  if (!plugged)
    throw new Error('No variant stock plugged in: app/schema.ts plugs inventory into catalog at start.');
  return plugged;
}
