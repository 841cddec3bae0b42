import {
  ADJUSTMENT_REASONS,
  DomainError,
  encodeId,
  ON_HAND_LIMIT,
  type AdjustmentReason,
  type UserError,
} from '@stockroom/domain';
import type {
  CsvRecord,
  ImportColumn,
  ImportContext,
  Importer,
  ImportRowProblem,
  ImportRowResult,
} from '../jobs/import.model.js';
import type { Location } from './inventory.model.js';
import { inventoryAdjust } from './inventory.service.js';
import { importLevels, importVariants, type ImportVariant } from './inventory-import.repository.js';
import { listLocations } from './location.repository.js';
import { type Field, COLUMNS, headerOf, headerProblems, unguard } from './inventory-import-columns.js';
import { revertAdjust } from './inventory-import-revert.js';

/**
 * Issue #29: stock counts from a CSV. Its columns are the inventory export's
 * (inventory-export.service.ts), so an export imported again changes nothing. A row finds its
 * variant by SKU (or Handle and option values) and its location by name, and sets on hand (`On
 * hand`) or moves it (`Delta`, with a `Reason`) through inventoryAdjust: one movement in the ledger
 * per change, audited under the job.
 */

interface Row {
  row: number;
  subject: string;
  variant: ImportVariant | null;
  location: Location | null;
  onHand: number | null;
  delta: number | null;
  reason: AdjustmentReason;
  problems: ImportRowProblem[];
}

const WHOLE = /^[+-]?\d+$/;

function problem(column: string | undefined, code: UserError['code'], message: string): ImportRowProblem {
  return { column: column ?? null, code, message };
}

