import { countryName, DomainError, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AddressJson } from '../../db/columns.js';
import type { Customer } from '../customers/customer.model.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { customerCreate } from '../customers/customer.service.js';
import { applicableShippingRates } from '../shipping/shipping.service.js';
import { customerWithEmail, findCustomerForOrder, variantsForSale } from './order-context.repository.js';
import { nameOnAddress, type OrderCreateParsed } from './order-create-input.js';

/** What orderCreate checks against the database: the variants sold, the customer, the shipping rate. */

/** Variants with their products, in input order; reports unknown variants and unsellable products. */
export async function sellableVariants(trx: Tx, lines: OrderCreateParsed['lines'], errors: UserError[]) {
  const ids = lines.map((l) => l.variantId);
  const variants = new Map((await variantsForSale(trx, ids)).map((v) => [v.id, v]));
  const found = [];
  for (const line of lines) {
    const field = ['input', 'lines', String(line.index), 'variantId'];
    const variant = variants.get(line.variantId);
    if (!variant) {
      errors.push({ code: 'INVALID', message: "This variant doesn't exist.", field });
      continue;
    }
    if (variant.productStatus !== 'ACTIVE') {
      const what = variant.productStatus === 'ARCHIVED' ? 'is archived' : 'is a draft';
      errors.push({ code: 'INVALID', message: `${variant.productTitle} ${what} and can't be sold.`, field });
      continue;
    }
    found.push({ variant, quantity: line.quantity, index: line.index, override: line.override ?? null });
  }
  return found;
}

export async function existingCustomer(trx: Tx, id: string, errors: UserError[]): Promise<Customer | null> {
  const customer = await findCustomerForOrder(trx, id);
  const field = ['input', 'customerId'];
  if (!customer) errors.push({ code: 'INVALID', message: "This customer doesn't exist.", field });
  else if (customer.state === 'ERASED')
    errors.push({
      code: 'INVALID',
      message: "This customer's data was erased; they can't place orders.",
      field,
    });
  else if (customer.state === 'DISABLED')
    errors.push({ code: 'INVALID', message: 'This customer is disabled; enable them first.', field });
  return customer;
}

/**
 * The customer with this email (emails are unique regardless of case), or a new one named as on
 * the order's address. The email is locked first, so concurrent orders from a new address make one
 * customer, not a TAKEN error.
 */
export async function customerByEmail(trx: Tx, actor: Actor, input: OrderCreateParsed): Promise<Customer> {
  const email = input.email!;
  await lockUniqueValues(trx, 'customer-email', [email]);
  const customer = await customerWithEmail(trx, email);
  if (customer) {
    if (customer.state === 'DISABLED')
      throw DomainError.one('INVALID', 'The customer with this email is disabled; enable them first.', [
        'input',
        'email',
      ]);
    return customer;
  }
  const address = input.shippingAddress ?? input.billingAddress;
  return customerCreate(trx, actor, {
    email,
    firstName: address?.firstName ?? null,
    lastName: address?.lastName ?? null,
    phone: input.phone,
    addresses: address ? [address] : [],
  });
}

/** The chosen rate when it applies to the shipping country and subtotal (SPEC §3 ShippingRate). */
export async function chosenRate(trx: Tx, input: OrderCreateParsed, subtotal: number) {
  if (input.customShipping)
    return { rateId: null, name: input.customShipping.title, price: input.customShipping.price };
  if (!input.shippingRateId) return null;
  const country = input.shippingAddress?.countryCode;
  if (!country)
    throw DomainError.one('REQUIRED', 'Enter the shipping address to ship with a rate.', [
      'input',
      'shippingAddress',
    ]);
  const rates = await applicableShippingRates(trx, country, subtotal);
  const match = rates.find((r) => r.rate.id === input.shippingRateId);
  if (!match)
    throw DomainError.one(
      'INVALID',
      `This shipping rate doesn't apply to orders to ${countryName(country)} of this subtotal.`,
      ['input', 'shippingRateId'],
    );
  return { rateId: match.rate.id, name: match.rate.name, price: match.price };
}

export function customerName(customer: Customer | null, ...addresses: (AddressJson | null)[]): string | null {
  if (customer?.state === 'ENABLED') {
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
    if (name) return name;
  }
  for (const a of addresses) {
    const name = nameOnAddress(a);
    if (name) return name;
  }
  return null;
}
