import { DomainError } from '@stockroom/domain';
import { eventField, type Revertable } from '../audit/audit.service.js';
import type { Customer } from './customer.model.js';
import * as repo from './customer.repository.js';
import {
  customerSetDefaultAddress,
  customerSetState,
  customerUpdate,
  type CustomerCreateRaw,
} from './customer.service.js';

const CONTACT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'note',
  'tags',
  'acceptsMarketing',
] as const satisfies readonly (keyof Customer & keyof CustomerCreateRaw)[];
/** The names events record (see eventField) → customerUpdate's input names. */
const CONTACT = new Map<string, keyof CustomerCreateRaw>(CONTACT_FIELDS.map((f) => [eventField(f), f]));
const FIELDS = [...CONTACT_FIELDS, 'state', 'defaultAddressId'] as const;

export const customerRevertable: Revertable = {
  noun: 'customer',
  permission: 'CUSTOMERS_WRITE',
  async current(trx, id) {
    const row = id ? await repo.lockCustomer(trx, id) : null;
    if (!row) return null;
    if (row.state === 'ERASED')
      throw DomainError.one(
        'INVALID_TRANSITION',
        "This customer's personal data was erased; their record can't be changed.",
      );
    return Object.fromEntries(FIELDS.map((f) => [eventField(f), row[f]]));
  },
  async restore(trx, actor, id, before) {
    const contact: CustomerCreateRaw = {};
    for (const [field, value] of Object.entries(before))
      if (CONTACT.has(field)) Object.assign(contact, { [CONTACT.get(field)!]: value });
    if (Object.keys(contact).length) await customerUpdate(trx, actor, id!, contact);
    const state = before['state'];
    if (state === 'ENABLED' || state === 'DISABLED') await customerSetState(trx, actor, id!, state);
    if ('default_address_id' in before) {
      const addressId = before['default_address_id'];
      const address = typeof addressId === 'string' ? await repo.findAddress(trx, addressId) : null;
      if (address?.customerId !== id)
        throw DomainError.one(
          'INVALID_TRANSITION',
          'The address that was the default has been removed; choose a default address on the customer instead.',
        );
      await customerSetDefaultAddress(trx, actor, id, address.id);
    }
  },
};
