import { addressSchema, customerSchema, DomainError, validate, type UserError } from '@stockroom/domain';
import type {
  CsvRecord,
  ImportContext,
  ImportFieldChange,
  Importer,
  ImportRowProblem,
  ImportRowResult,
} from '../jobs/import.model.js';
import type { Customer, CustomerAddress } from './customer.model.js';
import * as repo from './customer.repository.js';
import {
  customerAddressAdd,
  customerCreate,
  customerUpdate,
  MAX_ADDRESSES,
  sameAddress,
  type CustomerCreateRaw,
} from './customer.service.js';
import {
  type Field,
  COLUMNS,
  CONTACT,
  type ContactField,
  ADDRESS,
  unguard,
  headerOf,
  columns,
  headerProblems,
} from './customer-import-columns.js';
import { revertCreate, revertAddressAdd } from './customer-import-revert.js';

export { unguard };

/**
 * Issue #29: Shopify's customer CSV into customers. Its columns are the customers export's
 * (customer-export.service.ts), so an export imported again changes nothing; Shopify's newer names
 * ("Accepts Email Marketing", "Default Address City"…) are read as the same columns. A row finds its
 * customer by email (case-insensitive); it creates or updates them through the customers service
 * (the form's rules and audit events) and adds its address as the new default only when it differs
 * from every address the customer has.
 */

type Contact = Pick<Customer, ContactField>;
type AddressRaw = Record<string, string | null>;

/** What a row says, read from its cells (no database yet). */
interface Parsed {
  row: number;
  email: string;
  /** The contact fields whose columns are in the file (`undefined`: keep). */
  contact: Partial<Record<ContactField, unknown>>;
  /** The address its cells write, or null when every address cell is empty. */
  address: AddressRaw | null;
  /** Non-empty personal cells (an erased customer's row must have none). */
  personal: boolean;
  problems: ImportRowProblem[];
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

function parse(record: CsvRecord, headers: Map<Field, string>): Parsed {
  const cell = (f: Field): string | undefined => {
    const h = headers.get(f);
    return h === undefined ? undefined : unguard((record.cells[h] ?? '').trim());
  };
  const problems: ImportRowProblem[] = [];
  const contact: Parsed['contact'] = {};
  for (const f of ['firstName', 'lastName', 'phone', 'note'] as const) {
    const v = cell(f);
    if (v !== undefined) contact[f] = v || null;
  }
  const tags = cell('tags');
  if (tags !== undefined)
    contact.tags = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const accepts = cell('acceptsMarketing');
  if (accepts) {
    if (YES.has(accepts.toLowerCase())) contact.acceptsMarketing = true;
    else if (NO.has(accepts.toLowerCase())) contact.acceptsMarketing = false;
    else
      problems.push({
        column: headers.get('acceptsMarketing')!,
        code: 'INVALID',
        message: `Write yes or no, not “${accepts}”.`,
      });
  }
  const parts = Object.fromEntries(ADDRESS.map((f) => [f, cell(f) || null]));
  const address: AddressRaw | null = ADDRESS.some((f) => parts[f])
    ? {
        firstName: (contact.firstName as string | null | undefined) ?? null,
        lastName: (contact.lastName as string | null | undefined) ?? null,
        company: parts['company'] ?? null,
        line1: parts['line1'] ?? null,
        line2: parts['line2'] ?? null,
        city: parts['city'] ?? null,
        region: parts['province'] ?? parts['provinceCode'] ?? null,
        postalCode: parts['zip'] ?? null,
        countryCode: parts['countryCode'] ?? null,
        phone: parts['addressPhone'] ?? null,
      }
    : null;
  const personal =
    Boolean(address) ||
    CONTACT.some((f) => {
      const v = contact[f];
      return Array.isArray(v) ? v.length > 0 : Boolean(v);
    });
  return { row: record.row, email: cell('email') ?? '', contact, address, personal, problems };
}

const FIELD_COLUMN: Record<string, Field> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  phone: 'phone',
  note: 'note',
  tags: 'tags',
  acceptsMarketing: 'acceptsMarketing',
};
const ADDRESS_COLUMN: Record<string, Field> = {
  company: 'company',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  region: 'province',
  postalCode: 'zip',
  countryCode: 'countryCode',
  phone: 'addressPhone',
};

/** A service's or a schema's userErrors as report problems, each on the file's column it is about. */
function problemsOf(errors: readonly UserError[], headers: Map<Field, string>): ImportRowProblem[] {
  return errors.map((e) => {
    const path = e.field ?? [];
    const inAddress = path.includes('address') || path.includes('addresses');
    const map = inAddress ? ADDRESS_COLUMN : FIELD_COLUMN;
    const key = path.find((p) => p in map);
    let field = key ? map[key]! : null;
    if (field === 'province' && !headers.has('province')) field = 'provinceCode';
    const column = field ? (headers.get(field) ?? defaultName(field)) : null;
    return { column, code: e.code, message: e.message };
  });
}

