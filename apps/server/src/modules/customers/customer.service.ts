import { addressSchema, customerSchema, decodeIdOf, MESSAGES, validate, type UserError } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB, Executor } from '../../db/database.js';
import type { CustomerAddressRow, CustomerRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';

const AUDITED = ['email', 'first_name', 'last_name', 'phone', 'note', 'tags', 'accepts_marketing', 'state', 'default_address_id'] as const;
export const MAX_ADDRESSES = 100;

function searchText(c: Pick<CustomerRow, 'email' | 'first_name' | 'last_name' | 'phone'>): string {
  return [c.first_name, c.last_name, c.email, c.email.split('@')[0], c.phone, c.phone?.replace(/^\+/, '')].filter(Boolean).join(' ');
}

async function emailTaken(trx: Executor, email: string, exceptId: string | null): Promise<UserError | null> {
  let q = trx.selectFrom('customers').select(['id', 'first_name', 'last_name', 'email']).where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  const other = await q.executeTakeFirst();
  if (!other) return null;
  const name = [other.first_name, other.last_name].filter(Boolean).join(' ') || other.email;
  return { field: ['input', 'email'], code: 'TAKEN', message: `This email is already used by ${name}.`, relatedId: other.id, relatedType: 'Customer' };
}

function addressColumns(a: ReturnType<typeof addressSchema.parse>) {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postal_code: a.postalCode,
    country_code: a.countryCode,
    phone: a.phone,
  };
}

export interface CustomerCreateRaw {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  note?: string | null;
  tags?: string[] | null;
  acceptsMarketing?: boolean | null;
  addresses?: unknown[] | null;
  version?: number | null;
}

export async function customerCreate(db: DB, actor: Actor, raw: CustomerCreateRaw): Promise<CustomerRow> {
  const errors: UserError[] = [];
  const parsed = validate(customerSchema, raw, ['input']);
  if (!parsed.ok) errors.push(...parsed.errors);
  const addresses = (raw.addresses ?? []).map((a, i) => validate(addressSchema, a, ['input', 'addresses', String(i)]));
  for (const a of addresses) if (!a.ok) errors.push(...a.errors);
  if (addresses.length > MAX_ADDRESSES) errors.push({ field: ['input', 'addresses'], code: 'LIMIT_EXCEEDED', message: `A customer can have at most ${MAX_ADDRESSES} addresses.` });
  if (errors.length || !parsed.ok) throw new UserErrors(errors);
  const input = parsed.value;
  return db.transaction().execute(async (trx) => {
    const taken = await emailTaken(trx, input.email, null);
    if (taken) throw new UserErrors([taken]);
    const id = uuidv7();
    const base = { email: input.email, first_name: input.firstName, last_name: input.lastName, phone: input.phone };
    await trx
      .insertInto('customers')
      .values({
        id,
        ...base,
        note: input.note,
        tags: input.tags,
        tag_keys: input.tags.map((t) => t.toLowerCase()),
        accepts_marketing: input.acceptsMarketing,
        state: 'ENABLED',
        default_address_id: null,
        last_order_at: null,
        erased_at: null,
        search_text: searchText(base),
      })
      .execute();
    const rows = addresses.map((a, i) => ({ id: uuidv7(), customer_id: id, position: i, ...addressColumns((a as { ok: true; value: ReturnType<typeof addressSchema.parse> }).value) }));
    if (rows.length) {
      await trx.insertInto('customer_addresses').values(rows).execute();
      await trx.updateTable('customers').set({ default_address_id: rows[0]!.id }).where('id', '=', id).execute();
    }
    const customer = (await trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst())!;
    await recordAudit(trx, actor, {
      action: 'customer.create',
      subjectType: 'Customer',
      subjectId: id,
      changes: { ...diff(null, customer, AUDITED), addresses: { before: null, after: rows.length } },
    });
    return customer;
  });
}

async function lockCustomer(trx: Executor, id: string): Promise<CustomerRow> {
  const c = await trx.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!c) throw UserErrors.one('INVALID', 'This customer does not exist.', ['id']);
  if (c.state === 'ERASED') throw UserErrors.one('INVALID_TRANSITION', "This customer's personal data was erased; their record can't be changed.", ['id']);
  return c;
}

