import { sql, type Kysely } from 'kysely';

/**
 * Issue #31: Home's figures count a settled return as a return on the day it was settled, so they
 * read returns by settled_at.
 */
const statements = [`create index returns_settled on returns (settled_at) where settled_at is not null`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
