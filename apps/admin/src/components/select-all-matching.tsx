import { Anchor, Text } from '@mantine/core';

/** What a list's selection needs for "Select all N matching" (from useListController's selection). */
export interface MatchingSelection {
  allMatching: boolean;
  setAllMatching: (all: boolean) => void;
  pageAllSelected: boolean;
  clear: () => void;
}

/** A count as the list shows it: "1,204" or "10,000+". */
export function countLabelOf(count: { value: number; precision: string } | null | undefined): string {
  return count ? `${count.value.toLocaleString()}${count.precision === 'AT_LEAST' ? '+' : ''}` : '';
}

/**
 * The line over a list whose whole page is selected: offers every row the search finds, then says
 * they are all chosen. Nothing when the page holds every match.
 */
export function SelectAllMatching({
  selection,
  count,
  shown,
  nouns,
  purpose,
}: {
  selection: MatchingSelection;
  count: { value: number; precision: string } | null | undefined;
  /** Rows on this page. */
  shown: number;
  nouns: string;
  /** Why they are chosen, when it is narrower than every bulk action ("to print"). */
  purpose?: string;
}) {
  if (!selection.pageAllSelected || !count || count.value <= shown) return null;
  const label = countLabelOf(count);
  return (
    <Text size="sm">
      {selection.allMatching ? (
        <>
          All {label} {nouns} matching the search are selected{purpose ? ` (${purpose})` : ''}.{' '}
          <Anchor component="button" onClick={selection.clear}>
            Clear selection
          </Anchor>
        </>
      ) : (
        <>
          All {shown} on this page are selected.{' '}
          <Anchor component="button" onClick={() => selection.setAllMatching(true)}>
            Select all {label} matching
          </Anchor>
        </>
      )}
    </Text>
  );
}
