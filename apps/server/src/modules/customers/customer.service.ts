import {
  addressSchema,
  customerSchema,
  decodeIdOf,
  MESSAGES,
  validate,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Customer, CustomerAddress, CustomerComment } from './customer.model.js';
import type { Actor } from '../../actor.js';
import { ADDRESS_FIELDS, DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit, redactAudit } from '../audit/audit.service.js';
import * as repo from './customer.repository.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';

const AUDITED = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'note',
  'tags',
  'acceptsMarketing',
  'state',
  'defaultAddressId',
] as const satisfies readonly (keyof Customer)[];
export const MAX_ADDRESSES = 100;

type Address = ReturnType<typeof addressSchema.parse>;

async function emailTaken(trx: Tx, email: string, exceptId: string | null): Promise<UserError | null> {
  await lockUniqueValues(trx, 'customer-email', [email]);
  const other = await repo.customerWithEmail(trx, email, exceptId);
  if (!other) return null;
  const name = [other.firstName, other.lastName].filter(Boolean).join(' ') || other.email;
  return {
    field: ['input', 'email'],
    code: 'TAKEN',
    message: `This email is already used by ${name}.`,
    relatedId: other.id,
    relatedType: 'Customer',
  };
}

function addressValues(a: Address): repo.AddressValues {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
    phone: a.phone,
  };
}

function customerValues(input: ReturnType<typeof customerSchema.parse>): repo.CustomerValues {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    note: input.note,
    tags: input.tags,
    acceptsMarketing: input.acceptsMarketing,
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

export async function customerCreate(trx: Tx, actor: Actor, raw: CustomerCreateRaw): Promise<Customer> {
  const errors: UserError[] = [];
  const parsed = validate(customerSchema, raw, ['input']);
  if (!parsed.ok) errors.push(...parsed.errors);
  const addresses: Address[] = [];
  for (const [i, a] of (raw.addresses ?? []).entries()) {
    const checked = validate(addressSchema, a, ['input', 'addresses', String(i)]);
    if (checked.ok) addresses.push(checked.value);
    else errors.push(...checked.errors);
  }
  if ((raw.addresses ?? []).length > MAX_ADDRESSES)
    errors.push({
      field: ['input', 'addresses'],
      code: 'LIMIT_EXCEEDED',
      message: `A customer can have at most ${MAX_ADDRESSES} addresses.`,
    });
  if (errors.length || !parsed.ok) throw new DomainError(errors);
  const input = parsed.value;
  const taken = await emailTaken(trx, input.email, null);
  if (taken) throw new DomainError([taken]);
  const id = uuidv7();
  await repo.insertCustomer(trx, id, customerValues(input));
  const rows = await repo.insertAddresses(
    trx,
    addresses.map((a, i) => ({ id: uuidv7(), customerId: id, position: i, ...addressValues(a) })),
  );
  const first = rows.find((r) => r.position === 0);
  if (first) await repo.setDefaultAddressId(trx, id, first.id);
  const customer = (await repo.findCustomer(trx, id))!;
  await recordAudit(trx, actor, {
    action: 'customer.create',
    subjectType: 'Customer',
    subjectId: id,
    changes: { ...diff(null, customer, AUDITED), addresses: { before: null, after: rows.length } },
  });
  return customer;
}

async function lockCustomer(trx: Tx, id: string): Promise<Customer> {
  const c = await repo.lockCustomer(trx, id);
  if (!c) throw DomainError.one('INVALID', 'This customer does not exist.', ['id']);
  if (c.state === 'ERASED')
    throw DomainError.one(
      'INVALID_TRANSITION',
      "This customer's personal data was erased; their record can't be changed.",
      ['id'],
    );
  return c;
}

export async function customerUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: CustomerCreateRaw,
): Promise<Customer> {
  const before = await lockCustomer(trx, id);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('customer'), ['input', 'version']);
  const pick = <T>(v: T | null | undefined, current: T) => (v === undefined ? current : v);
  const parsed = validate(
    customerSchema,
    {
      email: pick(raw.email, before.email),
      firstName: pick(raw.firstName, before.firstName),
      lastName: pick(raw.lastName, before.lastName),
      phone: pick(raw.phone, before.phone),
      note: pick(raw.note, before.note),
      tags: raw.tags ?? before.tags,
      acceptsMarketing: raw.acceptsMarketing ?? before.acceptsMarketing,
    },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const input = parsed.value;
  const taken = await emailTaken(trx, input.email, id);
  if (taken) throw new DomainError([taken]);
  const after = await repo.updateCustomer(trx, id, customerValues(input));
  await recordAudit(trx, actor, {
    action: 'customer.update',
    subjectType: 'Customer',
    subjectId: id,
    changes: diff(before, after, AUDITED),
  });
  return after;
}

