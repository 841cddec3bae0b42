import type { Random } from './random.js';
import type { SeedContext } from './orders-context.js';
import type { OrderDraft } from './orders-plan.js';

export interface Shipment {
  at: number;
  locationId: string;
  picks: { line: number; quantity: number }[];
}

const DAY = 86_400_000;

/**
 * When and from where an order's parcels would leave, before knowing whether that moment has come:
 * each line ships from where its stock is committed (untracked lines go with the first parcel, or
 * from the first location like orderFulfill), most orders within a day or two, a few split in two
 * parcels, a few stuck. The caller keeps those that already happened.
 */
export function shipmentsOf(
  ctx: SeedContext,
  random: Random,
  draft: OrderDraft,
  lines: { location_id: string | null; quantity: number }[],
): Shipment[] {
  // Backordered or waiting for the customer: nothing ships.
  if (random.chance(0.015)) return [];
  const groups = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (l.location_id) groups.set(l.location_id, [...(groups.get(l.location_id) ?? []), i]);
  });
  const untracked = lines.flatMap((l, i) => (l.location_id ? [] : [i]));
  if (!groups.size) groups.set(ctx.locations[0]!.id, []);
  groups
    .values()
    .next()
    .value!.push(...untracked);

  const shipments: Shipment[] = [];
  // Half leave within a day and a half; the power keeps a thinner tail of slow ones, up to four days.
  let at = draft.createdAt + (0.15 + random.next() ** 1.5 * 4) * DAY;
  for (const [locationId, ids] of groups) {
    const split = random.chance(0.08) && (ids.length > 1 || lines[ids[0]!]!.quantity > 1);
    if (!split) {
      shipments.push({
        at,
        locationId,
        picks: ids.map((line) => ({ line, quantity: lines[line]!.quantity })),
      });
    } else {
      // Part now, the rest when it comes back in (or never, for the ones still waiting).
      const first = ids.length > 1 ? ids.slice(0, Math.ceil(ids.length / 2)) : ids;
      const now = first.map((line) => ({
        line,
        quantity: ids.length > 1 ? lines[line]!.quantity : Math.floor(lines[line]!.quantity / 2),
      }));
      shipments.push({ at, locationId, picks: now });
      const rest = ids.flatMap((line) => {
        const left = lines[line]!.quantity - (now.find((p) => p.line === line)?.quantity ?? 0);
        return left > 0 ? [{ line, quantity: left }] : [];
      });
      if (random.chance(0.7)) shipments.push({ at: at + random.int(2, 12) * DAY, locationId, picks: rest });
    }
    at += random.int(2, 48) * 3_600_000;
  }
  return shipments.sort((a, b) => a.at - b.at);
}