function defaultName(field: Field): string {
  return COLUMNS.find((c) => c.field === field)!.name;
}

const text = (v: string | boolean | readonly string[] | null | undefined): string | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'boolean'
      ? v
        ? 'yes'
        : 'no'
      : typeof v === 'string'
        ? v || null
        : v.join(', ') || null;

function addressText(a: Partial<repo.AddressValues> | null | undefined): string | null {
  if (!a) return null;
  return (
    [a.company, a.line1, a.line2, a.city, a.region, a.postalCode, a.countryCode].filter(Boolean).join(', ') ||
    null
  );
}

/** The address parts a file compares by: what it carries (the address phone only with its column). */
function comparedParts(headers: Map<Field, string>) {
  const parts: (keyof repo.AddressValues)[] = [
    'company',
    'line1',
    'line2',
    'city',
    'region',
    'postalCode',
    'countryCode',
  ];
  if (headers.has('addressPhone')) parts.push('phone');
  return parts;
}

function result(
  p: Parsed,
  outcome: ImportRowResult['outcome'],
  extra: Partial<ImportRowResult> = {},
): ImportRowResult {
  return {
    row: p.row,
    outcome,
    subject: p.email || null,
    subjectType: 'Customer',
    subjectId: null,
    changes: [],
    problems: [],
    ...extra,
  };
}

async function run(ctx: ImportContext, records: CsvRecord[]): Promise<ImportRowResult[]> {
  const headers = headerOf(ctx.headers);
  const parsed = records.map((r) => parse(r, headers));

  // The email first: a row without a valid one can't be matched. A row with a valid email claims it
  // even when its other cells have problems, so a duplicate is reported beside them.
  const keyed: Parsed[] = [];
  for (const p of parsed) {
    const checked = validate(customerSchema.pick({ email: true }), { email: p.email }, ['input']);
    if (checked.ok) keyed.push(p);
    else p.problems.push(...problemsOf(checked.errors, headers));
  }
  const claimed = await ctx.claimKeys(
    keyed.map((p) => ({ key: `email:${p.email.toLowerCase()}`, row: p.row })),
  );
  for (const p of keyed) {
    const first = claimed.get(`email:${p.email.toLowerCase()}`);
    if (first !== undefined && first !== p.row)
      p.problems.push({
        column: headers.get('email') ?? 'Email',
        code: 'TAKEN',
        message: `${p.email} is already on row ${first} of this file; a customer can be on one row only.`,
      });
  }

  const live = parsed.filter((p) => !p.problems.length);
  const found = await repo.customersWithEmails(
    ctx.trx,
    live.map((p) => p.email),
  );
  const byEmail = new Map(found.map((c) => [c.email.toLowerCase(), c]));
  const addresses = await repo.addressesOfCustomers(
    ctx.trx,
    found.map((c) => c.id),
  );
  const addressesOf = new Map<string, CustomerAddress[]>();
  for (const a of addresses) addressesOf.set(a.customerId, [...(addressesOf.get(a.customerId) ?? []), a]);
  const parts = comparedParts(headers);

  const results: ImportRowResult[] = [];
  for (const p of parsed) {
    if (p.problems.length) {
      results.push(result(p, 'ERROR', { problems: allProblems(p, headers) }));
      continue;
    }
    const customer = byEmail.get(p.email.toLowerCase()) ?? null;
    results.push(
      customer
        ? await update(ctx, p, customer, addressesOf.get(customer.id) ?? [], headers, parts)
        : await create(ctx, p, headers),
    );
  }
  return results;
}

/**
 * Every problem of a row already in error: its own (cells, email, a duplicate) and what the form's
 * rules say of its other cells, each column's problem once, so the merchant fixes the row in one go.
 */
function allProblems(p: Parsed, headers: Map<Field, string>): ImportRowProblem[] {
  const raw = { email: p.email, ...(p.contact as CustomerCreateRaw), addresses: [] };
  const checked = validate(customerSchema, raw, ['input']);
  const more = [
    ...(checked.ok ? [] : problemsOf(checked.errors, headers)),
    ...checkAddress(p, headers).problems,
  ];
  const seen = new Set(p.problems.map((x) => x.column));
  return [...p.problems, ...more.filter((x) => !seen.has(x.column))];
}

/** Checks the row's address by the form's rules; its problems, or the address as it would be kept. */
function checkAddress(p: Parsed, headers: Map<Field, string>) {
  if (!p.address) return { problems: [], value: null };
  const checked = validate(addressSchema, p.address, ['address']);
  if (checked.ok) return { problems: [], value: checked.value };
  return { problems: problemsOf(checked.errors, headers), value: null };
}

