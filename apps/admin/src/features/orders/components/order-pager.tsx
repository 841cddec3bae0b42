import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { neighbours, readLastList, type Neighbours } from './order-neighbours';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The orders before and after this one on the list it was opened from. */
export function useOrderNeighbours(orderId: string): Neighbours | null {
  // sessionStorage is read synchronously and only changes when the list is shown again.
  return useMemo(() => neighbours(readLastList(), orderId), [orderId]);
}

function PagerLink({ to, label, next }: { to: string | null; label: string; next: boolean }) {
  const icon = next ? <IconChevronRight size={18} aria-hidden /> : <IconChevronLeft size={18} aria-hidden />;
  if (!to) {
    return (
      <ActionIcon variant="default" size="lg" aria-label={label} disabled>
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Tooltip label={`${label} (${next ? ']' : '['})`}>
      <ActionIcon component={Link} to={`/orders/${to}`} variant="default" size="lg" aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Previous and next order of the list this one was opened from, and ] / [ (or j / k, as they move
 * in the list) for them. Nothing when the order was not opened from a list.
 */
export function OrderPager({ around }: { around: Neighbours | null }) {
  const navigate = useNavigate();

  useEffect(() => {
    if (!around) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      // ] and [ everywhere a record has a list behind it (SPEC §2); j and k as the list uses them.
      const next = event.key === 'j' || event.key === ']';
      const previous = event.key === 'k' || event.key === '[';
      const to = next ? around.next : previous ? around.previous : null;
      if (!to) return;
      event.preventDefault();
      void navigate(`/orders/${to}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [around, navigate]);

  if (!around) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="order-pager">
      <Text size="sm" c="dimmed" mr={4} style={{ whiteSpace: 'nowrap' }}>
        {around.position} of {around.total}
      </Text>
      <PagerLink to={around.previous} label="Previous order" next={false} />
      <PagerLink to={around.next} label="Next order" next />
    </Group>
  );
}
