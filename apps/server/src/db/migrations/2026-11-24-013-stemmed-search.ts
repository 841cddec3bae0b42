import { sql, type Kysely } from 'kysely';

/**
 * Search as you type (issue 16): free words of the product and customer searches match their
 * words as written (prefixes) or as English stems ("scarves" → scarf). The searches test exactly
 * this expression (stemmedVector in lib/search-sql.ts), so each is answered from its GIN index.
 * The products' `simple` index stays for the order line picker, which still matches words as
 * written; the customers' one has no query left.
 */
const statements = [
  `create index products_stemmed_search_idx on products using gin
    ((to_tsvector('simple', search_text) || to_tsvector('english', search_text)))`,
  `create index customers_stemmed_search_idx on customers using gin
    ((to_tsvector('simple', search_text) || to_tsvector('english', search_text)))`,
  `drop index customers_search_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
