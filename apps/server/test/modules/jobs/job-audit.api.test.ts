import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { uuidv7 } from '../../../src/lib/uuid.js';
import { startAuditExport } from './job-fixtures.js';

const JOB_STARTS = `query($id: ID) { auditEvents(first: 20, action: "job.start", subjectId: $id) {
  nodes { subjectId changes { field before after beforeText afterText } } } }`;

interface Change {
  field: string;
  before: string | null;
  after: string | null;
  beforeText: string | null;
  afterText: string | null;
}

/** A job start's changes as the audit log answers them, by the job's id. */
async function startOf(client: Client, jobId: string): Promise<Record<string, Change>> {
  const res = await client.request(JOB_STARTS, { id: jobId });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  const nodes = (res.body.data?.['auditEvents'] as { nodes: { changes: Change[] }[] }).nodes;
  expect(nodes).toHaveLength(1);
  return Object.fromEntries(nodes[0]!.changes.map((c) => [c.field, c]));
}

/** What the audit log shows: the server's words where it has them, else the recorded value. */
const shown = (c: Change) => c.afterText ?? (JSON.parse(c.after!) as unknown);

/**
 * Issue #28: the audit log's job start says what a merchant needs — the kind in words and what the
 * job was given, summarised — never "Input: —"; events recorded before (the input whole) read the same.
 */
describe.each(DATABASES)('job starts in the audit log on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, jobWorkers: false });

  it('names the kind in words and the export’s search (or the whole log)', async () => {
    const owner = await signedIn(ctx.server);
    const searched = await startAuditExport(owner, 'action:staff');
    const whole = await startAuditExport(owner);
    const s = await startOf(owner, searched.job!['id'] as string);
    expect(s['kind']).toMatchObject({ after: '"EXPORT_AUDIT"', afterText: 'Audit log export' });
    expect(shown(s['input']!)).toBe('Audit events matching “action:staff”');
    expect(shown((await startOf(owner, whole.job!['id'] as string))['input']!)).toBe(
      'The whole audit log (no search)',
    );
  });

  it('says how many products a bulk edit changes and which field, not its 1,000+ ids', async () => {
    const db = ctx.server.app.database.db;
    await sql`insert into products (id, title, handle, status)
      select gen_random_uuid(), 'Audit bulk ' || g, 'audit-bulk-' || g, 'DRAFT' from generate_series(1, 1001) g`.execute(
      db,
    );
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('handle', 'like', 'audit-bulk-%')
      .execute();
    const ids = rows.map((r) => encodeId('Product', r.id));
    const owner = await signedIn(ctx.server);
    const bulk = async (action: Record<string, unknown>) => {
      const res = await owner.request(
        `mutation($ids: [ID!], $action: ProductBulkActionInput!) { productsBulkUpdate(ids: $ids, action: $action) {
          job { id } userErrors { message } } }`,
        { ids, action },
      );
      const payload = res.body.data?.['productsBulkUpdate'] as { job: { id: string } | null; userErrors: [] };
      expect(payload.userErrors).toEqual([]);
      return startOf(owner, payload.job!.id);
    };
    const status = await bulk({ setStatus: 'ARCHIVED' });
    expect(status['kind']!.afterText).toBe('Bulk product edit');
    expect(shown(status['input']!)).toBe('1,001 products: status set to Archived');
    expect(status['input']!.after!.length).toBeLessThan(200);
    const tags = await bulk({ addTags: ['sale', 'summer'] });
    expect(shown(tags['input']!)).toBe('1,001 products: tags added: sale, summer');
    const collection = await owner.request(
      `mutation { collectionCreate(input: { title: "Summer picks", kind: MANUAL }) { collection { id } userErrors { message } } }`,
    );
    const collectionId = (collection.body.data?.['collectionCreate'] as { collection: { id: string } })
      .collection.id;
    const added = await bulk({ addToCollectionId: collectionId });
    expect(shown(added['input']!)).toBe('1,001 products: added to the collection “Summer picks”');
  }, 60_000);

  it('reads a job start recorded before (its input whole) the same way', async () => {
    const owner = await signedIn(ctx.server);
    const record = async (kind: string, input: unknown) => {
      const id = uuidv7();
      await ctx.server.app.database.db
        .insertInto('audit_events')
        .values({
          id: uuidv7(),
          actor_type: 'staff',
          actor_name: 'Earlier Person',
          action: 'job.start',
          subject_type: 'Job',
          subject_id: id,
          changes: JSON.stringify({
            kind: { before: null, after: kind },
            input: { before: null, after: input },
          }),
        })
        .execute();
      return startOf(owner, encodeId('Job', id));
    };
    const bulk = await record('BULK_EDIT', {
      ids: [uuidv7(), uuidv7(), uuidv7()],
      action: { removeTags: ['old'], setStatus: null },
    });
    expect(bulk['kind']!.afterText).toBe('Bulk product edit');
    expect(bulk['input']!.afterText).toBe('3 products: tags removed: old');
    const exported = await record('EXPORT_AUDIT', { query: null });
    expect(exported['kind']!.afterText).toBe('Audit log export');
    expect(exported['input']!.afterText).toBe('The whole audit log (no search)');
  });
});
