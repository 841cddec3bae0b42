import { Alert, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { NotificationTemplatePreviewQuery } from '../../../gql/graphql';
import { EmailFrame } from './email-frame';

type Preview = NotificationTemplatePreviewQuery['notificationTemplatePreview'];

/** The message as it would be sent: its subject, then its HTML and text parts. */
export function TemplatePreview({ preview, loading }: { preview: Preview | undefined; loading: boolean }) {
  if (!preview) return loading ? <Loader size="sm" aria-label="Loading the preview" /> : null;
  if (preview.userErrors.length)
    return (
      <Alert color="yellow" title="The preview waits for the template to read">
        {preview.userErrors.map((e) => e.message).join(' ')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Paper withBorder p="xs" radius="md">
        <Text size="xs" c="dimmed">
          Subject
        </Text>
        <Text size="sm" fw={600} data-testid="preview-subject">
          {preview.subject}
        </Text>
      </Paper>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <EmailFrame html={preview.html ?? ''} title="Email preview" />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Paper withBorder p="sm" radius="md">
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
            >
              {preview.text}
            </Text>
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
