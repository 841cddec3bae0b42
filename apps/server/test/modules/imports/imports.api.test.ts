import { describe, expect, it } from 'vitest';
import { decodeIdOf, DomainError, encodeId, MAX_IMPORT_BYTES } from '@stockroom/domain';
import { receiveImportFile } from '../../../src/modules/imports/import-file.js';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import {
  countsOf,
  customersCsv,
  importApply,
  importRows,
  jobRevert,
  readImportJob,
  runAllSteps,
  tableCount,
  uploadImport,
} from './import-fixtures.js';

const uuidOf = (id: string) => decodeIdOf('Job', id)!;

describe.each(DATABASES)('CSV imports on $name (workers off)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, jobWorkers: false });

  it('refuses files it cannot read, in words, and starts no job', async () => {
    const owner = await signedIn(ctx.server);
    const url = ctx.server.url;
    const jobsBefore = await ctx.server.app.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [string, Uint8Array | string | Blob, RegExp][] = [
      ['empty', '', /empty/],
      ['header only', 'Email,First Name\n', /no rows of data/],
      ['utf-16', new Uint8Array([0xff, 0xfe, 0x45, 0x00, 0x6d, 0x00, 0x0a, 0x00]), /UTF-16/],
      ['binary', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), /binary/],
      ['windows-1252', new Uint8Array([...Buffer.from('Email\nJos'), 0xe9, 0x0a]), /not UTF-8/],
      ['unknown column', 'Email,Shoe Size\na@example.com,42\n', /“Shoe Size” is not a column/],
    ];
    for (const [name, body, words] of cases) {
      const res = await uploadImport(owner, url, body);
      expect(res.errors, name).toEqual([]);
      expect(res.payload?.job, name).toBeNull();
      expect(res.payload?.userErrors[0]?.field, name).toEqual(['file']);
      expect(res.payload?.userErrors[0]?.message, name).toMatch(words);
    }
    const jobsAfter = await ctx.server.app.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(jobsAfter.n).toBe(jobsBefore.n);
  });

  it('reads `;` with a BOM and a quoted newline; a dry run writes nothing and reports per row', async () => {
    const owner = await signedIn(ctx.server);
    const csv =
      '\uFEFFEmail;First Name;Note\r\nsemi1@example.com;Ana;"two\r\nlines"\r\nbad-email;Bo;\r\nsemi1@example.com;Cy;\r\nx@example.com;a;b;c\r\n';
    const customers = await tableCount(ctx.server, 'customers');
    const events = await tableCount(ctx.server, 'audit_events');
    const started = await uploadImport(owner, ctx.server.url, csv, { name: 'semi.csv' });
    expect(started.payload?.userErrors).toEqual([]);
    const id = started.payload!.job!['id'] as string;
    expect(started.payload!.job).toMatchObject({ status: 'QUEUED', importMode: 'DRY_RUN' });
    await runAllSteps(ctx.server, uuidOf(id));
    const job = await readImportJob(owner, id);
    expect(job['status']).toBe('SUCCEEDED');
    expect(job['importFile']).toMatchObject({ name: 'semi.csv', rows: 4, bytes: Buffer.byteLength(csv) });
    expect(countsOf(job), JSON.stringify(job['report'])).toMatchObject({ rows: 4, created: 1, errors: 3 });
    // The dry run wrote no record and no audit event but its own job.start.
    expect(await tableCount(ctx.server, 'customers')).toBe(customers);
    expect(await tableCount(ctx.server, 'audit_events')).toBe(events + 1);
    const { rows, total } = await importRows(owner, id);
    expect(total).toBe(4);
    expect(rows.map((r) => [r['row'], r['outcome']])).toEqual([
      [2, 'CREATED'],
      [3, 'ERROR'],
      [4, 'ERROR'],
      [5, 'ERROR'],
    ]);
    expect(rows[0]!['changes']).toContainEqual({ field: 'Note', before: null, after: 'two\r\nlines' });
    expect(rows[1]!['problems'][0]).toMatchObject({ column: 'Email', message: /valid email/ });
    expect(rows[2]!['problems'][0]['message']).toMatch(/already on row 2 of this file/);
    expect(rows[3]!['problems'][0]['message']).toMatch(/4 cells but the header names 3 columns/);
    const errorsOnly = await importRows(owner, id, ['ERROR']);
    expect(errorsOnly.total).toBe(3);
    expect(job['canApply']).toBe(true);
  });

  it('applies in chunks of 500, cancel keeps whole chunks, a repeated step applies nothing twice', async () => {
    const owner = await signedIn(ctx.server);
    const db = ctx.server.app.database.db;
    const started = await uploadImport(owner, ctx.server.url, customersCsv(1200, 1000), { dryRun: false });
    expect(started.payload?.userErrors).toEqual([]);
    const id = uuidOf(started.payload!.job!['id'] as string);
    const before = await tableCount(ctx.server, 'customers');
    expect(await ctx.server.app.jobs.runStep({ jobId: id, step: 0 })).toBe('more');
    expect(await tableCount(ctx.server, 'customers')).toBe(before + 500);
    // kill -9 after the commit: the engine runs the same step message again; it does nothing.
    expect(await ctx.server.app.jobs.runStep({ jobId: id, step: 0 })).toBe('skipped');
    expect(await tableCount(ctx.server, 'customers')).toBe(before + 500);
    const events = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('job_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(500);
    const steps = await runAllSteps(ctx.server, id);
    expect(steps).toBe(2);
    const job = await readImportJob(owner, started.payload!.job!['id'] as string);
    expect(job).toMatchObject({ status: 'SUCCEEDED', progress: { done: 1200, total: 1200 } });
    expect(countsOf(job)).toMatchObject({ rows: 1200, created: 1200, errors: 0 });
    expect(await tableCount(ctx.server, 'customers')).toBe(before + 1200);

    // Cancel after the first chunk: exactly 500 rows applied.
    const second = await uploadImport(owner, ctx.server.url, customersCsv(1200, 5000), { dryRun: false });
    const id2 = uuidOf(second.payload!.job!['id'] as string);
    const before2 = await tableCount(ctx.server, 'customers');
    await ctx.server.app.jobs.runStep({ jobId: id2, step: 0 });
    // After the long step above the server may have closed the idle keep-alive socket: a reset
    // before any answer is that race (the request never reached the server), so it is sent again.
    const cancelRequest = () =>
      owner.request(`mutation($id: ID!) { jobCancel(id: $id) { userErrors { message } } }`, {
        id: second.payload!.job!['id'],
      });
    const cancel = await cancelRequest().catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code !== 'ECONNRESET') throw error;
      return cancelRequest();
    });
    expect(cancel.body.data?.['jobCancel']).toEqual({ userErrors: [] });
    await runAllSteps(ctx.server, id2);
    expect((await readImportJob(owner, second.payload!.job!['id'] as string))['status']).toBe('CANCELLED');
    expect(await tableCount(ctx.server, 'customers')).toBe(before2 + 500);
  }, 240_000);

  it('applies a dry run once, refuses a stale one in words, and reverts with a refusal per record changed since', async () => {
    const owner = await signedIn(ctx.server);
    const db = ctx.server.app.database.db;
    // Two existing customers the import will update, and new ones it creates.
    const seed = await uploadImport(owner, ctx.server.url, customersCsv(2, 9000), { dryRun: false });
    await runAllSteps(ctx.server, uuidOf(seed.payload!.job!['id'] as string));
    const csv = customersCsv(5, 9000, 'Moreau');
    const dry = await uploadImport(owner, ctx.server.url, csv);
    const dryId = dry.payload!.job!['id'] as string;
    await runAllSteps(ctx.server, uuidOf(dryId));
    expect(countsOf(await readImportJob(owner, dryId))).toMatchObject({ created: 3, updated: 2 });

    const first = await importApply(owner, dryId);
    expect(first.userErrors).toEqual([]);
    const again = await importApply(owner, dryId);
    expect(again.job!['id']).toBe(first.job!['id']);
    const applyId = first.job!['id'] as string;
    await runAllSteps(ctx.server, uuidOf(applyId));
    const applied = await readImportJob(owner, applyId);
    expect(countsOf(applied)).toMatchObject({ created: 3, updated: 2 });
    expect(applied['canRevert']).toBe(true);
    expect((await readImportJob(owner, dryId))['canApply']).toBe(false);

    // A dry run of the same file, then someone edits a customer it would update: STALE_VERSION.
    const dry2 = await uploadImport(owner, ctx.server.url, customersCsv(2, 9000, 'Dubois'));
    const dry2Id = dry2.payload!.job!['id'] as string;
    await runAllSteps(ctx.server, uuidOf(dry2Id));
    const target = await db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'c9000@example.com')
      .executeTakeFirstOrThrow();
    const edit = await owner.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { lastName: "Dupont" }) { userErrors { message } } }`,
      { id: encodeId('Customer', target.id) },
    );
    expect(edit.body.errors).toBeUndefined();
    const stale = await importApply(owner, dry2Id);
    expect(stale.job).toBeNull();
    expect(stale.userErrors[0]).toMatchObject({ code: 'STALE_VERSION' });
    expect(stale.userErrors[0]!.message).toMatch(
      /“c9000@example.com” was changed by .+ at \d\d:\d\d.*Run the dry run again\./,
    );

    // Revert: c9000 was changed since (above), so its row is an ERROR with who/when; the rest go back.
    const revert = await jobRevert(owner, applyId);
    expect(revert.userErrors).toEqual([]);
    const revertId = revert.job!['id'] as string;
    expect((await jobRevert(owner, applyId)).job!['id']).toBe(revertId);
    await runAllSteps(ctx.server, uuidOf(revertId));
    const reverted = await readImportJob(owner, revertId);
    expect(reverted).toMatchObject({ status: 'SUCCEEDED', importMode: 'REVERT' });
    expect(countsOf(reverted)).toMatchObject({ rows: 5, reverted: 4, errors: 1 });
    const { rows } = await importRows(owner, revertId, ['ERROR']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!['subject']).toBe('c9000@example.com');
    expect(rows[0]!['problems'][0]['message']).toMatch(
      /changed the last name of this customer after this, on /,
    );
    const left = await db
      .selectFrom('customers')
      .select(['email', 'last_name'])
      .where('email', 'like', 'c900_@example.com')
      .orderBy('email')
      .execute();
    expect(left).toEqual([
      { email: 'c9000@example.com', last_name: 'Dupont' },
      { email: 'c9001@example.com', last_name: 'Lee' },
    ]);
    // The revert's own events name the revert job; the audit log finds an import's changes by job:.
    const byJob = await owner.request(
      `query($q: String) { auditEvents(query: $q, first: 10) { count { value } } }`,
      {
        q: `job:${revertId}`,
      },
    );
    expect(byJob.body.data?.['auditEvents']['count']['value']).toBe(4);
  });

  it('is FORBIDDEN without DATA_IMPORT or the kind’s write permission', async () => {
    const server = ctx.server;
    await server.createStaff({
      email: 'sup@example.com',
      name: 'Sue Port',
      password: 'password-12345',
      roleKeys: ['support'],
    });
    await server.createStaff({
      email: 'ful@example.com',
      name: 'Fil Ment',
      password: 'password-12345',
      roleKeys: ['fulfillment'],
    });
    for (const [email, permission] of [
      ['sup@example.com', 'DATA_IMPORT'],
      ['ful@example.com', 'CUSTOMERS_READ'],
    ] as const) {
      const client = await signedIn(server, email, 'password-12345');
      const res = await uploadImport(client, server.url, customersCsv(1));
      expect(res.payload).toBeNull();
      expect(res.errors[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', permission });
    }
  });
  it('refuses a file over 50 MB before reading it, in words', async () => {
    // In process: a 50 MB multipart body through the HTTP layer takes minutes on a loaded machine.
    // Last in the file: the 50 MB buffer can stall this process past the server's keep-alive time,
    // and a request right after would meet a connection the server just closed (ECONNRESET).
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'big.csv', { type: 'text/csv' });
    const refused = await receiveImportFile(ctx.server.app.services.config, big).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).errors).toEqual([
      {
        field: ['file'],
        code: 'INVALID',
        message:
          'This file is 51 MB; an import takes at most 50 MB. Split it into smaller files and import them one after another.',
      },
    ]);
  });
});
