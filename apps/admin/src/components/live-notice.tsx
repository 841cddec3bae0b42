import { Affix, Group, Loader, Paper, Text } from '@mantine/core';
import { useLiveState } from '../lib/live-link';

/**
 * The quiet notice while a live stream is down (issue #28 §3): the screen is not silently stale,
 * and it refetches by itself when the stream is back.
 */
export function LiveNotice() {
  const state = useLiveState();
  if (state === 'live') return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Paper withBorder shadow="sm" px="sm" py={6} role="status" aria-live="polite">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">Live updates paused — reconnecting</Text>
        </Group>
      </Paper>
    </Affix>
  );
}
