import { sql, type Kysely } from 'kysely';

/**
 * Issue #35: the product search's words were matched against an expression index (migration 013),
 * so every row the planner read beside the index (a page walked newest first until 20 matched,
 * a bitmap's recheck) built its two text-search vectors again: a one-word search took up to 175 ms
 * at 10,000 products. The vector is now kept on the row, computed once per write, and indexed.
 */
const statements = [
  `alter table products add column search_vector tsvector generated always as
    (to_tsvector('simple', search_text) || to_tsvector('english', search_text)) stored`,
  `create index products_search_vector_idx on products using gin (search_vector)`,
  `drop index products_stemmed_search_idx`,
  `analyze products`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
