import { currencyDecimals, looseAddressSchema, MESSAGES, shopSchema, validate } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { StoreSettingsRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { forgetCachedSettings } from './settings.repository.js';

const AUDITED = ['name', 'contact_email', 'address', 'currency_code', 'timezone', 'weight_unit', 'order_number_prefix', 'low_stock_threshold', 'prices_include_tax'] as const;

export interface ShopUpdateRaw {
  name?: string | null;
  contactEmail?: string | null;
  address?: unknown;
  currencyCode?: string | null;
  timezone?: string | null;
  weightUnit?: string | null;
  orderNumberPrefix?: string | null;
  lowStockThreshold?: number | null;
  pricesIncludeTax?: boolean | null;
  version?: number | null;
}

/**
 * Changes store settings. The currency may not change once orders exist (their amounts are in it),
 * nor to one with other decimals while products have prices (every stored price would change meaning).
 */
export async function shopUpdate(db: DB, actor: Actor, raw: ShopUpdateRaw): Promise<StoreSettingsRow> {
  try {
    return await writeSettings(db, actor, raw);
  } finally {
    forgetCachedSettings(db); // after the commit, so no request caches the old row again
  }
}

function writeSettings(db: DB, actor: Actor, raw: ShopUpdateRaw): Promise<StoreSettingsRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('store_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('store settings'), ['input', 'version']);
    const currentCurrency = before.currency_code.trim();
    const parsed = validate(
      shopSchema,
      {
        name: raw.name ?? before.name,
        contactEmail: raw.contactEmail === undefined ? before.contact_email : raw.contactEmail,
        currencyCode: (raw.currencyCode ?? currentCurrency).toUpperCase(),
        timezone: raw.timezone ?? before.timezone,
        weightUnit: raw.weightUnit ?? before.weight_unit,
        orderNumberPrefix: raw.orderNumberPrefix ?? before.order_number_prefix,
        lowStockThreshold: raw.lowStockThreshold ?? before.low_stock_threshold,
        pricesIncludeTax: raw.pricesIncludeTax ?? before.prices_include_tax,
      },
      ['input'],
    );
    const address = validate(looseAddressSchema, raw.address === undefined ? before.address : raw.address, ['input', 'address']);
    const errors = [...(parsed.ok ? [] : parsed.errors), ...(address.ok ? [] : address.errors)];
    if (!parsed.ok || !address.ok) throw new UserErrors(errors);
    const input = parsed.value;
    if (input.currencyCode !== currentCurrency) {
      if (await trx.selectFrom('orders').select('id').limit(1).executeTakeFirst()) {
        throw UserErrors.one('INVALID_TRANSITION', `The currency can't change once there are orders: their amounts are in ${currentCurrency}.`, ['input', 'currencyCode']);
      }
      if (currencyDecimals(input.currencyCode) !== currencyDecimals(currentCurrency)) {
        const priced = await trx.selectFrom('product_variants').select('id').limit(1).executeTakeFirst();
        if (priced) {
          throw UserErrors.one(
            'INVALID_TRANSITION',
            `${input.currencyCode} has ${currencyDecimals(input.currencyCode)} decimals and ${currentCurrency} has ${currencyDecimals(currentCurrency)}; switching would change every price. Switch before adding products.`,
            ['input', 'currencyCode'],
          );
        }
      }
    }
    const after = await trx
      .updateTable('store_settings')
      .set({
        name: input.name,
        contact_email: input.contactEmail,
        address: address.value ? JSON.stringify(address.value) : null,
        currency_code: input.currencyCode,
        timezone: input.timezone,
        weight_unit: input.weightUnit,
        order_number_prefix: input.orderNumberPrefix,
        low_stock_threshold: input.lowStockThreshold,
        prices_include_tax: input.pricesIncludeTax,
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', 1)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'shop.update', subjectType: 'Shop', subjectId: null, changes: diff(before, after, AUDITED) });
    return after;
  });
}
