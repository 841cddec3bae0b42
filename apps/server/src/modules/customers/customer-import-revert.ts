import { DomainError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';
import { diff, laterEventOf, recordAudit } from '../audit/audit.service.js';
import type { Customer } from './customer.model.js';
import * as repo from './customer.repository.js';
import { customerAddressRemove, customerSetDefaultAddress } from './customer.service.js';

/* How the customers importer undoes what its apply wrote (issue #29, jobRevert). */

function named(event: AuditEvent, customer: Customer | null): string {
  const email = event.changes['email']?.after;
  return customer?.email ?? (typeof email === 'string' ? email : 'This customer');
}

/** The jobs whose own events don't count as a change since: the import's, and the revert's. */
function ownJobs(event: AuditEvent, actor: Actor): string[] {
  return [event.jobId, actor.jobId].filter((j): j is string => Boolean(j));
}

export async function revertCreate(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const id = event.subjectId;
  const customer = id ? await repo.lockCustomer(trx, id) : null;
  if (!id || !customer)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${named(event, null)} no longer exists; there is nothing to undo.`,
    );
  if (customer.state === 'ERASED')
    throw DomainError.one(
      'INVALID_TRANSITION',
      "This customer's personal data was erased since the import; the record is kept.",
    );
  const later = await laterEventOf(trx, event, ownJobs(event, actor));
  if (later)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${customer.email} was changed since the import${later.actorName ? ` by ${later.actorName}` : ''}; the customer is kept.`,
    );
  if (customer.ordersCount > 0 || (await repo.customerHasOrders(trx, id)))
    throw DomainError.one(
      'HAS_DEPENDENTS',
      `${customer.email} has orders since the import; the customer is kept.`,
    );
  await repo.deleteImportedCustomer(trx, id);
  await recordAudit(trx, actor, {
    action: 'customer.delete',
    subjectType: 'Customer',
    subjectId: id,
    changes: diff(customer, {}, [
      'email',
      'firstName',
      'lastName',
      'phone',
      'note',
      'tags',
      'acceptsMarketing',
    ]),
  });
}

export async function revertAddressAdd(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const addressId = event.changes['address_id']?.after;
  const customerId = event.subjectId;
  const customer = customerId ? await repo.lockCustomer(trx, customerId) : null;
  const address = typeof addressId === 'string' ? await repo.findAddress(trx, addressId) : null;
  const line = [event.changes['line1']?.after, event.changes['city']?.after].filter(Boolean).join(', ');
  if (!customer || !address || address.customerId !== customer.id)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `The address ${line} the import added was removed since; there is nothing to undo.`,
    );
  if (new Date(address.updatedAt).getTime() > new Date(address.createdAt).getTime())
    throw DomainError.one(
      'INVALID_TRANSITION',
      `The address ${line} of ${customer.email} was edited since the import; it is kept.`,
    );
  const wasDefault = customer.defaultAddressId === address.id;
  const after = await customerAddressRemove(trx, actor, address.id);
  // The default it replaced comes back (removing a default otherwise makes the first address the default).
  const previous = event.changes['default_address_id']?.before;
  if (wasDefault && typeof previous === 'string' && after.defaultAddressId !== previous) {
    const old = await repo.findAddress(trx, previous);
    if (old?.customerId === customer.id) await customerSetDefaultAddress(trx, actor, customer.id, old.id);
  }
}
