import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { RevertButton } from './revert-button';
import { Link } from 'react-router';
import type { AuditEventsQuery } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import {
  actionWords,
  shownChanges,
  subjectName,
  subjectPath,
  typeWords,
  type StoreFormats,
} from '../../../lib/audit-words';
import { ChangeValues, useStoreFormats } from '../../../components/audit-change';

type AuditEvent = AuditEventsQuery['auditEvents']['nodes'][number];

const ACTORS: Record<string, string> = { staff: 'Staff', system: 'System', api: 'API' };

function Subject({ event }: { event: AuditEvent }) {
  if (!event.subjectType) return null;
  const name = event.subjectLabel ?? subjectName(event.changes);
  const label = `${typeWords(event.subjectType)}${name ? ` · ${name}` : ''}`;
  const path = subjectPath(event.subjectType, event.subjectId);
  return path ? (
    <Anchor component={Link} to={path} size="sm">
      {label}
    </Anchor>
  ) : (
    <Text size="sm">{label}</Text>
  );
}

/** A record made or removed shows its values once; a change shows only what changed, in words. */
function Changes({ event, formats }: { event: AuditEvent; formats: StoreFormats }) {
  const made = event.changes.every((c) => c.before === null);
  const gone = !made && event.changes.every((c) => c.after === null);
  const kept =
    made || gone ? event.changes.filter((c) => !EMPTY.has(made ? c.after : c.before)) : event.changes;
  const shown = shownChanges(kept, formats);
  if (!shown.length) return null;
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing="xs"
      fz="sm"
      mt={4}
      data-testid="audit-changes"
    >
      <Table.Tbody>
        {shown.map((c) => (
          <Table.Tr key={c.key} data-testid="audit-change">
            <Table.Td c="dimmed" w="30%" style={{ verticalAlign: 'top' }}>
              {c.label}
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              <ChangeValues change={c} mode={made ? 'made' : gone ? 'gone' : 'changed'} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Values not worth a line when a record is made or removed. */
const EMPTY = new Set<string | null | undefined>([null, undefined, 'null', '[]', '""', 'false']);

/** One event: who did what to which record, when, from where, field by field; "Revert" where undo applies. */
function AuditEventCard({ event: e, formats }: { event: AuditEvent; formats: StoreFormats }) {
  const format = useFormatDateTime();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = e.subjectLabel ?? subjectName(e.changes);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="audit-event">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {actionWords(e.action)}
            </Text>
            <Subject event={e} />
          </Group>
          <Text size="xs" c="dimmed">
            {e.actorName ?? ACTORS[e.actorType]}
            {e.ip ? ` · ${e.ip}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {e.actorType !== 'staff' && (
            <Badge variant="outline" color="gray" tt="none" size="sm">
              {ACTORS[e.actorType]}
            </Badge>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="audit-when">
            {format(e.createdAt)}
          </Text>
          {e.revertable && (
            <RevertButton
              eventId={e.id}
              what={e.subjectType ? `${typeWords(e.subjectType)}${name ? ` · ${name}` : ''}` : 'It'}
              onRefusal={setRefusal}
            />
          )}
        </Group>
      </Group>
      <Changes event={e} formats={formats} />
      {refusal && (
        <Alert color="yellow" variant="light" role="alert" title="Not reverted" mt="xs" p="xs">
          {refusal}
        </Alert>
      )}
    </Paper>
  );
}

/** The log, newest first. */
export function AuditEventList({ events, currencyCode }: { events: AuditEvent[]; currencyCode: string }) {
  const formats = useStoreFormats(currencyCode);
  return (
    <Stack gap="xs">
      {events.map((e) => (
        <AuditEventCard key={e.id} event={e} formats={formats} />
      ))}
    </Stack>
  );
}
