/**
 * The calendar year `at` falls in, in the store's time zone: each year is its own gapless series
 * (SPEC §10), and a New Year's Eve order issued at 23:30 in New York belongs to the old year even
 * though it is already 04:30 next year in UTC.
 */
export function documentYear(at: Date, timeZone: string): number {
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' })
    .formatToParts(at)
    .find((p) => p.type === 'year')?.value;
  return Number(year);
}
