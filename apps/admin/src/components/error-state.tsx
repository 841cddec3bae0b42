import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { ErrorDescription } from '../lib/errors';

interface ErrorStateProps {
  error: ErrorDescription;
  onRetry: () => void;
  retrying?: boolean;
}

function iconFor(kind: ErrorDescription['kind']) {
  if (kind === 'forbidden') return <IconLock aria-hidden />;
  if (kind === 'network') return <IconWifiOff aria-hidden />;
  return <IconAlertTriangle aria-hidden />;
}

/**
 * SPEC §2 error state: the message, a Retry button, and the request id when the server gave one. A
 * permission error (SPEC §8: who to ask for what) offers no Retry: asking again changes nothing.
 */
export function ErrorState({ error, onRetry, retrying = false }: ErrorStateProps) {
  // The internal-error message already names the request id; don't say it twice.
  const showRequestId = error.requestId !== null && !error.message.includes(error.requestId);
  return (
    <Alert
      color={error.kind === 'forbidden' ? 'yellow' : 'red'}
      variant="light"
      icon={iconFor(error.kind)}
      role="alert"
      data-testid="error-state"
    >
      <Stack gap="xs">
        <Text fw={600}>{error.message}</Text>
        {error.hint && <Text>{error.hint}</Text>}
        {showRequestId && (
          <Text size="sm">
            Request id: <Code>{error.requestId}</Code>
          </Text>
        )}
        {error.kind !== 'forbidden' && (
          <Group>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={onRetry}
              loading={retrying}
            >
              Retry
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
