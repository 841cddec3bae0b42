import { z } from 'zod';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { linesToShip, OTHER_CARRIER } from '../../../lib/ship-plan';

export { CARRIERS, linesToShip, OTHER_CARRIER } from '../../../lib/ship-plan';

export interface PlanLine {
  id: string;
  unfulfilledQuantity: number;
  location: { id: string; name: string } | null;
  variant: {
    trackInventory: boolean;
    allowBackorder: boolean;
    inventoryLevels: readonly { onHand: number; available: number; location: { id: string } }[];
  } | null;
}

export interface FulfillValues {
  lines: { lineId: string; quantity: number | '' }[];
  locationId: string;
  /** '' (none), a known carrier, or OTHER. */
  carrier: string;
  /** The carrier's name when OTHER. */
  otherCarrier: string;
  trackingNumber: string;
  /** Only for OTHER: known carriers get their link from the server. */
  trackingUrl: string;
}

/** What the stock lookup may cost, well below the server's 5,000 per query. */
const STOCK_COST_BUDGET = 4_000;
const MOST_NODE_IDS = 250;

/**
 * The variants whose stock the page asks for: each once, and no more than the query cost allows
 * (a variant costs 1, plus 2 per location for its levels); lines past them get no warning.
 */
export function stockLookupIds(
  variantIds: readonly (string | null | undefined)[],
  locationCount: number,
): string[] {
  const distinct = [...new Set(variantIds.filter((id): id is string => Boolean(id)))];
  const most = Math.min(MOST_NODE_IDS, Math.floor(STOCK_COST_BUDGET / (1 + 2 * Math.max(1, locationCount))));
  return distinct.slice(0, most);
}

/**
 * Where the stock of these lines is reserved, as the server would ship from it: the active location
 * holding most of their units (the earlier one by priority on a tie); the first active location
 * when none of them holds stock (untracked items only).
 */
export function defaultLocationId(lines: readonly PlanLine[], locations: readonly { id: string }[]): string {
  const units = new Map<string, number>();
  for (const line of lines) {
    if (line.location)
      units.set(line.location.id, (units.get(line.location.id) ?? 0) + line.unfulfilledQuantity);
  }
  let best: string | null = null;
  for (const location of locations) {
    const n = units.get(location.id) ?? 0;
    if (n > 0 && (best === null || n > (units.get(best) ?? 0))) best = location.id;
  }
  return best ?? locations[0]?.id ?? '';
}

/** Every unit still to ship, from where it is reserved, with no carrier yet. */
export function defaultFulfillValues(
  lines: readonly PlanLine[],
  locations: readonly { id: string }[],
): FulfillValues {
  const toShip = linesToShip(lines);
  return {
    lines: toShip.map((l) => ({ lineId: l.id, quantity: l.unfulfilledQuantity })),
    locationId: defaultLocationId(toShip, locations),
    carrier: '',
    otherCarrier: '',
    trackingNumber: '',
    trackingUrl: '',
  };
}

/**
 * How many units this location can give the line, when it may be fewer than asked; null when it
 * has enough or the server does not count (untracked, backorder). At the location that holds the
 * reservation the units on hand count; elsewhere only the available ones, as the reservation moves.
 */
export function stockShortfall(line: PlanLine, locationId: string, quantity: number): number | null {
  const variant = line.variant;
  if (!variant || !variant.trackInventory || variant.allowBackorder || quantity <= 0) return null;
  const level = variant.inventoryLevels.find((l) => l.location.id === locationId);
  const has = line.location?.id === locationId ? (level?.onHand ?? 0) : (level?.available ?? 0);
  return has >= quantity ? null : Math.max(0, has);
}

const quantityOf = (q: number | '') => (q === '' ? 0 : q);

/** The form's rules; `most` is each listed line's units still to ship, in the form's order. */
export function fulfillSchema(most: readonly number[]) {
  return z
    .object({
      lines: z
        .array(z.object({ lineId: z.string(), quantity: z.union([z.number(), z.literal('')]) }))
        .superRefine((lines, ctx) => {
          lines.forEach((line, i) => {
            const q = quantityOf(line.quantity);
            const max = most[i] ?? 0;
            if (!Number.isInteger(q) || q < 0 || q > max) {
              ctx.addIssue({
                code: 'custom',
                path: [i, 'quantity'],
                message: max === 1 ? 'Ship 0 or 1.' : `Ship a whole number from 0 to ${max}.`,
              });
            }
          });
          if (lines.every((line) => quantityOf(line.quantity) === 0)) {
            ctx.addIssue({ code: 'custom', message: 'Choose at least one item to fulfill.' });
          }
        }),
      locationId: z.string().min(1, { message: 'Choose where the parcel leaves from.' }),
      carrier: z.string(),
      otherCarrier: z.string().trim().max(255, { message: 'Use at most 255 characters.' }),
      trackingNumber: z.string().trim().max(255, { message: 'Use at most 255 characters.' }),
      trackingUrl: z
        .string()
        .trim()
        .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
          message: 'Enter a link starting with https://',
        }),
    })
    .superRefine((v, ctx) => {
      if (v.carrier === OTHER_CARRIER && v.otherCarrier.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['otherCarrier'], message: "Enter the carrier's name." });
      }
    });
}

export interface FulfillRequest {
  input: {
    orderId: string;
    locationId: string;
    lines: { lineId: string; quantity: number }[];
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  };
  /** For each sent line, its index in the form (lines with 0 are left out of the request). */
  formIndex: number[];
}

/** The mutation's input: lines to skip left out, the carrier's name, a link only for other carriers. */
export function fulfillRequest(orderId: string, values: FulfillValues): FulfillRequest {
  const formIndex: number[] = [];
  const lines: { lineId: string; quantity: number }[] = [];
  values.lines.forEach((line, i) => {
    const q = quantityOf(line.quantity);
    if (q > 0) {
      formIndex.push(i);
      lines.push({ lineId: line.lineId, quantity: q });
    }
  });
  const other = values.carrier === OTHER_CARRIER;
  const carrier = other ? values.otherCarrier.trim() : values.carrier;
  return {
    input: {
      orderId,
      locationId: values.locationId,
      lines,
      carrier: carrier || null,
      trackingNumber: values.trackingNumber.trim() || null,
      trackingUrl: (other && values.trackingUrl.trim()) || null,
    },
    formIndex,
  };
}

/**
 * The server's errors with paths into the form: a sent line's index becomes its index in the form,
 * the carrier's name is the "other carrier" box when that is where it was typed, and stock refusals
 * the server could not pin to a line go, in order, to the lines this page found short (the server
 * checks lines in the order sent); any left over stay above the form.
 */
export function formErrorsOf(
  errors: readonly PlaceableUserError[],
  formIndex: readonly number[],
  options: { otherCarrier: boolean; shortLines: readonly number[] },
): PlaceableUserError[] {
  let unpinned = 0;
  return errors.map((error) => {
    const field = error.field ?? [];
    if (field[0] === 'input' && field[1] === 'lines' && field[2] !== undefined) {
      const at = formIndex[Number(field[2])];
      return {
        ...error,
        field: at === undefined ? ['input', 'lines'] : ['input', 'lines', String(at), ...field.slice(3)],
      };
    }
    if (options.otherCarrier && field[0] === 'input' && field[1] === 'carrier') {
      return { ...error, field: ['input', 'otherCarrier'] };
    }
    if (field.length === 0 && error.code === 'INSUFFICIENT_STOCK') {
      const at = options.shortLines[unpinned++];
      if (at !== undefined) return { ...error, field: ['input', 'lines', String(at), 'quantity'] };
    }
    return error;
  });
}
