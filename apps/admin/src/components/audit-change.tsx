import { Text } from '@mantine/core';
import { diffWords } from 'diff';
import { longTexts, shownValue, type RecordedChange } from '../lib/audit-words';

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

/** One field's change: what it was made as, what was removed, or before → after (long text as a diff). */
export function ChangeValues({
  change,
  mode,
}: {
  change: RecordedChange;
  mode: 'made' | 'gone' | 'changed';
}) {
  const before = shownValue(change.before, change.beforeText);
  const after = shownValue(change.after, change.afterText);
  if (mode === 'made') return <>{after}</>;
  if (mode === 'gone')
    return (
      <Text span size="sm" td="line-through" c="dimmed">
        {before}
      </Text>
    );
  const long = longTexts(change);
  if (long) return <TextDiff before={long[0]} after={long[1]} />;
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
