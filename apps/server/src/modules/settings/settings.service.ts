import {
  currencyDecimals,
  looseAddressSchema,
  MESSAGES,
  shopSchema,
  validate,
  DomainError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { StoreSettingsRow } from './settings.tables.js';
import type { Actor } from '../../actor.js';
import { diff, recordAudit, type Revertable } from '../audit/audit.service.js';
import {
  anyOrderExists,
  anyVariantExists,
  forgetCachedSettings,
  getSettings,
  lockSettings,
  updateSettings,
} from './settings.repository.js';

const AUDITED = [
  'name',
  'contact_email',
  'address',
  'currency_code',
  'timezone',
  'weight_unit',
  'order_number_prefix',
  'low_stock_threshold',
  'prices_include_tax',
] as const;

/** The store settings as they are now (for other modules: currency, tax, thresholds). */
export function storeSettings(db: Executor): Promise<StoreSettingsRow> {
  return getSettings(db);
}

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
 * The caller forgets this process's cached copy once the command has committed.
 */
export async function shopUpdate(trx: Tx, actor: Actor, raw: ShopUpdateRaw): Promise<StoreSettingsRow> {
  const before = await lockSettings(trx);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('store settings'), ['input', 'version']);
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
  const address = validate(looseAddressSchema, raw.address === undefined ? before.address : raw.address, [
    'input',
    'address',
  ]);
  const errors = [...(parsed.ok ? [] : parsed.errors), ...(address.ok ? [] : address.errors)];
  if (!parsed.ok || !address.ok) throw new DomainError(errors);
  const input = parsed.value;
  if (input.currencyCode !== currentCurrency)
    await assertCurrencyCanChange(trx, currentCurrency, input.currencyCode);
  const after = await updateSettings(trx, {
    name: input.name,
    contact_email: input.contactEmail,
    address: address.value ?? null,
    currency_code: input.currencyCode,
    timezone: input.timezone,
    weight_unit: input.weightUnit,
    order_number_prefix: input.orderNumberPrefix,
    low_stock_threshold: input.lowStockThreshold,
    prices_include_tax: input.pricesIncludeTax,
  });
  await recordAudit(trx, actor, {
    action: 'shop.update',
    subjectType: 'Shop',
    subjectId: null,
    changes: diff(before, after, AUDITED),
  });
  return after;
}

async function assertCurrencyCanChange(trx: Tx, from: string, to: string): Promise<void> {
  if (await anyOrderExists(trx)) {
    throw DomainError.one(
      'INVALID_TRANSITION',
      `The currency can't change once there are orders: their amounts are in ${from}.`,
      ['input', 'currencyCode'],
    );
  }
  if (currencyDecimals(to) !== currencyDecimals(from) && (await anyVariantExists(trx))) {
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${to} has ${currencyDecimals(to)} decimals and ${from} has ${currencyDecimals(from)}; switching would change every price. Switch before adding products.`,
      ['input', 'currencyCode'],
    );
  }
}

/** Column names as events record them → shopUpdate's input names. */
const SHOP_INPUT: Record<(typeof AUDITED)[number], keyof ShopUpdateRaw> = {
  name: 'name',
  contact_email: 'contactEmail',
  address: 'address',
  currency_code: 'currencyCode',
  timezone: 'timezone',
  weight_unit: 'weightUnit',
  order_number_prefix: 'orderNumberPrefix',
  low_stock_threshold: 'lowStockThreshold',
  prices_include_tax: 'pricesIncludeTax',
};

/** Undo of a settings change; the caller forgets the cached settings after the commit. */
export const shopRevertable: Revertable = {
  noun: 'store settings',
  permission: 'SETTINGS_WRITE',
  async current(trx) {
    const row = await lockSettings(trx);
    return Object.fromEntries(AUDITED.map((f) => [f, row[f]]));
  },
  async restore(trx, actor, _id, before) {
    const patch = Object.fromEntries(
      Object.entries(before).map(([f, v]) => [SHOP_INPUT[f as keyof typeof SHOP_INPUT], v]),
    ) as ShopUpdateRaw;
    await shopUpdate(trx, actor, patch);
  },
};

/** After a command that changed the settings has committed: this process reads them afresh. */
export function settingsChanged(db: Executor): void {
  forgetCachedSettings(db);
}
