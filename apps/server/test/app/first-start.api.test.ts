import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startApp } from '../../src/app/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { sql } from 'kysely';
import { Client } from '../helpers.js';

const quiet = createLogger('silent');

/** How long a test that loads the demo store may take (it does the work of `npm start`). */
const DEMO_STORE_MS = 180_000;
describe('first start on the embedded database', () => {
  it(
    'creates the owner with a generated password, loads the demo store once, and keeps data across restarts',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-first-'));
      const config = loadConfig({
        STOCKROOM_DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      });
      const first = await startApp(config, quiet);
      let ownerPassword: string;
      try {
        expect(first.owner).toMatchObject({ email: 'owner@example.com', generated: true });
        ownerPassword = first.owner!.password;
        expect(ownerPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
        expect(first.demoStaff?.map((s) => s.role)).toEqual([
          'Administrator',
          'Catalog manager',
          'Fulfillment',
          'Support',
          'Analyst',
        ]);
        const client = new Client(first.url);
        await client.login('owner@example.com', ownerPassword);
        const shop = await client.request(`{ shop { name currencyCode } me { email isOwner } }`);
        expect(shop.body.data).toEqual({
          shop: { name: 'Northwind Outfitters', currencyCode: 'USD' },
          me: { email: 'owner@example.com', isOwner: true },
        });
        const analyst = first.demoStaff!.find((s) => s.role === 'Analyst')!;
        const a = new Client(first.url);
        await a.login(analyst.email, analyst.password);
        expect((await a.request(`{ me { permissions } }`)).body.data?.me.permissions).toEqual([
          'CATALOG_READ',
          'ORDERS_READ',
          'CUSTOMERS_READ',
          'DISCOUNTS_READ',
          'REPORTS_READ',
          'DATA_EXPORT',
          'AUDIT_READ',
        ]);
        const locations = await first.database.db
          .selectFrom('locations')
          .select('name')
          .orderBy('fulfillment_priority')
          .execute();
        expect(locations.map((l) => l.name)).toEqual([
          'Main warehouse',
          'Downtown store',
          'East fulfillment center',
        ]);
        const catalog = await client.request(
          `{ products(first: 1) { count { value } } collections(first: 10) { nodes { title productCount } } categories { name } }`,
        );
        expect(catalog.body.data?.products.count.value).toBe(300);
        expect(catalog.body.data?.categories).toHaveLength(12);
        expect(catalog.body.data?.collections.nodes.filter((c: any) => c.productCount > 0)).toHaveLength(6);
        const { rows } = await sql<{ n: number; levels: number; low: number }>`
        select count(*) filter (where l.on_hand <> coalesce((select sum(on_hand_delta) from inventory_movements m
          where m.variant_id = l.variant_id and m.location_id = l.location_id), 0))::int as n,
          count(*)::int as levels, count(*) filter (where l.on_hand <= 5)::int as low
        from inventory_levels l`.execute(first.database.db);
        expect(rows[0]!.n).toBe(0);
        const future = await sql<{
          n: number;
        }>`select count(*)::int as n from inventory_movements where created_at > now()`.execute(
          first.database.db,
        );
        expect(future.rows[0]!.n).toBe(0);
        expect(rows[0]!.levels).toBeGreaterThan(1000);
        expect(rows[0]!.low).toBeGreaterThan(50);
        const people = await client.request(
          `{ customers(first: 1, query: "country:DE") { count { value } nodes { defaultAddress { countryCode } } } all: customers(first: 1) { count { value } } shippingZones { name } taxRates { countryCode } }`,
        );
        expect(people.body.data?.all.count.value).toBe(500);
        expect(people.body.data?.customers.count.value).toBeGreaterThan(10);
        expect(people.body.data?.shippingZones.map((z: any) => z.name)).toEqual([
          'Domestic',
          'Europe',
          'Rest of world',
        ]);
        expect(people.body.data?.taxRates.length).toBeGreaterThanOrEqual(12);
      } finally {
        await first.close();
      }
      const second = await startApp(config, quiet);
      try {
        expect(second.owner).toBeNull();
        expect(second.demoStaff).toBeNull();
        const staff = await second.database.db.selectFrom('staff').select('email').execute();
        expect(staff).toHaveLength(6);
        const client = new Client(second.url);
        await client.login('owner@example.com', ownerPassword);
        expect((await client.request(`{ me { email } }`)).body.data).toEqual({
          me: { email: 'owner@example.com' },
        });
      } finally {
        await second.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
      // It loads the whole demo store and starts the server three times: ~50 s on a quiet 2-core
      // machine, so Vitest's 60 s would decide it on a loaded one. What it checks is not timing.
    },
    DEMO_STORE_MS,
  );

  it('uses STOCKROOM_OWNER_EMAIL/PASSWORD, refuses a weak owner password, and STOCKROOM_DEMO=0 skips the demo', async () => {
    const env = {
      STOCKROOM_DATA_DIR: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      STOCKROOM_DEMO: '0',
    };
    const app = await startApp(
      loadConfig({
        ...env,
        STOCKROOM_OWNER_EMAIL: 'Boss@Shop.example',
        STOCKROOM_OWNER_PASSWORD: 'boss-password-2026',
      }),
      quiet,
    );
    try {
      expect(app.owner).toEqual({
        email: 'boss@shop.example',
        password: 'boss-password-2026',
        generated: false,
      });
      expect(app.demoStaff).toBeNull();
      expect(await app.database.db.selectFrom('locations').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
    await expect(startApp(loadConfig({ ...env, STOCKROOM_OWNER_PASSWORD: 'short' }), quiet)).rejects.toThrow(
      'STOCKROOM_OWNER_PASSWORD is not acceptable: Use at least 12 characters.',
    );
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('first start on PostgreSQL', () => {
  it(
    'lets two instances start together on one new database: one owner, one demo store',
    async () => {
      const { startTestServer } = await import('../../src/testing.js');
      // Borrow a throwaway database from the test helper, then start two more instances on it at once.
      const seedServer = await startTestServer({ postgresUrl: process.env['TEST_DATABASE_URL'] });
      const url = seedServer.app.services.config.databaseUrl!;
      await seedServer.app.database.db.deleteFrom('staff').execute();
      const env = { DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
      const [a, b] = await Promise.all([startApp(loadConfig(env), quiet), startApp(loadConfig(env), quiet)]);
      try {
        expect([a.owner, b.owner].filter(Boolean)).toHaveLength(1);
        const staff = await a.database.db.selectFrom('staff').select('email').execute();
        expect(staff).toHaveLength(6);
        const locations = await a.database.db.selectFrom('locations').select('id').execute();
        expect(locations).toHaveLength(3);
      } finally {
        await a.close();
        await b.close();
        await seedServer.close();
      }
    },
    DEMO_STORE_MS,
  );
});