async function create(ctx: ImportContext, p: Parsed, headers: Map<Field, string>): Promise<ImportRowResult> {
  const raw: CustomerCreateRaw = {
    email: p.email,
    ...(p.contact as CustomerCreateRaw),
    addresses: p.address ? [p.address] : [],
  };
  const checked = validate(customerSchema, raw, ['input']);
  const address = checkAddress(p, headers);
  const problems = [...(checked.ok ? [] : problemsOf(checked.errors, headers)), ...address.problems];
  if (!checked.ok || problems.length) return result(p, 'ERROR', { problems });
  const v = checked.value;
  const changes: ImportFieldChange[] = [
    { field: headers.get('email') ?? 'Email', before: null, after: v.email },
    ...CONTACT.filter(
      (f) => headers.has(f) && text(v[f]) !== null && !(f === 'acceptsMarketing' && !v[f]),
    ).map((f) => ({ field: headers.get(f)!, before: null, after: text(v[f]) })),
  ];
  if (address.value) changes.push({ field: 'Address', before: null, after: addressText(address.value) });
  if (ctx.mode === 'DRY_RUN') return result(p, 'CREATED', { changes });
  const done = await ctx.isolated(() => customerCreate(ctx.trx, ctx.actor, raw));
  if (!done.ok) return failed(p, done.error, headers);
  return result(p, 'CREATED', {
    subject: done.value.email,
    subjectId: done.value.id,
    changes,
  });
}

function failed(p: Parsed, error: Error, headers: Map<Field, string>): ImportRowResult {
  if (error instanceof DomainError)
    return result(p, 'ERROR', { problems: problemsOf(error.errors, headers) });
  throw error;
}

async function update(
  ctx: ImportContext,
  p: Parsed,
  customer: Customer,
  addresses: CustomerAddress[],
  headers: Map<Field, string>,
  parts: (keyof repo.AddressValues)[],
): Promise<ImportRowResult> {
  const subject = { subject: customer.email, subjectId: customer.id };
  if (customer.state === 'ERASED') {
    // The export writes an erased customer's placeholder email and nothing personal: that row is as it was.
    if (!p.personal && p.contact.acceptsMarketing !== true) return result(p, 'UNCHANGED', subject);
    return result(p, 'ERROR', {
      ...subject,
      problems: [
        {
          column: headers.get('email') ?? 'Email',
          code: 'INVALID_TRANSITION',
          message: "This customer's personal data was erased; their record can't be imported into.",
        },
      ],
    });
  }
  const merged: Contact = { ...pickContact(customer), ...(p.contact as Partial<Contact>) };
  const checked = validate(customerSchema, { email: customer.email, ...merged }, ['input']);
  const address = checkAddress(p, headers);
  const problems = [...(checked.ok ? [] : problemsOf(checked.errors, headers)), ...address.problems];
  if (!checked.ok || problems.length) return result(p, 'ERROR', { ...subject, problems });
  const v = checked.value;
  const changed = CONTACT.filter((f) => JSON.stringify(v[f]) !== JSON.stringify(customer[f]));
  const changes: ImportFieldChange[] = changed.map((f) => ({
    field: headers.get(f)!,
    before: text(customer[f]),
    after: text(v[f]),
  }));
  const newAddress =
    address.value && !addresses.some((a) => sameAddress(a, address.value, parts)) ? address.value : null;
  if (newAddress) {
    if (addresses.length >= MAX_ADDRESSES)
      return result(p, 'ERROR', {
        ...subject,
        problems: [
          {
            column: headers.get('line1') ?? null,
            code: 'LIMIT_EXCEEDED',
            message: `This customer has ${MAX_ADDRESSES} addresses already, the most one can have; remove one to add this address.`,
          },
        ],
      });
    const current = addresses.find((a) => a.id === customer.defaultAddressId) ?? null;
    changes.push({ field: 'Address', before: addressText(current), after: addressText(newAddress) });
  }
  if (!changes.length) return result(p, 'UNCHANGED', subject);
  if (ctx.mode === 'DRY_RUN') return result(p, 'UPDATED', { ...subject, changes });
  const done = await ctx.isolated(async () => {
    if (changed.length)
      await customerUpdate(ctx.trx, ctx.actor, customer.id, {
        ...Object.fromEntries(changed.map((f) => [f, v[f]])),
        version: customer.version,
      });
    if (newAddress) await customerAddressAdd(ctx.trx, ctx.actor, customer.id, p.address, true);
  });
  if (!done.ok) return { ...failed(p, done.error, headers), ...subject };
  return result(p, 'UPDATED', { ...subject, changes });
}

function pickContact(c: Customer): Contact {
  return Object.fromEntries(CONTACT.map((f) => [f, c[f]])) as Contact;
}

export const customerImporter: Importer = {
  kind: 'CUSTOMERS',
  columns: () => Promise.resolve(columns()),
  checkHeader: (_trx, headers) => Promise.resolve(headerProblems(headers)),
  run,
  reverters: {
    'customer.create': revertCreate,
    'customer.address_add': revertAddressAdd,
  },
};
