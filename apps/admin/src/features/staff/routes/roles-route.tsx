import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataView } from '../../../components/data-view';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useCommand } from '../../../components/use-command';
import type { StaffRolesQuery } from '../../../gql/graphql';
import { useRoleCreateMutation, useRoleDeleteMutation, useRoleUpdateMutation } from '../api/role-mutations';
import { useRolesQuery } from '../api/staff-queries';
import { RoleForm, type RoleValues } from '../components/role-form';
import { useSession } from '../../../lib/session-context';

type Role = StaffRolesQuery['roles'][number];
type Editing = { kind: 'new'; from: RoleValues } | { kind: 'edit'; role: Role } | null;

/** `/settings/roles` (STAFF_MANAGE): the built-in roles, and the store's own. */
export function RolesRoute() {
  useDocumentTitle('Roles · Stockroom');
  const query = useRolesQuery();
  const canManage = useSession().can('STAFF_MANAGE');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const [create] = useRoleCreateMutation();
  const [update] = useRoleUpdateMutation();
  const [remove, removing] = useRoleDeleteMutation();

  const saveRole = useCommand({
    mutate: async ({ editing, values }: { editing: Editing; values: RoleValues }) => {
      const input = { name: values.name, description: values.description, permissions: values.permissions };
      return editing?.kind === 'edit'
        ? (await update({ variables: { id: editing.role.id, input } })).data?.roleUpdate
        : (await create({ variables: { input } })).data?.roleCreate;
    },
    success: (_, { values }) => ({ title: 'Role saved', message: values.name }),
    onDone: () => setEditing(null),
  });
  const save = (values: RoleValues) => saveRole.submit({ editing, values });

  const removeRole = useCommand({
    mutate: async (id: string) => (await remove({ variables: { id } })).data?.roleDelete,
    onFailed: setDeleteErrors,
    onDone: () => setDeleting(null),
  });
  const destroy = async () => {
    if (deleting) await removeRole.run(deleting.id);
  };

  const empty: RoleValues = { name: '', description: '', permissions: [] };
  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm">
          What each kind of work may do. Built-in roles can be copied and changed as your own.
        </Text>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ kind: 'new', from: empty })}
          >
            New role
          </Button>
        )}
      </Group>
      <DataView query={query} skeleton={<Skeleton height={300} radius="md" />}>
        {(data) => (
          <Stack gap="xs">
            {data.roles.map((r) => (
              <Paper key={r.id} withBorder radius="md" p="sm" data-testid="role-row">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{r.name}</Text>
                      {r.builtIn && (
                        <Badge variant="outline" color="gray" tt="none" size="sm">
                          Built-in
                        </Badge>
                      )}
                    </Group>
                    {r.description && (
                      <Text size="sm" c="dimmed">
                        {r.description}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {r.permissions.join(' · ')}
                    </Text>
                  </Stack>
                  {canManage && (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() =>
                          setEditing({
                            kind: 'new',
                            from: {
                              name: `${r.name} (copy)`,
                              description: r.description,
                              permissions: r.permissions,
                            },
                          })
                        }
                      >
                        Copy
                      </Button>
                      {!r.builtIn && (
                        <>
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            onClick={() => setEditing({ kind: 'edit', role: r })}
                          >
                            Edit
                          </Button>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            onClick={() => {
                              setDeleteErrors([]);
                              setDeleting(r);
                            }}
                          >
                            Delete
                          </Button>
                        </>
                      )}
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </DataView>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? `Edit ${editing.role.name}` : 'New role'}
        size="lg"
      >
        {editing && (
          <RoleForm
            initial={
              editing.kind === 'edit'
                ? {
                    name: editing.role.name,
                    description: editing.role.description,
                    permissions: editing.role.permissions,
                  }
                : editing.from
            }
            submitLabel={editing.kind === 'edit' ? 'Save role' : 'Create role'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      {deleting && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          onConfirm={() => void destroy()}
          loading={removing.loading}
          errors={deleteErrors}
        >
          Only a role nobody has can be deleted.
        </ConfirmDeleteDialog>
      )}
    </Stack>
  );
}
