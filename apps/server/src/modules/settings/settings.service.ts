import {
  currencyDecimals,
  looseAddressSchema,
  MESSAGES,
  shopSchema,
  validate,
  DomainError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Shop } from './settings.model.js';
import type { Actor } from '../../actor.js';
import { diff, eventField, recordAudit, type Revertable } from '../audit/audit.service.js';
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
  'contactEmail',
  'address',
  'currencyCode',
  'timezone',
  'weightUnit',
  'orderNumberPrefix',
  'lowStockThreshold',
  'pricesIncludeTax',
] as const satisfies readonly (keyof Shop & keyof ShopUpdateRaw)[];

/** The store settings as they are now (for other modules: currency, tax, thresholds). */
export function storeSettings(db: Executor): Promise<Shop> {
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
export async function shopUpdate(trx: Tx, actor: Actor, raw: ShopUpdateRaw): Promise<Shop> {
  const before = await lockSettings(trx);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('store settings'), ['input', 'version']);
  const currentCurrency = before.currencyCode;
  const parsed = validate(
    shopSchema,
    {
      name: raw.name ?? before.name,
      contactEmail: raw.contactEmail === undefined ? before.contactEmail : raw.contactEmail,
      currencyCode: (raw.currencyCode ?? currentCurrency).toUpperCase(),
      timezone: raw.timezone ?? before.timezone,
      weightUnit: raw.weightUnit ?? before.weightUnit,
      orderNumberPrefix: raw.orderNumberPrefix ?? before.orderNumberPrefix,
      lowStockThreshold: raw.lowStockThreshold ?? before.lowStockThreshold,
      pricesIncludeTax: raw.pricesIncludeTax ?? before.pricesIncludeTax,
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
    contactEmail: input.contactEmail,
    address: address.value ?? null,
    currencyCode: input.currencyCode,
    timezone: input.timezone,
    weightUnit: input.weightUnit,
    orderNumberPrefix: input.orderNumberPrefix,
    lowStockThreshold: input.lowStockThreshold,
    pricesIncludeTax: input.pricesIncludeTax,
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

/** The names events record (see eventField) → shopUpdate's input names. */
const SHOP_INPUT = new Map(AUDITED.map((field) => [eventField(field), field]));

/** Undo of a settings change; the caller forgets the cached settings after the commit. */
export const shopRevertable: Revertable = {
  noun: 'store settings',
  permission: 'SETTINGS_WRITE',
  async current(trx) {
    const row = await lockSettings(trx);
    return Object.fromEntries(AUDITED.map((f) => [eventField(f), row[f]]));
  },
  async restore(trx, actor, _id, before) {
    const patch = Object.fromEntries(
      Object.entries(before).map(([f, v]) => [SHOP_INPUT.get(f), v]),
    ) as ShopUpdateRaw;
    await shopUpdate(trx, actor, patch);
  },
};

/** After a command that changed the settings has committed: this process reads them afresh. */
export function settingsChanged(db: Executor): void {
  forgetCachedSettings(db);
}
