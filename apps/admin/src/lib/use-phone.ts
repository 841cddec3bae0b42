import { useMediaQuery } from '@mantine/hooks';

/** The width below which lists turn into cards and forms into one column (Mantine's `sm`). */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * Whether the screen is phone-wide. Read at once, not in an effect as Mantine's default does: that
 * drew every list twice on its first load (first as a desktop table, even on a phone), which cost a
 * cold /products a whole extra render of the page (issue 16 item 10). The admin is never rendered
 * on a server, so `matchMedia` is always there.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
