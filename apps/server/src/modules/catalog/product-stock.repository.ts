import { sql, type RawBuilder } from 'kysely';

/**
 * The statement, unsent, that moves products' units available (product_stock) by their variants'
 * change (tracked variants only): a stock change sends it in its own statement (one round trip).
 */
export function productStockDelta(
  moved: readonly { variantId: string; delta: number }[],
): RawBuilder<unknown> {
  return sql`update product_stock ps set total_available = ps.total_available + d.delta
    from (
      select v.product_id, sum(x.delta)::int as delta
      from (values ${sql.join(moved.map((a) => sql`(${a.variantId}::uuid, ${a.delta}::int)`))}) as x(variant_id, delta)
      join product_variants v on v.id = x.variant_id
      where v.track_inventory
      group by v.product_id
    ) d
    where ps.product_id = d.product_id and d.delta <> 0`;
}
