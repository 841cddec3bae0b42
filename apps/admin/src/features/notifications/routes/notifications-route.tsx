import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useNotificationTemplatesQuery } from '../api/notification-templates-query';
import { MailServerBanner } from '../components/mail-server-banner';

/** `/settings/notifications`: the messages Stockroom sends, each opening its template's editor. */
export function NotificationsRoute() {
  useDocumentTitle('Notifications · Stockroom');
  const query = useNotificationTemplatesQuery();
  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          The emails Stockroom sends customers (when staff tick “Notify customer”) and staff (their invitation
          and reset links). Open one to change its words; the order, its lines and totals are laid out around
          them.
        </Text>
        <Button
          component={Link}
          to="/settings/notifications/outbox"
          variant="default"
          leftSection={<IconInbox size={16} aria-hidden />}
        >
          Outbox
        </Button>
      </Group>
      <DataView query={query} skeleton={<Skeleton height={240} radius="md" />}>
        {(data) => (
          <Stack gap="md">
            <MailServerBanner smtpConfigured={data.emailSettings.smtpConfigured} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {data.notificationTemplates.map((t) => (
                <Card key={t.kind} withBorder padding="md" radius="md">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/settings/notifications/${t.kind.toLowerCase()}`}
                        fw={600}
                      >
                        {t.label}
                      </Anchor>
                      <Badge variant="light" color={t.isDefault ? 'gray' : 'blue'}>
                        {t.isDefault ? 'Default' : 'Edited'}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {t.forStaff ? 'To staff · ' : 'To the customer · '}
                      {t.subject}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </DataView>
    </Stack>
  );
}
