/** The carriers the server makes tracking links for; OTHER asks for a name and a link. */
export const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'Royal Mail'] as const;
export const OTHER_CARRIER = 'OTHER';

/** Lines with units still to ship: the only ones the fulfil page and the pack station list. */
export function linesToShip<L extends { unfulfilledQuantity: number }>(lines: readonly L[]): L[] {
  return lines.filter((l) => l.unfulfilledQuantity > 0);
}

/**
 * What is still to ship from one location: lines with units left whose stock is committed there,
 * and lines that track no stock (they have no location and may leave from anywhere).
 */
export function linesToShipFrom<L extends { unfulfilledQuantity: number; location: { id: string } | null }>(
  lines: readonly L[],
  locationId: string,
): L[] {
  return linesToShip(lines).filter((l) => l.location === null || l.location.id === locationId);
}
