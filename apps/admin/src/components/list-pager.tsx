import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useShowingOldRows } from './data-view';

interface PageInfoLike {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor?: string | null;
  endCursor?: string | null;
}

export interface ListPagerProps {
  pageInfo: PageInfoLike;
  count: { value: number; precision: 'EXACT' | 'AT_LEAST' };
  /** "level", "movement" … ; an "s" is added for more than one. */
  noun: string;
  onPage: (cursor: { after: string | null; before: string | null }) => void;
}

/** Keyset pagination (SPEC §7.2): Previous and Next move by cursor; the count is capped at 10,000. */
export function ListPager({ pageInfo, count, noun, onPage }: ListPagerProps) {
  // Rows kept while the next result loads have cursors of another search or order: wait for it.
  const old = useShowingOldRows();
  const total = `${count.value.toLocaleString()}${count.precision === 'AT_LEAST' ? '+' : ''}`;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total} {count.value === 1 ? noun : `${noun}s`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          disabled={old || !pageInfo.hasPreviousPage || !pageInfo.startCursor}
          onClick={() => onPage({ after: null, before: pageInfo.startCursor ?? null })}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          disabled={old || !pageInfo.hasNextPage || !pageInfo.endCursor}
          onClick={() => onPage({ after: pageInfo.endCursor ?? null, before: null })}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
