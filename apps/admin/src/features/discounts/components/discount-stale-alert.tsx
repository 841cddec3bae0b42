import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * SPEC §8 STALE_VERSION: someone saved the code since this page loaded it. Reloading shows their
 * version (and drops the edits here), so the next save starts from what is stored.
 */
export function DiscountStaleAlert({
  message,
  onReload,
}: {
  message: string;
  onReload: () => Promise<void>;
}) {
  const [loading, setLoading] = useState(false);
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title="Your changes are not saved"
      // Mantine's yellow title on its light yellow is 2.7:1; the text colour reads (WCAG AA).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message} Reload to see their changes, then make yours again.</Text>
        <Button
          size="xs"
          variant="default"
          loading={loading}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => {
            setLoading(true);
            void onReload().finally(() => setLoading(false));
          }}
        >
          Reload discount
        </Button>
      </Stack>
    </Alert>
  );
}
