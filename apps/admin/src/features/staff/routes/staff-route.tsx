import { Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { SettingsTabs } from '../../../components/settings-tabs';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useStaffMembersQuery } from '../api/staff-queries';
import { InviteForm } from '../components/invite-form';
import { LinkDialog } from '../components/link-dialog';
import { StaffStateBadge } from '../components/staff-state-badge';
import { usePhone } from '../../../lib/use-phone';
import { useSession } from '../../../lib/session-context';

/** `/settings/staff` (STAFF_MANAGE): the team, and inviting someone to it. */
export function StaffRoute() {
  useDocumentTitle('Staff · Stockroom');
  const phone = usePhone();
  const format = useFormatDateTime();
  const params = useListParams();
  const query = useStaffMembersQuery({ query: params.q || null, ...pageVariables(params) });
  const connection = (query.data ?? query.previousData)?.staffMembers;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const canManage = useSession().can('STAFF_MANAGE');
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<{ name: string; path: string } | null>(null);

  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm">
          Who works in the back office, and what each may do.
        </Text>
        {canManage && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite staff
          </Button>
        )}
      </Group>
      {canManage && (
        <SearchField
          label="Search staff"
          value={params.q}
          onSearch={(q, how) => params.update({ q }, how)}
          placeholder="A name or an email; or state:invited"
          error={searchError}
        />
      )}
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={240} radius="md" />}
        isEmpty={(data) => data.staffMembers.nodes.length === 0}
        empty={listEmpty({
          nouns: 'staff',
          search: params.q,
          searchError,
          tryHint: 'Try other words or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: { title: 'Nobody yet', description: 'Invite the people who run the store with you.' },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.staffMembers.pageInfo}
            count={data.staffMembers.count}
            noun="person"
            onPage={(cursor) => params.update(cursor)}
          >
            <Stack gap="xs">
              {data.staffMembers.nodes.map((s) => (
                <Paper key={s.id} withBorder radius="md" p="sm" data-testid="staff-row">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Anchor component={Link} to={`/settings/staff/${s.id}`} fw={600}>
                          {s.name}
                        </Anchor>
                        {s.isOwner && (
                          <Badge variant="outline" color="gray" tt="none" size="sm">
                            Owner
                          </Badge>
                        )}
                        <StaffStateBadge state={s.state} />
                      </Group>
                      <Text size="sm" c="dimmed" truncate>
                        {s.email} · {s.roles.map((r) => r.name).join(', ') || 'no roles'}
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {s.lastSignInAt ? `Signed in ${format(s.lastSignInAt)}` : 'Never signed in'}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </ListResults>
        )}
      </DataView>
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite staff" size="lg">
        {inviting && (
          <InviteForm
            onCancel={() => setInviting(false)}
            onInvited={(name, path) => {
              setInviting(false);
              setInvited({ name, path });
            }}
          />
        )}
      </Modal>
      <LinkDialog
        title={`Invitation for ${invited?.name ?? ''}`}
        path={invited?.path ?? null}
        note="Send this link to them yourself (Stockroom sends no mail). It works once, for 7 days."
        onClose={() => setInvited(null)}
      />
    </Stack>
  );
}
