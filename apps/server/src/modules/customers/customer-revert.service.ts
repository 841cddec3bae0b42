import { DomainError } from '@stockroom/domain';
import type { Revertable } from '../audit/audit.service.js';
import * as repo from './customer.repository.js';
import {
  customerSetDefaultAddress,
  customerSetState,
  customerUpdate,
  type CustomerCreateRaw,
} from './customer.service.js';

/** Column names as events record them → customerUpdate's input names. */
const CONTACT: Record<string, keyof CustomerCreateRaw> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  note: 'note',
  tags: 'tags',
  accepts_marketing: 'acceptsMarketing',
};
const FIELDS = [...Object.keys(CONTACT), 'state', 'default_address_id'];

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
    return Object.fromEntries(FIELDS.map((f) => [f, row[f as keyof typeof row]]));
  },
  async restore(trx, actor, id, before) {
    const contact: CustomerCreateRaw = {};
    for (const [field, value] of Object.entries(before))
      if (field in CONTACT) Object.assign(contact, { [CONTACT[field]!]: value });
    if (Object.keys(contact).length) await customerUpdate(trx, actor, id!, contact);
    const state = before['state'];
    if (state === 'ENABLED' || state === 'DISABLED') await customerSetState(trx, actor, id!, state);
    if ('default_address_id' in before) {
      const addressId = before['default_address_id'];
      const address = typeof addressId === 'string' ? await repo.findAddress(trx, addressId) : null;
      if (address?.customer_id !== id)
        throw DomainError.one(
          'INVALID_TRANSITION',
          'The address that was the default has been removed; choose a default address on the customer instead.',
        );
      await customerSetDefaultAddress(trx, actor, id, address.id);
    }
  },
};