async function run(ctx: ImportContext, records: CsvRecord[]): Promise<ImportRowResult[]> {
  const headers = headerOf(ctx.headers);
  const cells = records.map((r) => (f: Field) => {
    const h = headers.get(f);
    return h === undefined ? '' : unguard((r.cells[h] ?? '').trim());
  });
  // The chunk's reads, one query each: the locations, the variants by SKU or handle, their levels.
  const locations = await listLocations(ctx.trx);
  const locationByName = new Map(locations.map((l) => [l.name.trim().toLowerCase(), l]));
  const variants = await importVariants(
    ctx.trx,
    cells.map((c) => c('sku')).filter(Boolean),
    cells
      .filter((c) => !c('sku'))
      .map((c) => c('handle'))
      .filter(Boolean),
  );
  const bySku = new Map(variants.filter((v) => v.sku).map((v) => [v.sku!.toLowerCase(), v]));

  const rows: Row[] = records.map((record, i) => {
    const cell = cells[i]!;
    const problems: ImportRowProblem[] = [];
    const sku = cell('sku');
    const handle = cell('handle');
    const options = [cell('o1'), cell('o2'), cell('o3')];
    while (options.length && !options[options.length - 1]) options.pop();
    let variant: ImportVariant | null = null;
    let what = sku || [handle, options.join(' / ')].filter(Boolean).join(' — ');
    if (sku) {
      variant = bySku.get(sku.toLowerCase()) ?? null;
      if (!variant) problems.push(problem(headers.get('sku'), 'INVALID', `No variant has the SKU “${sku}”.`));
      else if (handle && variant.handle.toLowerCase() !== handle.toLowerCase())
        problems.push(
          problem(
            headers.get('handle'),
            'INVALID',
            `The SKU “${sku}” belongs to the product “${variant.handle}”, not “${handle}”.`,
          ),
        );
    } else if (handle) {
      const ofProduct = variants.filter((v) => v.handle.toLowerCase() === handle.toLowerCase());
      const wanted = options.map((o) => o.toLowerCase());
      variant =
        ofProduct.find(
          (v) =>
            v.optionValues.length === wanted.length &&
            v.optionValues.every((o, j) => o.trim().toLowerCase() === wanted[j]),
        ) ?? (ofProduct.length === 1 && !wanted.length ? ofProduct[0]! : null);
      if (!ofProduct.length)
        problems.push(problem(headers.get('handle'), 'INVALID', `No product has the handle “${handle}”.`));
      else if (!variant)
        problems.push(
          problem(
            headers.get('o1') ?? headers.get('handle'),
            'INVALID',
            wanted.length
              ? `“${handle}” has no variant ${options.join(' / ')}.`
              : `“${handle}” has ${ofProduct.length} variants; give the SKU or the option values of one.`,
          ),
        );
    } else
      problems.push(
        problem(
          headers.get('sku') ?? headers.get('handle'),
          'REQUIRED',
          "Give the variant's SKU, or its product's Handle and its option values.",
        ),
      );
    if (variant && !sku) what = variant.sku ?? what;
    if (variant && !variant.trackInventory)
      problems.push(
        problem(
          headers.get('sku') ?? headers.get('handle'),
          'INVALID',
          `${variant.sku ?? variant.title} does not track stock; turn on "Track inventory" first.`,
        ),
      );

    const locationName = cell('location');
    const location = locationByName.get(locationName.toLowerCase()) ?? null;
    if (!locationName)
      problems.push(problem(headers.get('location'), 'REQUIRED', 'Give the location’s name.'));
    else if (!location)
      problems.push(
        problem(headers.get('location'), 'INVALID', `There is no location named “${locationName}”.`),
      );

    const onHandText = cell('onHand');
    const deltaText = cell('delta');
    let onHand: number | null = null;
    let delta: number | null = null;
    if (onHandText && deltaText)
      problems.push(
        problem(
          headers.get('delta'),
          'INVALID',
          'Give either On hand (the count to set) or Delta (units to add or take away), not both.',
        ),
      );
    else if (!onHandText && !deltaText)
      problems.push(
        problem(
          headers.get('onHand') ?? headers.get('delta'),
          'REQUIRED',
          'Give On hand (the count to set) or Delta (units to add or take away).',
        ),
      );
    else if (onHandText) {
      if (!WHOLE.test(onHandText) || Math.abs(Number(onHandText)) > ON_HAND_LIMIT)
        problems.push(
          problem(
            headers.get('onHand'),
            'INVALID',
            `Enter a whole number within ±${ON_HAND_LIMIT.toLocaleString('en-US')}, not “${onHandText}”.`,
          ),
        );
      else onHand = Number(onHandText);
    } else if (!WHOLE.test(deltaText) || Math.abs(Number(deltaText)) > 2 * ON_HAND_LIMIT)
      problems.push(
        problem(headers.get('delta'), 'INVALID', `Enter a whole number like +5 or -3, not “${deltaText}”.`),
      );
    else delta = Number(deltaText);

    const reasonText = cell('reason');
    const reason = reasonText
      ? ADJUSTMENT_REASONS.find((r) => r.toLowerCase() === reasonText.toLowerCase())
      : 'CORRECTION';
    if (!reason)
      problems.push(
        problem(
          headers.get('reason'),
          'INVALID',
          `“${reasonText}” is not a reason; choose ${ADJUSTMENT_REASONS.map((r) => r.toLowerCase()).join(', ')}.`,
        ),
      );
    return {
      row: record.row,
      subject: `${what || `row ${record.row}`}${location ? ` at ${location.name}` : locationName ? ` at ${locationName}` : ''}`,
      variant,
      location,
      onHand,
      delta,
      reason: reason ?? 'CORRECTION',
      problems,
    };
  });

  // A level once a file: a later row naming the same variant and location is refused, naming the
  // first (rows refused already claim nothing, so a row is not refused twice).
  const keyed = rows.filter((r) => r.variant && r.location && !r.problems.length);
  const claimed = await ctx.claimKeys(
    keyed.map((r) => ({ key: `level:${r.variant!.id}:${r.location!.id}`, row: r.row })),
  );
  for (const r of keyed) {
    const first = claimed.get(`level:${r.variant!.id}:${r.location!.id}`);
    if (first !== undefined && first !== r.row)
      r.problems.push(
        problem(
          headers.get('sku') ?? headers.get('handle'),
          'INVALID',
          `${r.subject} is already on row ${first} of this file; give each variant and location once.`,
        ),
      );
  }

  const live = rows.filter((r) => !r.problems.length);
  const levels = new Map(
    (
      await importLevels(
        ctx.trx,
        live.map((r) => ({ variantId: r.variant!.id, locationId: r.location!.id })),
      )
    ).map((l) => [`${l.variantId}/${l.locationId}`, l]),
  );

  const results: ImportRowResult[] = [];
  for (const r of rows) {
    const base: ImportRowResult = {
      row: r.row,
      outcome: 'ERROR',
      subject: r.subject,
      subjectType: 'InventoryLevel',
      subjectId: null,
      changes: [],
      problems: r.problems,
    };
    if (r.problems.length) {
      results.push(base);
      continue;
    }
    const level = levels.get(`${r.variant!.id}/${r.location!.id}`);
    const current = level?.onHand ?? 0;
    const next = r.onHand ?? current + r.delta!;
    if (level) base.subjectId = level.id;
    if (Math.abs(next) > ON_HAND_LIMIT) {
      results.push({
        ...base,
        problems: [
          problem(
            headers.get(r.onHand === null ? 'delta' : 'onHand'),
            'OUT_OF_RANGE',
            `On hand would be ${next.toLocaleString('en-US')}; it must stay within ±${ON_HAND_LIMIT.toLocaleString('en-US')}.`,
          ),
        ],
      });
      continue;
    }
    if (next === current) {
      results.push({ ...base, outcome: 'UNCHANGED' });
      continue;
    }
    const changes = [{ field: 'On hand', before: String(current), after: String(next) }];
    if (ctx.mode === 'DRY_RUN') {
      results.push({ ...base, outcome: 'UPDATED', changes });
      continue;
    }
    const done = await ctx.isolated(() =>
      inventoryAdjust(ctx.trx, ctx.actor, {
        reason: r.reason,
        note: 'CSV import',
        changes: [
          {
            variantId: encodeId('ProductVariant', r.variant!.id),
            locationId: encodeId('Location', r.location!.id),
            ...(r.onHand !== null ? { setOnHand: r.onHand } : { delta: r.delta }),
            expectedOnHand: current,
          },
        ],
      }),
    );
    if (!done.ok) {
      if (!(done.error instanceof DomainError)) throw done.error;
      const column = headers.get(r.onHand === null ? 'delta' : 'onHand');
      results.push({ ...base, problems: done.error.errors.map((e) => problem(column, e.code, e.message)) });
      continue;
    }
    results.push({ ...base, outcome: 'UPDATED', changes });
  }
  return results;
}

export const inventoryImporter: Importer = {
  kind: 'INVENTORY',
  columns: () =>
    Promise.resolve<ImportColumn[]>(
      COLUMNS.map((c) => ({ name: c.name, required: c.field === 'location', description: c.description })),
    ),
  checkHeader: (_trx, headers) => Promise.resolve(headerProblems(headers)),
  run,
  reverters: { 'inventory.adjust': revertAdjust },
};
