import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { FormErrors } from '../../../components/form-errors';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import type { StaffMemberQuery } from '../../../gql/graphql';
import { useCommand, type CommandPayload } from '../../../components/use-command';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useSession } from '../../../lib/session-context';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import {
  useOwnershipTransferMutation,
  useStaffDeactivateMutation,
  useStaffPasswordResetMutation,
  useStaffReactivateMutation,
  useStaffSessionRevokeMutation,
  useStaffUpdateMutation,
} from '../api/staff-mutations';
import { useRolesQuery, useStaffMemberQuery } from '../api/staff-queries';
import { LinkDialog } from '../components/link-dialog';
import { RoleChecklist } from '../components/role-checklist';
import { StaffStateBadge } from '../components/staff-state-badge';

type Member = NonNullable<StaffMemberQuery['staffMember']>;

/** One of the page's mutations, and the title of the toast that says it is done. */
interface Work {
  call: () => Promise<CommandPayload | null | undefined>;
  done: string;
}

function MemberPage({ member }: { member: Member }) {
  const format = useFormatDateTime();
  const roles = useRolesQuery().data?.roles ?? [];
  const [roleIds, setRoleIds] = useState(member.roles.map((r) => r.id));
  const [problems, setProblems] = useState<string[]>([]);
  const [resetPath, setResetPath] = useState<string | null>(null);
  const [update, updating] = useStaffUpdateMutation();
  const [deactivate, deactivating] = useStaffDeactivateMutation();
  const [reactivate, reactivating] = useStaffReactivateMutation();
  const [reset, resetting] = useStaffPasswordResetMutation();
  const [revokeSession] = useStaffSessionRevokeMutation();
  const [transfer, transferring] = useOwnershipTransferMutation();
  const [handingOver, setHandingOver] = useState(false);
  const session = useSession();
  const changed =
    [...roleIds].sort().join() !==
    member.roles
      .map((r) => r.id)
      .sort()
      .join();

  const command = useCommand({
    mutate: ({ call }: Work) => call(),
    success: (_, { done }) => ({ title: done, message: member.name }),
    onFailed: setProblems,
  });
  const run = (call: Work['call'], done: string) => {
    setProblems([]);
    return command.run({ call, done });
  };

  return (
    <Stack gap="lg">
      <FormErrors messages={problems} title="Not done" />
      <SectionCard title="Roles" description="A change counts from their next request.">
        <Stack gap="sm" mt="xs">
          <RoleChecklist roles={roles} value={roleIds} onChange={setRoleIds} disabled={member.isOwner} />
          {member.isOwner && (
            <Text size="sm" c="dimmed">
              The owner may do everything, whatever their roles.
            </Text>
          )}
          <Group>
            <Button
              disabled={!changed}
              loading={updating.loading}
              onClick={() =>
                void run(
                  async () =>
                    (
                      await update({
                        variables: { id: member.id, input: { roleIds }, version: member.version },
                      })
                    ).data?.staffUpdate,
                  'Roles saved',
                )
              }
            >
              Save roles
            </Button>
          </Group>
        </Stack>
      </SectionCard>
      <SectionCard title="Sign-in">
        <Stack gap="sm" mt="xs">
          <Text size="sm">
            {member.lastSignInAt ? `Last signed in ${format(member.lastSignInAt)}.` : 'Has never signed in.'}{' '}
            {member.sessions.length
              ? `${member.sessions.length} session${member.sessions.length === 1 ? '' : 's'} open now.`
              : 'No session open now.'}
          </Text>
          {member.sessions.map((session) => (
            <Group
              key={session.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="staff-session"
            >
              <Text size="sm" c="dimmed" style={{ minWidth: 0 }} truncate>
                Since {format(session.createdAt)} · last seen {format(session.lastSeenAt)}
                {session.ip ? ` · ${session.ip}` : ''}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() =>
                  void run(
                    async () => (await revokeSession({ variables: { id: session.id } })).data?.sessionRevoke,
                    'Session ended',
                  )
                }
              >
                End
              </Button>
            </Group>
          ))}
          {!member.isOwner && (
            <Group gap="xs">
              {member.state === 'ACTIVE' && (
                <Button
                  variant="default"
                  loading={resetting.loading}
                  onClick={() =>
                    void run(async () => {
                      const payload = (await reset({ variables: { id: member.id } })).data
                        ?.staffPasswordResetCreate;
                      if (payload?.path) setResetPath(payload.path);
                      return payload;
                    }, 'Reset link made')
                  }
                >
                  Make a password reset link
                </Button>
              )}
              {member.state === 'DEACTIVATED' ? (
                <Button
                  variant="default"
                  loading={reactivating.loading}
                  onClick={() =>
                    void run(
                      async () => (await reactivate({ variables: { id: member.id } })).data?.staffReactivate,
                      'Reactivated',
                    )
                  }
                >
                  Reactivate
                </Button>
              ) : (
                <Button
                  color="red"
                  variant="light"
                  loading={deactivating.loading}
                  onClick={() =>
                    void run(
                      async () => (await deactivate({ variables: { id: member.id } })).data?.staffDeactivate,
                      'Deactivated: their sessions ended',
                    )
                  }
                >
                  Deactivate
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </SectionCard>
      {session.staff.isOwner && !member.isOwner && member.state === 'ACTIVE' && (
        <SectionCard title="Ownership" description="The owner may do everything and can't be deactivated.">
          <Group mt="xs">
            <Button variant="default" color="red" onClick={() => setHandingOver(true)}>
              Make {member.name} the owner
            </Button>
          </Group>
        </SectionCard>
      )}
      <ConfirmDeleteDialog
        opened={handingOver}
        onClose={() => setHandingOver(false)}
        title={`Make ${member.name} the owner?`}
        confirmLabel="Hand over ownership"
        loading={transferring.loading}
        onConfirm={() => {
          setHandingOver(false);
          void run(
            async () => (await transfer({ variables: { id: member.id } })).data?.ownershipTransfer,
            `${member.name} is the owner now`,
          );
        }}
      >
        You stay on the team with your roles, but only {member.name} will be able to hand ownership on again.
      </ConfirmDeleteDialog>
      <LinkDialog
        title={`Password reset for ${member.name}`}
        path={resetPath}
        note="Send this link to them yourself. It works once, for 1 hour, and ends their other sessions."
        onClose={() => setResetPath(null)}
      />
    </Stack>
  );
}

/** `/settings/staff/:staffId` (STAFF_MANAGE): one person's roles, sign-in and state. */
export function StaffMemberRoute() {
  const { staffId = '' } = useParams();
  const query = useStaffMemberQuery(staffId);
  const member = (query.data ?? query.previousData)?.staffMember;
  useDocumentTitle(`${member?.name ?? 'Staff'} · Stockroom`);
  return (
    <Stack gap="lg" maw={800}>
      <div>
        <Anchor component={Link} to="/settings/staff" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            Staff
          </Group>
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1}>{member?.name ?? 'Staff'}</Title>
          {member && <StaffStateBadge state={member.state} />}
        </Group>
        {member && (
          <Text c="dimmed" size="sm">
            {member.email}
          </Text>
        )}
      </div>
      <DataView query={query} thing="staff member" skeleton={<Skeleton height={300} radius="md" />}>
        {(data) =>
          data.staffMember ? (
            <MemberPage
              key={`${data.staffMember.id}:${data.staffMember.version}`}
              member={data.staffMember}
            />
          ) : (
            <NotFoundState thing="staff member" headingOrder={2} />
          )
        }
      </DataView>
    </Stack>
  );
}
