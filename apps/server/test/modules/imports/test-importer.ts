import { DomainError } from '@stockroom/domain';
import { sql } from 'kysely';
import { customerCreate, customerUpdate } from '../../../src/modules/customers/customer.service.js';
import { recordAudit } from '../../../src/modules/audit/audit.service.js';
import type { Importer, ImportRowResult } from '../../../src/modules/jobs/import.model.js';

/**
 * A small customers importer for the engine's tests (Email, First Name, Last Name, Note), writing
 * through the customers module's own services, so the engine is tested before the real importers
 * (modules/customers, modules/inventory) are merged. Emails match case-insensitively.
 */
const COLUMNS = [
  { name: 'Email', required: true, description: 'The customer’s email; matches an existing customer.' },
  { name: 'First Name', required: false, description: 'First name.' },
  { name: 'Last Name', required: false, description: 'Last name.' },
  { name: 'Note', required: false, description: 'A note about the customer.' },
];

const FIELDS = [
  ['First Name', 'firstName', 'first_name'],
  ['Last Name', 'lastName', 'last_name'],
  ['Note', 'note', 'note'],
] as const;

export const testCustomerImporter: Importer = {
  kind: 'CUSTOMERS',
  columns: () => Promise.resolve(COLUMNS),
  checkHeader: (_trx, headers) => {
    const known = new Set(COLUMNS.map((c) => c.name));
    return Promise.resolve([
      ...headers
        .filter((h) => !known.has(h))
        .map((h) => ({
          column: h,
          code: 'INVALID',
          message: `“${h}” is not a column a customers import reads. Remove it or rename it to one of: ${COLUMNS.map((c) => c.name).join(', ')}.`,
        })),
      ...(headers.includes('Email')
        ? []
        : [{ column: 'Email', code: 'REQUIRED', message: 'The file needs an Email column.' }]),
    ]);
  },
  async run(ctx, records) {
    const emails = records.map((r) => (r.cells['Email'] ?? '').toLowerCase());
    const earlier = await ctx.claimKeys(
      records.flatMap((r, i) => (emails[i] ? [{ key: `email:${emails[i]}`, row: r.row }] : [])),
    );
    const existing = await ctx.trx
      .selectFrom('customers')
      .select(['id', 'email', 'first_name', 'last_name', 'note'])
      .where(sql<string>`lower(email)`, 'in', emails.length ? emails : [''])
      .execute();
    const byEmail = new Map(existing.map((c) => [(c.email ?? '').toLowerCase(), c]));
    const results: ImportRowResult[] = [];
    for (const [i, record] of records.entries()) {
      const email = emails[i]!;
      const base = { row: record.row, subject: email || null, subjectType: 'Customer', changes: [] };
      const first = earlier.get(`email:${email}`);
      if (first !== undefined && first !== record.row) {
        results.push({
          ...base,
          outcome: 'ERROR',
          subjectId: null,
          problems: [{ column: 'Email', code: 'TAKEN', message: `Row ${first} already has ${email}.` }],
        });
        continue;
      }
      const current = byEmail.get(email);
      const raw = {
        email: record.cells['Email'] ?? '',
        firstName: record.cells['First Name'] || null,
        lastName: record.cells['Last Name'] || null,
        note: record.cells['Note'] || null,
      };
      const changes = FIELDS.flatMap(([column, key, col]) => {
        const before = current ? current[col] : null;
        const after = raw[key];
        return (before ?? null) === after ? [] : [{ field: column, before: before ?? null, after }];
      });
      if (current && !changes.length) {
        results.push({ ...base, outcome: 'UNCHANGED', subjectId: current.id, problems: [] });
        continue;
      }
      const outcome = current ? 'UPDATED' : 'CREATED';
      if (ctx.mode === 'DRY_RUN') {
        results.push({ ...base, outcome, subjectId: current?.id ?? null, changes, problems: [] });
        continue;
      }
      const done = await ctx.isolated(() =>
        current
          ? customerUpdate(ctx.trx, ctx.actor, current.id, raw)
          : customerCreate(ctx.trx, ctx.actor, raw),
      );
      results.push(
        done.ok
          ? { ...base, outcome, subjectId: done.value.id, changes, problems: [] }
          : {
              ...base,
              outcome: 'ERROR',
              subjectId: current?.id ?? null,
              problems: (done.error as DomainError).errors.map((e) => ({
                column: e.field?.includes('email') ? 'Email' : null,
                code: e.code,
                message: e.message,
              })),
            },
      );
    }
    return results;
  },
  reverters: {
    // A customer the import created goes again, unless someone changed it since.
    'customer.create': async (trx, actor, event) => {
      const jobs = [event.jobId, actor.jobId].filter((j): j is string => Boolean(j));
      const later = await trx
        .selectFrom('audit_events')
        .select(['actor_name'])
        .where('subject_id', '=', event.subjectId)
        .where('id', '>', event.id)
        .where((eb) => eb.or([eb('job_id', 'is', null), eb('job_id', 'not in', jobs)]))
        .executeTakeFirst();
      if (later)
        throw DomainError.one(
          'STALE_VERSION',
          `${later.actor_name ?? 'Someone'} changed this customer since.`,
          ['id'],
        );
      await trx.deleteFrom('customer_addresses').where('customer_id', '=', event.subjectId).execute();
      const gone = await trx
        .deleteFrom('customers')
        .where('id', '=', event.subjectId)
        .returning('email')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'customer.delete',
        subjectType: 'Customer',
        subjectId: event.subjectId!,
        changes: { email: { before: gone.email, after: null } },
      });
    },
  },
};
