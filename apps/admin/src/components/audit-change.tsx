import { Text } from '@mantine/core';
import { formatMinor } from '@stockroom/domain';
import { diffWords } from 'diff';
import { useMemo } from 'react';
import type { ShownChange, StoreFormats } from '../lib/audit-words';
import { formatMoney } from '../lib/format';
import { useFormatDateTime } from '../lib/use-format-date-time';

/** Unchanged stretches longer than this are shortened in a text diff. */
const CONTEXT = 40;

function shorten(text: string): string {
  return text.length > CONTEXT * 2 ? `${text.slice(0, CONTEXT)} … ${text.slice(-CONTEXT)}` : text;
}

/** Words taken out struck through in red, words put in underlined in green, the rest shortened. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <Text span size="sm" data-testid="text-diff">
      {parts.map((part, i) =>
        part.removed ? (
          <Text key={i} span size="sm" td="line-through" c="red.8" aria-label={`removed: ${part.value}`}>
            {part.value}
          </Text>
        ) : part.added ? (
          <Text key={i} span size="sm" td="underline" c="green.9" aria-label={`added: ${part.value}`}>
            {part.value}
          </Text>
        ) : (
          <Text key={i} span size="sm" c="dimmed">
            {shorten(part.value)}
          </Text>
        ),
      )}
    </Text>
  );
}

/** Money in the store's currency and dates in its time zone, the app's formats (see StoreFormats). */
export function useStoreFormats(currencyCode: string | null | undefined): StoreFormats {
  const date = useFormatDateTime();
  return useMemo(
    () => ({
      date,
      money: (minor: number) =>
        currencyCode
          ? formatMoney({ amount: formatMinor(minor, currencyCode), currencyCode })
          : minor.toLocaleString(),
    }),
    [currencyCode, date],
  );
}

/** One line's change: what it was made as, what was removed, or before → after (long text as a diff). */
export function ChangeValues({ change, mode }: { change: ShownChange; mode: 'made' | 'gone' | 'changed' }) {
  const { before, after } = change;
  if (mode === 'made' || before === null) return <>{after ?? '—'}</>;
  if (mode === 'gone' || after === null)
    return (
      <Text span size="sm" td="line-through" c="dimmed">
        {before}
      </Text>
    );
  if (change.long) return <TextDiff before={change.long[0]} after={change.long[1]} />;
  return (
    <>
      <Text span size="sm" td="line-through" c="dimmed">
        {before}
      </Text>
      {' → '}
      <Text span size="sm">
        {after}
      </Text>
    </>
  );
}
