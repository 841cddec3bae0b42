import { Alert, Stack, Text } from '@mantine/core';

/**
 * Messages about a whole form (not one field), above it; `title` says what happened, e.g. "Nothing
 * was moved". Nothing when there are none.
 */
export function FormErrors({ messages, title }: { messages: readonly string[]; title?: string }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" p={title ? 'xs' : undefined} title={title}>
      <Stack gap={2}>
        {messages.map((m) => (
          <Text key={m} size="sm">
            {m}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