export async function customerUpdate(db: DB, actor: Actor, id: string, raw: CustomerCreateRaw): Promise<CustomerRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockCustomer(trx, id);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('customer'), ['input', 'version']);
    const pick = <T>(v: T | null | undefined, current: T) => (v === undefined ? current : v);
    const parsed = validate(
      customerSchema,
      {
        email: pick(raw.email, before.email),
        firstName: pick(raw.firstName, before.first_name),
        lastName: pick(raw.lastName, before.last_name),
        phone: pick(raw.phone, before.phone),
        note: pick(raw.note, before.note),
        tags: raw.tags ?? before.tags,
        acceptsMarketing: raw.acceptsMarketing ?? before.accepts_marketing,
      },
      ['input'],
    );
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const input = parsed.value;
    const taken = await emailTaken(trx, input.email, id);
    if (taken) throw new UserErrors([taken]);
    const base = { email: input.email, first_name: input.firstName, last_name: input.lastName, phone: input.phone };
    const after = await trx
      .updateTable('customers')
      .set({
        ...base,
        note: input.note,
        tags: input.tags,
        tag_keys: input.tags.map((t) => t.toLowerCase()),
        accepts_marketing: input.acceptsMarketing,
        search_text: searchText(base),
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'customer.update', subjectType: 'Customer', subjectId: id, changes: diff(before, after, AUDITED) });
    return after;
  });
}

export async function customerSetState(db: DB, actor: Actor, id: string, state: 'ENABLED' | 'DISABLED'): Promise<CustomerRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockCustomer(trx, id);
    const after = await trx
      .updateTable('customers')
      .set({ state, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: state === 'DISABLED' ? 'customer.disable' : 'customer.enable', subjectType: 'Customer', subjectId: id, changes: diff(before, after, ['state']) });
    return after;
  });
}

export async function customerAddressAdd(db: DB, actor: Actor, customerId: string, raw: unknown, makeDefault: boolean): Promise<CustomerAddressRow> {
  const parsed = validate(addressSchema, raw, ['address']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    const customer = await lockCustomer(trx, customerId);
    const { n } = await trx.selectFrom('customer_addresses').select(sql<number>`count(*)::int`.as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    if (n >= MAX_ADDRESSES) throw UserErrors.one('LIMIT_EXCEEDED', `A customer can have at most ${MAX_ADDRESSES} addresses.`, ['address']);
    const row = await trx
      .insertInto('customer_addresses')
      .values({ id: uuidv7(), customer_id: customerId, position: n, ...addressColumns(parsed.value) })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (makeDefault || !customer.default_address_id) {
      await trx.updateTable('customers').set({ default_address_id: row.id, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', customerId).execute();
    }
    await recordAudit(trx, actor, { action: 'customer.address_add', subjectType: 'Customer', subjectId: customerId, changes: diff(null, row, ['line1', 'city', 'postal_code', 'country_code']) });
    return row;
  });
}

export async function customerAddressUpdate(db: DB, actor: Actor, addressId: string, raw: unknown): Promise<CustomerAddressRow> {
  const parsed = validate(addressSchema, raw, ['address']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('customer_addresses').selectAll().where('id', '=', addressId).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This address does not exist.', ['id']);
    await lockCustomer(trx, before.customer_id);
    const after = await trx
      .updateTable('customer_addresses')
      .set({ ...addressColumns(parsed.value), updated_at: sql`now()` })
      .where('id', '=', addressId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'customer.address_update',
      subjectType: 'Customer',
      subjectId: before.customer_id,
      changes: diff(before, after, ['first_name', 'last_name', 'company', 'line1', 'line2', 'city', 'region', 'postal_code', 'country_code', 'phone']),
    });
    return after;
  });
}

/** Removes an address; when it was the default, the next one becomes the default. */
export async function customerAddressRemove(db: DB, actor: Actor, addressId: string): Promise<CustomerRow> {
  return db.transaction().execute(async (trx) => {
    const address = await trx.selectFrom('customer_addresses').selectAll().where('id', '=', addressId).executeTakeFirst();
    if (!address) throw UserErrors.one('INVALID', 'This address does not exist.', ['id']);
    const customer = await lockCustomer(trx, address.customer_id);
    await trx.deleteFrom('customer_addresses').where('id', '=', addressId).execute();
    if (customer.default_address_id === addressId) {
      const next = await trx.selectFrom('customer_addresses').select('id').where('customer_id', '=', customer.id).orderBy('position').orderBy('id').executeTakeFirst();
      await trx.updateTable('customers').set({ default_address_id: next?.id ?? null }).where('id', '=', customer.id).execute();
    }
    await recordAudit(trx, actor, { action: 'customer.address_remove', subjectType: 'Customer', subjectId: customer.id, changes: diff(address, {}, ['line1', 'city', 'country_code']) });
    return trx.selectFrom('customers').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
  });
}

