import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf, encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { countsOf, importRows, readImportJob, runAllSteps, uploadImport } from './import-fixtures.js';

const uuidOf = (id: string) => decodeIdOf('Job', id)!;

/*
 * Issue #29: a handle whose rows are split by other rows. The engine finds it when it first reads
 * the file, so both parts are ERROR rows in words — in the dry run and in the apply, whether the
 * parts fall in one chunk or in two — and no product is written from half its rows.
 */

const HEADER = 'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price';

/** split-a's S and M, then `between` one-row products, then split-a's L, then one more product. */
function splitFile(tag: string, between: number): string {
  const lines = [
    HEADER,
    `${tag}-split,Split shirt,Size,S,${tag}-SPLIT-S,20.00`,
    `${tag}-split,,Size,M,${tag}-SPLIT-M,20.00`,
  ];
  for (let i = 0; i < between; i++) lines.push(`${tag}-fill-${i},Filler ${i},Size,One,${tag}-FILL-${i},5.00`);
  lines.push(`${tag}-split,,Size,L,${tag}-SPLIT-L,20.00`);
  lines.push(`${tag}-last,Last shirt,Size,One,${tag}-LAST,9.00`);
  return `${lines.join('\n')}\n`;
}

describe.each(DATABASES)('a split handle on $name (workers off)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, jobWorkers: false });

  const products = async (like: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from products where handle like ${like}`.execute(
          ctx.server.app.database.db,
        )
      ).rows[0]!.n,
    );

  it.each([
    { name: 'in one chunk', tag: 'one', between: 2 },
    { name: 'across two chunks', tag: 'two', between: 600 },
  ])(
    'refuses both parts in words, $name; the others are written',
    async ({ tag, between }) => {
      const owner = await signedIn(ctx.server);
      for (const dryRun of [true, false]) {
        const started = await uploadImport(owner, ctx.server.url, splitFile(tag, between), {
          kind: 'PRODUCTS',
          name: 'products.csv',
          dryRun,
        });
        expect(started.payload?.userErrors).toEqual([]);
        const id = started.payload!.job!['id'] as string;
        await runAllSteps(ctx.server, uuidOf(id));
        const job = await readImportJob(owner, id);
        expect(job['status']).toBe('SUCCEEDED');
        // The summary counts products (one variant each here) beside the rows.
        expect(countsOf(job)).toMatchObject({
          rows: between + 4,
          errors: 3,
          created: between + 1,
          productsCreated: between + 1,
          variantsCreated: between + 1,
        });
        const errors = (await importRows(owner, id, ['ERROR'])).rows;
        const again = between + 4;
        expect(errors.map((r) => [r.row, r.problems[0].message])).toEqual([
          [
            2,
            `The rows of “${tag}-split” are not together: more of them come at row ${again}, after other rows. Keep all the rows of “${tag}-split” together, one under the other; none of them was imported.`,
          ],
          [
            3,
            `The rows of “${tag}-split” are not together: more of them come at row ${again}, after other rows. Keep all the rows of “${tag}-split” together, one under the other; none of them was imported.`,
          ],
          [
            again,
            expect.stringMatching(
              new RegExp(`^“${tag}-split” already appeared at row 2, before other rows\\. Keep all the rows`),
            ),
          ],
        ]);
        expect(await products(`${tag}-split`)).toBe(0);
        expect(await products(`${tag}-fill-%`)).toBe(dryRun ? 0 : between);
        expect(await products(`${tag}-last`)).toBe(dryRun ? 0 : 1);
        // The report links a written variant's row to the variant under its product.
        const last = (await importRows(owner, id, ['CREATED'])).rows[0]!;
        if (dryRun) expect([last.subjectId, last.productId]).toEqual([null, null]);
        else {
          const stored = await ctx.server.app.database.db
            .selectFrom('product_variants as v')
            .innerJoin('products as p', 'p.id', 'v.product_id')
            .select(['v.id', 'v.product_id'])
            .where('p.handle', '=', `${tag}-fill-0`)
            .executeTakeFirstOrThrow();
          expect(last).toMatchObject({
            subjectType: 'ProductVariant',
            subjectId: encodeId('ProductVariant', stored.id),
            productId: encodeId('Product', stored.product_id),
          });
        }
      }
    },
    120_000,
  );
});
