import {
  decodeIdOf,
  looseAddressSchema,
  MESSAGES,
  nameSchema,
  validate,
  type UserError,
} from '@stockroom/domain';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/database.js';
import type { Location } from './inventory.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { diff, recordAudit } from '../audit/audit.service.js';
import {
  findLocation,
  insertLocation,
  listLocations,
  locationNameTaken,
  findLocationsByIds,
  lockLocationWrites,
  maxFulfillmentPriority,
  otherActiveLocationExists,
  setFulfillmentPriority,
  updateLocation,
} from './location.repository.js';
import { deleteUnusedLevelsAt, ensureLevelsAtLocation, levelTotalsAtLocation } from './level.repository.js';

/** Locations by id, for other modules (a refund's restock location, say); missing ids are left out. */
export function locationsByIds(db: Executor, ids: readonly string[]): Promise<Location[]> {
  return findLocationsByIds(db, ids);
}

const locationSchema = z.object({ name: nameSchema, address: looseAddressSchema });
const AUDITED = ['name', 'address', 'active', 'fulfillmentPriority'] as const;

export async function locationCreate(
  trx: Tx,
  actor: Actor,
  raw: { name?: string | null; address?: unknown },
): Promise<Location> {
  const parsed = validate(locationSchema, raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  await lockLocationWrites(trx);
  if (await locationNameTaken(trx, parsed.value.name)) {
    throw DomainError.one('TAKEN', `There is already a location named ${parsed.value.name}.`, [
      'input',
      'name',
    ]);
  }
  const row = await insertLocation(trx, {
    name: parsed.value.name,
    address: parsed.value.address ?? null,
    fulfillmentPriority: (await maxFulfillmentPriority(trx)) + 1,
  });
  // Every tracked variant can be stocked here at once: its level exists, at zero.
  await ensureLevelsAtLocation(trx, row.id);
  await recordAudit(trx, actor, {
    action: 'location.create',
    subjectType: 'Location',
    subjectId: row.id,
    changes: diff(null, row, AUDITED),
  });
  return row;
}

/** Renames, re-addresses, (de)activates. Deactivating is refused while the location holds stock or committed units. */
export async function locationUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: { name?: string | null; address?: unknown; active?: boolean | null; version?: number | null },
): Promise<Location> {
  const before = await findLocation(trx, id, { forUpdate: true });
  if (!before) throw DomainError.one('INVALID', 'This location does not exist.', ['id']);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('location'), ['input', 'version']);
  const parsed = validate(
    locationSchema,
    { name: raw.name ?? before.name, address: raw.address === undefined ? before.address : raw.address },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  if (
    parsed.value.name.toLowerCase() !== before.name.toLowerCase() &&
    (await locationNameTaken(trx, parsed.value.name, id))
  ) {
    throw DomainError.one('TAKEN', `There is already a location named ${parsed.value.name}.`, [
      'input',
      'name',
    ]);
  }
  const active = raw.active ?? before.active;
  if (before.active && !active) await assertCanDeactivate(trx, before);
  const after = await updateLocation(trx, id, {
    name: parsed.value.name,
    address: parsed.value.address ?? null,
    active,
  });
  // A reopened location can take stock of every tracked variant again; a closed one keeps only the
  // levels with a history (the empty ones would be rows of zeros in Inventory).
  if (active && !before.active) await ensureLevelsAtLocation(trx, id);
  if (!active && before.active) await deleteUnusedLevelsAt(trx, id);
  await recordAudit(trx, actor, {
    action: 'location.update',
    subjectType: 'Location',
    subjectId: id,
    changes: diff(before, after, AUDITED),
  });
  return after;
}

async function assertCanDeactivate(trx: Tx, location: Location): Promise<void> {
  // Locks the location's levels so stock cannot arrive while we decide.
  const held = await levelTotalsAtLocation(trx, location.id, { forUpdate: true });
  const errors: UserError[] = [];
  if (held.onHand !== 0) {
    errors.push({
      field: ['input', 'active'],
      code: 'HAS_DEPENDENTS',
      message: `${location.name} still holds ${held.onHand.toLocaleString('en-US')} units; transfer or adjust them to zero first.`,
    });
  }
  if (held.committed !== 0) {
    errors.push({
      field: ['input', 'active'],
      code: 'HAS_DEPENDENTS',
      message: `${held.committed.toLocaleString('en-US')} units at ${location.name} are committed to open orders; fulfil or cancel them first.`,
    });
  }
  if (errors.length) throw new DomainError(errors);
  if (!(await otherActiveLocationExists(trx, location.id)))
    throw DomainError.one('INVALID', 'Keep at least one active location.', ['input', 'active']);
}

/** Sets fulfillment priority: the given locations first, in that order (orders take stock from the first that can cover). */
export async function locationsReorder(trx: Tx, actor: Actor, ids: string[]): Promise<Location[]> {
  const uuids = ids.map((id, i) => {
    const uuid = decodeIdOf('Location', id);
    if (!uuid) throw DomainError.one('INVALID', 'This location does not exist.', ['ids', String(i)]);
    return uuid;
  });
  await lockLocationWrites(trx);
  const current = await listLocations(trx);
  if (uuids.some((u) => !current.some((c) => c.id === u)))
    throw DomainError.one('INVALID', 'This location does not exist.', ['ids']);
  const order = [...new Set(uuids), ...current.map((c) => c.id).filter((c) => !uuids.includes(c))];
  for (const [i, id] of order.entries()) await setFulfillmentPriority(trx, id, i + 1);
  await recordAudit(trx, actor, {
    action: 'location.reorder',
    subjectType: null,
    subjectId: null,
    changes: {
      priority: {
        before: current.map((c) => c.name),
        after: order.map((id) => current.find((c) => c.id === id)!.name),
      },
    },
  });
  return listLocations(trx);
}