export async function customerSetDefaultAddress(db: DB, actor: Actor, customerId: string, addressId: string): Promise<CustomerRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockCustomer(trx, customerId);
    const address = await trx.selectFrom('customer_addresses').select('id').where('id', '=', addressId).where('customer_id', '=', customerId).executeTakeFirst();
    if (!address) throw UserErrors.one('INVALID', 'This address is not one of the customer’s.', ['addressId']);
    const after = await trx
      .updateTable('customers')
      .set({ default_address_id: addressId, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'customer.update', subjectType: 'Customer', subjectId: customerId, changes: diff(before, after, ['default_address_id']) });
    return after;
  });
}

export async function customerCommentAdd(db: DB, actor: Actor, customerId: string, body: string) {
  const text = body.trim();
  if (!text) throw UserErrors.one('REQUIRED', 'Write a comment.', ['body']);
  if (text.length > 5000) throw UserErrors.one('TOO_LONG', 'Use at most 5,000 characters.', ['body']);
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const row = await trx
      .insertInto('customer_comments')
      .values({ id: uuidv7(), customer_id: customerId, staff_id: actor.viewer?.staffId ?? null, staff_name: actor.viewer ? actor.viewer.name || actor.viewer.email : null, body: text })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'customer.comment_add', subjectType: 'Customer', subjectId: customerId });
    return row;
  });
}

export function customerUuid(id: string | number, field = 'id'): string {
  const uuid = decodeIdOf('Customer', String(id));
  if (!uuid) throw UserErrors.one('INVALID', 'This customer does not exist.', [field]);
  return uuid;
}

/**
 * Erases a customer's personal data everywhere it is stored — the customer, their addresses, staff
 * comments, the copies on their orders, and the before/after values in the audit log — keeping the
 * record, the orders and their totals. Irreversible: the person types the customer's email to confirm.
 */
export async function customerErase(db: DB, actor: Actor, id: string, confirmation: string): Promise<CustomerRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This customer does not exist.', ['id']);
    if (before.state === 'ERASED') throw UserErrors.one('INVALID_TRANSITION', "This customer's personal data was already erased.", ['id']);
    if (confirmation.trim().toLowerCase() !== before.email.toLowerCase()) {
      throw UserErrors.one('INVALID', "Type the customer's email address exactly to confirm.", ['confirmation']);
    }
    const placeholder = `erased-${id.slice(-12)}@erased.invalid`;
    const after = await trx
      .updateTable('customers')
      .set({
        email: placeholder,
        first_name: null,
        last_name: null,
        phone: null,
        note: null,
        tags: [],
        tag_keys: [],
        accepts_marketing: false,
        default_address_id: null,
        state: 'ERASED',
        search_text: '',
        erased_at: sql`now()`,
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('customer_addresses').where('customer_id', '=', id).execute();
    await trx.updateTable('customer_comments').set({ body: '[erased]' }).where('customer_id', '=', id).execute();
    // Orders keep their lines and totals; the copies of the person's contact and addresses go.
    const erasedAddress = JSON.stringify({ firstName: null, lastName: null, company: null, line1: '[erased]', line2: null, city: '[erased]', region: null, postalCode: null, countryCode: null, phone: null });
    await trx
      .updateTable('orders')
      .set({ email: placeholder, phone: null, shipping_address: sql`case when shipping_address is null then null else ${erasedAddress}::jsonb end`, billing_address: sql`case when billing_address is null then null else ${erasedAddress}::jsonb end`, note: null })
      .where('customer_id', '=', id)
      .execute();
    await sql`select set_config('stockroom.audit_redaction', 'on', true)`.execute(trx);
    await trx
      .updateTable('audit_events')
      .set({ changes: JSON.stringify({ redacted: { before: null, after: 'personal data erased' } }) })
      .where('subject_type', '=', 'Customer')
      .where('subject_id', '=', id)
      .execute();
    await sql`select set_config('stockroom.audit_redaction', 'off', true)`.execute(trx);
    await recordAudit(trx, actor, { action: 'customer.erase', subjectType: 'Customer', subjectId: id, changes: { state: { before: before.state, after: 'ERASED' } } });
    return after;
  });
}
