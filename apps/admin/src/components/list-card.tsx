import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './list-card.module.css';

/**
 * One row of a list as a card on a phone: bordered, outlined while focused (j/k), the whole card
 * one tap target through its ListCardTitle link. `className` adds the list's own row styles.
 */
export function ListCard({
  index,
  focused,
  testId,
  onFocus,
  className,
  selected,
  children,
}: {
  index: number;
  focused: boolean;
  testId: string;
  onFocus: (index: number) => void;
  className?: string;
  selected?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={className ? `${className} ${classes.card}` : classes.card}
      data-row-index={index}
      data-focused={focused || undefined}
      data-selected={selected || undefined}
      data-testid={testId}
      onFocus={() => onFocus(index)}
    >
      {children}
    </Paper>
  );
}

/** A card's first line: its name as the link that covers the card, and a figure or badge beside it. */
export function ListCardTitle({ to, name, aside }: { to: string; name: string; aside: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Anchor component={Link} to={to} fw={700} size="lg" className={classes.cardLink}>
        {name}
      </Anchor>
      {aside}
    </Group>
  );
}

/** A card's line of who (cut short when long) and how many, dimmed, beside it. */
export function ListCardLine({ text, aside }: { text: string; aside: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" truncate>
        {text}
      </Text>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {aside}
      </Text>
    </Group>
  );
}
