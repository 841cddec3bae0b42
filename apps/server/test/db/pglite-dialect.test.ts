import { PGlite } from '@electric-sql/pglite';
import { AbortedTransactionError, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../../src/db/pglite-dialect.js';

interface Tables {
  items: { name: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PGlite dialect', () => {
  const pglite = new PGlite();
  // Two Kysely instances over one PGlite, like the server's `db` and `upkeep`.
  const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
  const other = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
  const names = async () =>
    (await db.selectFrom('items').select('name').orderBy('name').execute()).map((r) => r.name);

  beforeAll(async () => {
    await sql`create table items (name text primary key)`.execute(db);
  });
  beforeEach(async () => {
    await db.deleteFrom('items').execute();
  });
  afterAll(async () => {
    await db.destroy();
    expect(pglite.closed).toBe(true);
  });

  it('lends the one session to one transaction at a time: nothing else lands inside it', async () => {
    let seenInside: string[] = [];
    let started!: () => void;
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'first' }).execute();
      started();
      // Everyone else asks for the session now; they must wait until this transaction ends.
      await pause(50);
      seenInside = (await trx.selectFrom('items').select('name').orderBy('name').execute()).map(
        (r) => r.name,
      );
      throw new Error('roll back');
    });
    await new Promise<void>((resolve) => (started = resolve));
    const others = Promise.all([
      db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'second' }).execute()),
      db.insertInto('items').values({ name: 'plain' }).execute(),
      other.transaction().execute((trx) => trx.insertInto('items').values({ name: 'upkeep' }).execute()),
    ]);
    await expect(first).rejects.toThrow('roll back');
    await others;
    expect(seenInside).toEqual(['first']);
    expect(await names()).toEqual(['plain', 'second', 'upkeep']);
  });

  it("keeps PostgreSQL's error code (a unique violation is 23505), inside a transaction or not", async () => {
    await db.insertInto('items').values({ name: 'lamp' }).execute();
    await expect(db.insertInto('items').values({ name: 'lamp' }).execute()).rejects.toMatchObject({
      code: '23505',
    });
    await expect(
      db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'lamp' }).execute()),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('rolls a failed transaction back, and the session serves the next request', async () => {
    await db.insertInto('items').values({ name: 'lamp' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'chair' }).execute();
        await trx.insertInto('items').values({ name: 'lamp' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(pglite.isInTransaction()).toBe(false);
    expect(await names()).toEqual(['lamp']);
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'desk' }).execute());
    expect(await names()).toEqual(['desk', 'lamp']);
  });

  it('refuses to report a commit that PostgreSQL turned into a rollback', async () => {
    await db.insertInto('items').values({ name: 'lamp' }).execute();
    const swallowed = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'chair' }).execute();
      await trx
        .insertInto('items')
        .values({ name: 'lamp' })
        .execute()
        .catch(() => undefined);
    });
    await expect(swallowed).rejects.toBeInstanceOf(AbortedTransactionError);
    expect(await names()).toEqual(['lamp']);
  });

  it('honours isolation level, access mode and savepoints', async () => {
    const level = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute((trx) => sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx));
    expect(level.rows[0]?.transaction_isolation).toBe('serializable');
    await expect(
      db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => trx.insertInto('items').values({ name: 'lamp' }).execute()),
    ).rejects.toMatchObject({ code: '25006' });

    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ name: 'kept' }).execute();
    const saved = await trx.savepoint('before').execute();
    await saved.insertInto('items').values({ name: 'undone' }).execute();
    await saved.rollbackToSavepoint('before').execute();
    await trx.commit().execute();
    expect(await names()).toEqual(['kept']);
  });

  it('says plainly that it cannot stream', async () => {
    const rows = db.selectFrom('items').selectAll().stream();
    await expect(rows.next()).rejects.toThrow(/cannot stream/);
  });
});
