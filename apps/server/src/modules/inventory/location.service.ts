import { decodeIdOf, looseAddressSchema, MESSAGES, nameSchema, validate, type UserError } from '@stockroom/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.js';
import type { LocationRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';

const locationSchema = z.object({ name: nameSchema, address: looseAddressSchema });
const AUDITED = ['name', 'address', 'active', 'fulfillment_priority'] as const;

export async function locationCreate(db: DB, actor: Actor, raw: { name?: string | null; address?: unknown }): Promise<LocationRow> {
  const parsed = validate(locationSchema, raw, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7726011123)`.execute(trx);
    const taken = await trx.selectFrom('locations').select('id').where(sql<string>`lower(name)`, '=', parsed.value.name.toLowerCase()).executeTakeFirst();
    if (taken) throw UserErrors.one('TAKEN', `There is already a location named ${parsed.value.name}.`, ['input', 'name']);
    const last = await trx.selectFrom('locations').select(sql<number>`coalesce(max(fulfillment_priority), 0)`.as('p')).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('locations')
      .values({ id: uuidv7(), name: parsed.value.name, address: parsed.value.address ? JSON.stringify(parsed.value.address) : null, fulfillment_priority: Number(last.p) + 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'location.create', subjectType: 'Location', subjectId: row.id, changes: diff(null, row, AUDITED) });
    return row;
  });
}

/** Renames, re-addresses, (de)activates. Deactivating is refused while the location holds stock or committed units. */
export async function locationUpdate(
  db: DB,
  actor: Actor,
  id: string,
  raw: { name?: string | null; address?: unknown; active?: boolean | null; version?: number | null },
): Promise<LocationRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('locations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This location does not exist.', ['id']);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('location'), ['input', 'version']);
    const parsed = validate(locationSchema, { name: raw.name ?? before.name, address: raw.address === undefined ? before.address : raw.address }, ['input']);
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    if (parsed.value.name.toLowerCase() !== before.name.toLowerCase()) {
      const taken = await trx.selectFrom('locations').select('id').where(sql<string>`lower(name)`, '=', parsed.value.name.toLowerCase()).where('id', '!=', id).executeTakeFirst();
      if (taken) throw UserErrors.one('TAKEN', `There is already a location named ${parsed.value.name}.`, ['input', 'name']);
    }
    const active = raw.active ?? before.active;
    if (before.active && !active) {
      // Lock the location's levels so stock cannot arrive while we decide.
      const rows = await trx.selectFrom('inventory_levels').select(['on_hand', 'committed']).where('location_id', '=', id).forUpdate().execute();
      const held = rows.reduce((t, r) => ({ onHand: t.onHand + r.on_hand, committed: t.committed + r.committed }), { onHand: 0, committed: 0 });
      const errors: UserError[] = [];
      if (Number(held.onHand) !== 0) errors.push({ field: ['input', 'active'], code: 'HAS_DEPENDENTS', message: `${before.name} still holds ${held.onHand.toLocaleString('en-US')} units; transfer or adjust them to zero first.` });
      if (Number(held.committed) !== 0) errors.push({ field: ['input', 'active'], code: 'HAS_DEPENDENTS', message: `${held.committed.toLocaleString('en-US')} units at ${before.name} are committed to open orders; fulfil or cancel them first.` });
      if (errors.length) throw new UserErrors(errors);
      const others = await trx.selectFrom('locations').select('id').where('active', '=', true).where('id', '!=', id).executeTakeFirst();
      if (!others) throw UserErrors.one('INVALID', 'Keep at least one active location.', ['input', 'active']);
    }
    const after = await trx
      .updateTable('locations')
      .set({ name: parsed.value.name, address: parsed.value.address ? JSON.stringify(parsed.value.address) : null, active, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'location.update', subjectType: 'Location', subjectId: id, changes: diff(before, after, AUDITED) });
    return after;
  });
}

/** Sets fulfillment priority: the given locations first, in that order (orders take stock from the first that can cover). */
export async function locationsReorder(db: DB, actor: Actor, ids: string[]): Promise<LocationRow[]> {
  const uuids = ids.map((id, i) => {
    const uuid = decodeIdOf('Location', id);
    if (!uuid) throw UserErrors.one('INVALID', 'This location does not exist.', ['ids', String(i)]);
    return uuid;
  });
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7726011123)`.execute(trx);
    const current = await trx.selectFrom('locations').selectAll().orderBy('fulfillment_priority').orderBy('id').execute();
    if (uuids.some((u) => !current.some((c) => c.id === u))) throw UserErrors.one('INVALID', 'This location does not exist.', ['ids']);
    const order = [...new Set(uuids), ...current.map((c) => c.id).filter((c) => !uuids.includes(c))];
    for (const [i, id] of order.entries()) await trx.updateTable('locations').set({ fulfillment_priority: i + 1 }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'location.reorder',
      subjectType: null,
      subjectId: null,
      changes: { priority: { before: current.map((c) => c.name), after: order.map((id) => current.find((c) => c.id === id)!.name) } },
    });
    return trx.selectFrom('locations').selectAll().orderBy('fulfillment_priority').orderBy('id').execute();
  });
}
