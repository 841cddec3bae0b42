import { BUILT_IN_ROLES } from '@stockroom/domain';
import { seedEmailMessages } from './notifications.js';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { Config } from '../config.js';
import { seedCatalog } from './catalog.js';
import { seedInventory } from './inventory.js';
import { refreshAllProductsAvailable } from '../modules/catalog/product.repository.js';
import { seedCustomers, seedShippingAndTaxes } from './customers.js';
import { seedOrders } from './orders.js';
import { seedDraftsAndRefunds } from './drafts-refunds.js';
import { seedDiscounts } from './discounts.js';
import { seedReturns } from './returns.js';
import { seedExchanges } from './exchanges.js';
import { seedOrderEdits } from './order-edits.js';
import { seedDocuments } from './documents.js';
import { BACKFILL_TAX_RATES } from '../db/migrations/2026-12-04-320-order-edits.js';
import { SYSTEM_ACTOR } from '../actor.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { listLocations, insertLocation } from '../modules/inventory/location.repository.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { hashPassword } from '../modules/staff/password.js';
import { findRoleByKey, findStaffByEmail, insertStaff } from '../modules/staff/staff.repository.js';
import { uuidv7 } from '../lib/uuid.js';
import { createRandom } from './random.js';

export const SCALES = ['small', 'medium', 'large'] as const;
export type Scale = (typeof SCALES)[number];

export interface SeededStaff {
  email: string;
  name: string;
  role: string;
  password: string;
}

const PEOPLE: Record<string, string> = {
  administrator: 'Maya Okafor',
  'catalog-manager': 'Liam Chen',
  fulfillment: 'Sofia Alvarez',
  support: 'Noah Williams',
  analyst: 'Ava Schmidt',
};

const LOCATIONS = [
  {
    name: 'Main warehouse',
    city: 'Columbus',
    region: 'OH',
    postalCode: '43215',
    line1: '1200 Logistics Pkwy',
  },
  {
    name: 'Downtown store',
    city: 'Portland',
    region: 'OR',
    postalCode: '97205',
    line1: '415 SW Morrison St',
  },
  { name: 'East fulfillment center', city: 'Newark', region: 'NJ', postalCode: '07114', line1: '88 Port St' },
];

/**
 * The demo store. Deterministic: the same scale gives the same data (passwords included), so
 * screenshots, docs and benchmarks agree. Idempotent: what exists already is left alone.
 * Later areas add their entities here, scaled by `scale`.
 */
export async function seed(
  db: DB,
  config: Config,
  scale: Scale,
  log: Logger,
  options: { products?: number } = {},
): Promise<{ staff: SeededStaff[] }> {
  const random = createRandom(20261121);
  const word = () =>
    random.pick([
      'amber',
      'birch',
      'cedar',
      'delta',
      'ember',
      'fjord',
      'garnet',
      'harbor',
      'indigo',
      'juniper',
    ]);

  await db
    .updateTable('store_settings')
    .set({
      name: 'Northwind Outfitters',
      contact_email: 'hello@northwind-outfitters.example',
      address: JSON.stringify({
        line1: '1200 Logistics Pkwy',
        city: 'Columbus',
        region: 'OH',
        postalCode: '43215',
        countryCode: 'US',
      }),
      timezone: 'America/New_York',
    })
    .where('id', '=', 1)
    .where('name', '=', 'My store')
    .execute();

  if ((await listLocations(db)).length === 0) {
    for (const [i, l] of LOCATIONS.entries()) {
      await inTransaction(db, async (trx) => {
        const location = await insertLocation(trx, {
          name: l.name,
          address: {
            line1: l.line1,
            city: l.city,
            region: l.region,
            postalCode: l.postalCode,
            countryCode: 'US',
          },
          fulfillmentPriority: i + 1,
        });
        await recordAudit(trx, SYSTEM_ACTOR, {
          action: 'location.create',
          subjectType: 'Location',
          subjectId: location.id,
          changes: { name: { before: null, after: l.name } },
        });
      });
    }
  }

  const staff: SeededStaff[] = [];
  for (const role of BUILT_IN_ROLES) {
    const name = PEOPLE[role.key] ?? role.name;
    const email = `${name.split(' ')[0]!.toLowerCase()}@northwind-outfitters.example`;
    const password = `${word()}-${word()}-${word()}-${random.int(10, 99)}`;
    staff.push({ email, name, role: role.name, password });
    if (await findStaffByEmail(db, email)) continue;
    const roleRow = await findRoleByKey(db, role.key);
    const passwordHash = await hashPassword(password);
    await inTransaction(db, async (trx) => {
      const row = await insertStaff(
        trx,
        { id: uuidv7(), email, name, passwordHash, state: 'ACTIVE' },
        roleRow ? [roleRow.id] : [],
      );
      await recordAudit(trx, SYSTEM_ACTOR, {
        action: 'staff.create',
        subjectType: 'Staff',
        subjectId: row.id,
        changes: { email: { before: null, after: email }, roles: { before: null, after: [role.name] } },
      });
    });
  }
  await seedCatalog(db, config, scale, createRandom(20261122), log, options.products);
  await seedInventory(db, createRandom(20261123), log);
  await seedCustomers(db, scale, createRandom(20261124), log);
  await seedShippingAndTaxes(db);
  await seedOrders(db, scale, 20261125, log);
  await seedDraftsAndRefunds(db, createRandom(20261126), log);
  await seedReturns(db, scale, createRandom(20261128), log);
  await seedExchanges(db, createRandom(20261129), log);
  // The demo's orders are written directly: they get the rate they were placed at as migration 320
  // gives it to orders placed before it (an edit taxes new lines at it).
  for (const statement of BACKFILL_TAX_RATES) await sql.raw(statement).execute(db);
  await seedOrderEdits(db, log);
  await seedDocuments(db, log);
  await seedDiscounts(db, createRandom(20261127), log);
  await seedEmailMessages(db, config, log);
  // The seed writes levels directly (and settles them from the orders' ledger): the products' units
  // available, which commands keep as they go, are counted once here.
  await refreshAllProductsAvailable(db);
  // A fresh bulk load leaves the planner without statistics and the GIN search indexes with long
  // pending lists (a free-text search read 8x slower until merged); settle both now rather than at
  // the first slow query.
  await sql`vacuum analyze`.execute(db);
  log.info({ scale, staff: staff.length, locations: LOCATIONS.length }, 'demo store seeded');
  return { staff };
}
