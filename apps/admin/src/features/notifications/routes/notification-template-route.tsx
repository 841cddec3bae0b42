import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundState } from '../../../components/not-found-state';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useCommand } from '../../../components/use-command';
import type { NotificationTemplateFieldsFragment } from '../../../gql/graphql';
import { useSession } from '../../../lib/session-context';
import {
  useNotificationTemplateResetMutation,
  useNotificationTemplateUpdateMutation,
} from '../api/notification-template-mutations';
import { useNotificationTemplatesQuery } from '../api/notification-templates-query';
import { useNotificationPreviewQuery, usePreviewOrdersQuery } from '../api/notification-preview-query';
import { TemplatePreview } from '../components/template-preview';

/** `/settings/notifications/:kind`: a template's subject and body, its variables, a live preview. */
export function NotificationTemplateRoute() {
  const { kind = '' } = useParams();
  const query = useNotificationTemplatesQuery();
  const all: NotificationTemplateFieldsFragment[] = query.data?.notificationTemplates ?? [];
  const template = all.find((t) => t.kind.toLowerCase() === kind.toLowerCase());
  useDocumentTitle(`${template?.label ?? 'Template'} · Notifications · Stockroom`);
  if (!query.data && query.loading) return <Skeleton height={400} radius="md" />;
  if (!template) return <NotFoundState thing="message template" />;
  return <TemplateEditor key={`${template.kind}:${template.version}`} template={template} />;
}

function TemplateEditor({ template }: { template: NotificationTemplateFieldsFragment }) {
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const canReadOrders = can('ORDERS_READ');
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [picked, setOrderId] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [debouncedSubject] = useDebouncedValue(subject, 400);
  const [debouncedBody] = useDebouncedValue(body, 400);
  const orders = usePreviewOrdersQuery(template.forStaff || !canReadOrders);
  const orderOptions = (orders.data ?? orders.previousData)?.orders.nodes ?? [];
  // The newest order until one is picked.
  const orderId = picked ?? orderOptions[0]?.id ?? null;
  const preview = useNotificationPreviewQuery(
    {
      kind: template.kind,
      subject: debouncedSubject,
      body: debouncedBody,
      orderId: template.forStaff ? null : orderId,
    },
    false,
  );
  const [update] = useNotificationTemplateUpdateMutation();
  const [reset] = useNotificationTemplateResetMutation();
  const save = useCommand({
    mutate: async () =>
      (await update({ variables: { kind: template.kind, subject, body, version: template.version } })).data
        ?.notificationTemplateUpdate,
    success: () => ({ title: `${template.label} saved`, message: 'The next message uses it.' }),
    onFailed: (_messages, userErrors) =>
      setErrors(Object.fromEntries(userErrors.map((e) => [e.field?.[0] ?? 'form', e.message]))),
    onDone: () => setErrors({}),
  });
  const resetCommand = useCommand({
    mutate: async () => (await reset({ variables: { kind: template.kind } })).data?.notificationTemplateReset,
    success: () => ({ title: `${template.label} reset`, message: 'It is the default again.' }),
    onDone: () => setConfirmReset(false),
  });
  const changed = subject !== template.subject || body !== template.body;

  return (
    <Stack gap="md" maw={1200}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to="/settings/notifications" size="sm">
            ← Notifications
          </Anchor>
          <Title order={2}>{template.label}</Title>
        </Stack>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" disabled={template.isDefault} onClick={() => setConfirmReset(true)}>
              Reset to default
            </Button>
            <Button onClick={() => void save.run(undefined)} loading={save.running} disabled={!changed}>
              Save
            </Button>
          </Group>
        )}
      </Group>
      {!canEdit && (
        <Alert color="gray">You can read this template; changing it needs the Settings permission.</Alert>
      )}
      {errors['form'] && <Alert color="red">{errors['form']}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            readOnly={!canEdit}
            error={errors['subject']}
          />
          <Textarea
            label="Body"
            description="Liquid: {{ order.name }}. A blank line starts a paragraph."
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            readOnly={!canEdit}
            autosize
            minRows={8}
            error={errors['body']}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Text fw={600} size="sm">
            Variables
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {template.variables.map((v) => (
                  <Table.Tr key={v.name}>
                    <Table.Td>
                      <Code>{`{{ ${v.name} }}`}</Code>
                    </Table.Td>
                    <Table.Td c="dimmed">{v.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
        <Stack gap="sm">
          {!template.forStaff && canReadOrders && (
            <Select
              label="Preview on order"
              placeholder={orderOptions.length ? 'Pick an order' : 'No orders yet: made-up facts'}
              searchable
              data={orderOptions.map((o) => ({
                value: o.id,
                label: `${o.name}${o.email ? ` · ${o.email}` : ''}`,
              }))}
              value={orderId}
              onChange={setOrderId}
              nothingFoundMessage="No such order"
            />
          )}
          <TemplatePreview
            preview={(preview.data ?? preview.previousData)?.notificationTemplatePreview}
            loading={preview.loading}
          />
        </Stack>
      </SimpleGrid>
      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title="Reset to the default?">
        <Stack>
          <Text size="sm">Your subject and body for this message are replaced by Stockroom’s default.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              Keep mine
            </Button>
            <Button
              color="red"
              loading={resetCommand.running}
              onClick={() => void resetCommand.run(undefined)}
            >
              Reset to default
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
