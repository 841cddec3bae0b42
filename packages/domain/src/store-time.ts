/**
 * Dates as the server writes them into messages, in the store's time zone: one formatter for every
 * message ("1 Nov 2026", "1 Nov 2026, 14:05"), so all of them read alike whoever wrote the message.
 */

/** "1 Nov 2026". */
export const STORE_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
/** "1 Nov 2026, 14:05". */
export const STORE_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The instant as it reads in `timeZone` (an IANA zone; settings refuse any other). */
export function formatInTimeZone(
  date: Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = STORE_DATE,
): string {
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
}
