import { Button, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EmptyContent } from './data-view';
import { ListPager, type ListPagerProps } from './list-pager';

/**
 * A list's rows (a bordered table at desktop width, bare cards on a phone) and its pager. `bare`:
 * rows that draw their own frame.
 */
export function ListResults({
  phone,
  bare,
  children,
  ...pager
}: ListPagerProps & { phone: boolean; bare?: boolean; children: ReactNode }) {
  if (bare) {
    return (
      <Stack gap="sm">
        {children}
        <ListPager {...pager} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder={!phone} radius="md" p={phone ? 0 : 'xs'} bg={phone ? 'transparent' : undefined}>
        {children}
      </Paper>
      <ListPager {...pager} />
    </Stack>
  );
}

interface ListEmptyOptions {
  /** Plural, e.g. "products". */
  nouns: string;
  search: string | null;
  /** The server's words when the search could not run. */
  searchError: string | null;
  /** What else to try when a search found nothing, e.g. "Try other words or clear the search." */
  tryHint: string;
  onClearSearch: () => void;
  /** What a list with no rows at all says. */
  none: EmptyContent;
}

/** What an empty list says: why a search found nothing (and a way out), or how the first row arrives. */
export function listEmpty({
  nouns,
  search,
  searchError,
  tryHint,
  onClearSearch,
  none,
}: ListEmptyOptions): EmptyContent {
  if (!search) return none;
  return {
    title: searchError ? 'The search could not run' : `No ${nouns} match`,
    description: searchError
      ? 'Fix the search above (the message under the box says what is wrong), or clear it.'
      : tryHint,
    action: (
      <Button variant="default" onClick={onClearSearch}>
        Clear search
      </Button>
    ),
  };
}