export async function customerSetState(
  trx: Tx,
  actor: Actor,
  id: string,
  state: 'ENABLED' | 'DISABLED',
): Promise<Customer> {
  const before = await lockCustomer(trx, id);
  const after = await repo.updateCustomer(trx, id, { state });
  await recordAudit(trx, actor, {
    action: state === 'DISABLED' ? 'customer.disable' : 'customer.enable',
    subjectType: 'Customer',
    subjectId: id,
    changes: diff(before, after, ['state']),
  });
  return after;
}

/** Adds an address; the first one, or one asked to be, becomes the default. */
export async function customerAddressAdd(
  trx: Tx,
  actor: Actor,
  customerId: string,
  raw: unknown,
  makeDefault: boolean,
): Promise<{ address: CustomerAddress; customer: Customer }> {
  const parsed = validate(addressSchema, raw, ['address']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  let customer = await lockCustomer(trx, customerId);
  const n = await repo.countAddresses(trx, customerId);
  if (n >= MAX_ADDRESSES)
    throw DomainError.one('LIMIT_EXCEEDED', `A customer can have at most ${MAX_ADDRESSES} addresses.`, [
      'address',
    ]);
  const [address] = await repo.insertAddresses(trx, [
    { id: uuidv7(), customerId, position: n, ...addressValues(parsed.value) },
  ]);
  const defaultBefore = customer.defaultAddressId;
  if (makeDefault || !customer.defaultAddressId)
    customer = await repo.updateCustomer(trx, customerId, { defaultAddressId: address!.id });
  await recordAudit(trx, actor, {
    action: 'customer.address_add',
    subjectType: 'Customer',
    subjectId: customerId,
    changes: {
      ...diff(null, address!, ['line1', 'city', 'postalCode', 'countryCode']),
      // Which address, and the default it replaced: what undoing an import's address needs.
      address_id: { before: null, after: address!.id },
      ...diff({ defaultAddressId: defaultBefore }, customer, ['defaultAddressId']),
    },
  });
  return { address: address!, customer };
}

/** An address as compared for equality: text trimmed and case-folded, empty the same as missing. */
function addressKey(
  a: Partial<Record<keyof repo.AddressValues, string | null | undefined>>,
  fields: readonly (keyof repo.AddressValues)[] = ADDRESS_FIELDS,
): string {
  return JSON.stringify(fields.map((f) => (a[f] ?? '').trim().toLowerCase()));
}

/**
 * Whether two addresses are the same by these parts (all by default), compared as the customer's
 * addresses are kept apart: trimmed, case-insensitive, empty the same as missing.
 */
export function sameAddress(
  a: Partial<Record<keyof repo.AddressValues, string | null | undefined>>,
  b: Partial<Record<keyof repo.AddressValues, string | null | undefined>>,
  fields: readonly (keyof repo.AddressValues)[] = ADDRESS_FIELDS,
): boolean {
  return addressKey(a, fields) === addressKey(b, fields);
}

/**
 * Keeps the address an order ships to on its customer (SPEC §4), in the order's transaction: added
 * unless an equal one is there already (fields compared trimmed, case-insensitive, country code in
 * capitals), the first one becoming the default; audited as an address the staff member placing the
 * order added. An address that is not a complete customer address (no street, city or country), an
 * erased customer or one at the address limit keeps what they have. Call it once the customer's
 * row is locked by the order (the figures' update): it takes no lock of its own before that.
 */
export async function customerAddressFromOrder(
  trx: Tx,
  actor: Actor,
  customerId: string,
  shippingAddress: Record<string, unknown> | null | undefined,
  orderName: string,
): Promise<CustomerAddress | null> {
  if (!shippingAddress) return null;
  const parsed = validate(addressSchema, shippingAddress, ['address']);
  if (!parsed.ok) return null;
  const values = addressValues(parsed.value);
  values.countryCode = values.countryCode.toUpperCase();
  const customer = await repo.lockCustomer(trx, customerId);
  if (!customer || customer.state === 'ERASED') return null;
  const existing = await repo.addressesOfCustomers(trx, [customerId]);
  const key = addressKey(values);
  if (existing.some((a) => addressKey(a) === key)) return null;
  if (existing.length >= MAX_ADDRESSES) return null;
  const position = existing.reduce((max, a) => Math.max(max, a.position + 1), 0);
  const [address] = await repo.insertAddresses(trx, [{ id: uuidv7(), customerId, position, ...values }]);
  if (!customer.defaultAddressId) await repo.setDefaultAddressId(trx, customerId, address!.id);
  await recordAudit(trx, actor, {
    action: 'customer.address_add',
    subjectType: 'Customer',
    subjectId: customerId,
    changes: {
      ...diff(null, address!, ['line1', 'city', 'postalCode', 'countryCode']),
      order: { before: null, after: orderName },
    },
  });
  return address!;
}

export async function customerAddressUpdate(
  trx: Tx,
  actor: Actor,
  addressId: string,
  raw: unknown,
): Promise<CustomerAddress> {
  const parsed = validate(addressSchema, raw, ['address']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const before = await repo.findAddress(trx, addressId);
  if (!before) throw DomainError.one('INVALID', 'This address does not exist.', ['id']);
  await lockCustomer(trx, before.customerId);
  const after = await repo.updateAddress(trx, addressId, addressValues(parsed.value));
  await recordAudit(trx, actor, {
    action: 'customer.address_update',
    subjectType: 'Customer',
    subjectId: before.customerId,
    changes: diff(before, after, ADDRESS_FIELDS),
  });
  return after;
}

/** Removes an address; when it was the default, the next one becomes the default. */
export async function customerAddressRemove(trx: Tx, actor: Actor, addressId: string): Promise<Customer> {
  const address = await repo.findAddress(trx, addressId);
  if (!address) throw DomainError.one('INVALID', 'This address does not exist.', ['id']);
  const customer = await lockCustomer(trx, address.customerId);
  await repo.deleteAddress(trx, addressId);
  if (customer.defaultAddressId === addressId) {
    await repo.setDefaultAddressId(trx, customer.id, await repo.firstAddressId(trx, customer.id));
  }
  await recordAudit(trx, actor, {
    action: 'customer.address_remove',
    subjectType: 'Customer',
    subjectId: customer.id,
    changes: diff(address, {}, ['line1', 'city', 'countryCode']),
  });
  return (await repo.findCustomer(trx, customer.id))!;
}

export async function customerSetDefaultAddress(
  trx: Tx,
  actor: Actor,
  customerId: string,
  addressId: string,
): Promise<Customer> {
  const before = await lockCustomer(trx, customerId);
  const address = await repo.findAddress(trx, addressId);
  if (address?.customerId !== customerId)
    throw DomainError.one('INVALID', 'This address is not one of the customer’s.', ['addressId']);
  const after = await repo.updateCustomer(trx, customerId, { defaultAddressId: addressId });
  await recordAudit(trx, actor, {
    action: 'customer.update',
    subjectType: 'Customer',
    subjectId: customerId,
    changes: diff(before, after, ['defaultAddressId']),
  });
  return after;
}

export async function customerCommentAdd(
  trx: Tx,
  actor: Actor,
  customerId: string,
  body: string,
): Promise<{ comment: CustomerComment; customer: Customer }> {
  const text = body.trim();
  if (!text) throw DomainError.one('REQUIRED', 'Write a comment.', ['body']);
  if (text.length > 5000) throw DomainError.one('TOO_LONG', 'Use at most 5,000 characters.', ['body']);
  const customer = await lockCustomer(trx, customerId);
  const comment = await repo.insertComment(trx, {
    id: uuidv7(),
    customerId,
    staffId: actor.viewer?.staffId ?? null,
    staffName: actor.viewer ? actor.viewer.name || actor.viewer.email : null,
    body: text,
  });
  await recordAudit(trx, actor, {
    action: 'customer.comment_add',
    subjectType: 'Customer',
    subjectId: customerId,
  });
  return { comment, customer };
}

export function customerUuid(id: string | number, field = 'id'): string {
  const uuid = decodeIdOf('Customer', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This customer does not exist.', [field]);
  return uuid;
}

/**
 * Erases a customer's personal data everywhere it is stored — the customer, their addresses, staff
 * comments, the copies on their orders (`eraseCopies`), and the before/after values in the audit log — keeping the
 * record, the orders and their totals. Irreversible: the person types the customer's email to confirm.
 */
export async function customerErase(
  trx: Tx,
  actor: Actor,
  id: string,
  confirmation: string,
  /** Erases the copies other modules keep (orders), in this transaction, given the placeholder email. */
  eraseCopies: (placeholderEmail: string) => Promise<void>,
): Promise<Customer> {
  const before = await repo.lockCustomer(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This customer does not exist.', ['id']);
  if (before.state === 'ERASED')
    throw DomainError.one('INVALID_TRANSITION', "This customer's personal data was already erased.", ['id']);
  if (confirmation.trim().toLowerCase() !== before.email.toLowerCase()) {
    throw DomainError.one('INVALID', "Type the customer's email address exactly to confirm.", [
      'confirmation',
    ]);
  }
  const placeholder = `erased-${id.slice(-12)}@erased.invalid`;
  const after = await repo.eraseCustomerData(trx, id, placeholder);
  await eraseCopies(placeholder);
  await redactAudit(trx, 'Customer', id, 'personal data erased');
  await recordAudit(trx, actor, {
    action: 'customer.erase',
    subjectType: 'Customer',
    subjectId: id,
    changes: { state: { before: before.state, after: 'ERASED' } },
  });
  return after;
}
