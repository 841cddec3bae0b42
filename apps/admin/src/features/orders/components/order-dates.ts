import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { zonedFormat } from '../../../lib/format';
import { shopNameDocument } from '../../../lib/shell-api/shop-name-query';

/**
 * A list's short date in the store's time zone: "Today, 2:05 PM", "Nov 21, 2:05 PM" within the
 * year, "Nov 21, 2025" before it. A column of these stays one line wide; the full date and time is
 * the cell's title.
 */
export function shortDateFormat(timeZone: string | undefined, now: () => Date = () => new Date()) {
  const day = zonedFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  const year = zonedFormat({ year: 'numeric' }, timeZone);
  const time = zonedFormat({ hour: 'numeric', minute: '2-digit' }, timeZone);
  const withinYear = zonedFormat(
    { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    timeZone,
  );
  const older = zonedFormat({ year: 'numeric', month: 'short', day: 'numeric' }, timeZone);
  return (iso: string): string => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const today = now();
    if (day.format(date) === day.format(today)) return `Today, ${time.format(date)}`;
    if (year.format(date) === year.format(today)) return withinYear.format(date);
    return older.format(date);
  };
}

/** shortDateFormat in the store's time zone (read from the header's cached query). */
export function useShortDate(): (iso: string) => string {
  const zone = useQuery(shopNameDocument).data?.shop.timezone ?? undefined;
  return useMemo(() => shortDateFormat(zone), [zone]);
}
