import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { SearchField } from '../../../components/search-field';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useCommand } from '../../../components/use-command';
import type { EmailMessageFieldsFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';
import {
  useEmailMessageQuery,
  useEmailMessageResendMutation,
  useEmailMessagesQuery,
} from '../api/email-messages-query';
import { EmailFrame } from '../components/email-frame';
import { EmailStatusBadge } from '../components/email-status-badge';
import { MailServerBanner } from '../components/mail-server-banner';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'SENT', label: 'Sent' },
  { value: 'NOT_SENT', label: 'Not sent' },
  { value: 'QUEUED', label: 'Queued' },
];

/**
 * `/settings/notifications/outbox`: every email (those this person may read), newest first; one
 * opens with its HTML (sandboxed) and text, and Resend when it failed.
 */
export function EmailOutboxRoute() {
  useDocumentTitle('Outbox · Notifications · Stockroom');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const open = params.get('message');
  const query = useEmailMessagesQuery([status ? `status:${status}` : '', q].filter(Boolean).join(' '));
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'message' ? false : true },
    );
  const data = query.data ?? query.previousData;
  return (
    <Stack gap="md" maw={1100}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Anchor component={Link} to="/settings/notifications" size="sm">
            ← Notifications
          </Anchor>
          <Title order={2}>Outbox</Title>
        </Stack>
      </Group>
      {data && <MailServerBanner smtpConfigured={data.emailSettings.smtpConfigured} />}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchField
          value={q}
          onSearch={(v) => set('q', v)}
          label="Search the outbox"
          placeholder="to:ana@example.com order:#1001"
          error={data?.emailMessages.userErrors[0]?.message}
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(v) => set('status', v)}
          data={STATUSES}
        />
      </Group>
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={240} radius="md" />}
        isEmpty={(d) => d.emailMessages.nodes.length === 0}
        empty={{
          title: 'No emails',
          description:
            'Order confirmations, shipping emails and staff invitations show here once sent or kept.',
        }}
      >
        {(d) => <MessageTable messages={d.emailMessages.nodes} onOpen={(id) => set('message', id)} />}
      </DataView>
      <MessageDrawer id={open} onClose={() => set('message', null)} />
    </Stack>
  );
}

function MessageTable({
  messages,
  onOpen,
}: {
  messages: EmailMessageFieldsFragment[];
  onOpen: (id: string) => void;
}) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack gap="xs">
        {messages.map((m) => (
          <Paper key={m.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component="button" type="button" onClick={() => onOpen(m.id)} fw={600} ta="left">
                  {m.subject || m.kindLabel}
                </Anchor>
                <Text size="sm" c="dimmed" truncate>
                  {m.to}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.createdAt)}
                  {m.orderName ? ` · ${m.orderName}` : ''}
                </Text>
              </Stack>
              <EmailStatusBadge status={m.status} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onOpen(m.id)} ta="left">
                  {m.subject || m.kindLabel}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {m.kindLabel}
                </Text>
              </Table.Td>
              <Table.Td>{m.to}</Table.Td>
              <Table.Td>
                {m.orderId && m.orderName ? (
                  <Anchor component={Link} to={`/orders/${m.orderId}`}>
                    {m.orderName}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <EmailStatusBadge status={m.status} />
              </Table.Td>
              <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MessageDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const phone = usePhone();
  const query = useEmailMessageQuery(id);
  const [resend] = useEmailMessageResendMutation();
  const resendCommand = useCommand({
    mutate: async (messageId: string) =>
      (await resend({ variables: { id: messageId } })).data?.emailMessageResend,
    success: () => ({ title: 'Sending again', message: 'The email is queued; its status updates here.' }),
  });
  const m = query.data?.emailMessage;
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={m ? m.subject || m.kindLabel : 'Email'}
    >
      {!m ? (
        query.loading ? (
          <Skeleton height={300} />
        ) : (
          <Text c="dimmed">This email does not exist, or you may not read it.</Text>
        )
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <EmailStatusBadge status={m.status} />
            <Text size="sm">To {m.to}</Text>
            {m.sentAt && (
              <Text size="sm" c="dimmed">
                · sent {formatDateTime(m.sentAt)}
              </Text>
            )}
          </Group>
          {m.status === 'NOT_SENT' && (
            <Text size="sm" c="dimmed">
              Shown as it would have been sent: no mail server was configured.
            </Text>
          )}
          {m.status === 'FAILED' && (
            <Alert color="red" title={`Not sent after ${m.attempts} tries`}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{m.error}</Text>
                <Button
                  size="xs"
                  loading={resendCommand.running}
                  onClick={() => void resendCommand.run(m.id)}
                >
                  Resend
                </Button>
              </Stack>
            </Alert>
          )}
          {m.html ? (
            <Tabs defaultValue="html" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="html">HTML</Tabs.Tab>
                <Tabs.Tab value="text">Text</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="xs">
                <EmailFrame html={m.html} title="Email" />
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="xs">
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
                >
                  {m.text}
                </Text>
              </Tabs.Panel>
            </Tabs>
          ) : (
            <Text size="sm" c="dimmed">
              Being written: it shows here once its job has run.
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
