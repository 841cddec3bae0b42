import { Checkbox, Stack, Text } from '@mantine/core';
import type { Permission, StaffRolesQuery } from '../../../gql/graphql';
import { useSession } from '../../../lib/session-context';

type Role = StaffRolesQuery['roles'][number];

/**
 * Roles to give: each with what it allows; a role granting something the manager doesn't hold
 * can't be ticked (the server refuses it too: ESCALATION_FORBIDDEN).
 */
export function RoleChecklist({
  roles,
  value,
  onChange,
  error,
  disabled,
}: {
  roles: readonly Role[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { can } = useSession();
  return (
    <Checkbox.Group label="Roles" value={value} onChange={onChange} error={error}>
      <Stack gap={8} mt={6}>
        {roles.map((r) => {
          const beyond = r.permissions.filter((p: Permission) => !can(p));
          return (
            <Checkbox
              key={r.id}
              value={r.id}
              disabled={disabled || beyond.length > 0}
              label={r.name}
              description={
                <Text span size="xs" c="dimmed">
                  {r.description}
                  {beyond.length ? ` You can't give it: you don't hold ${beyond.join(', ')}.` : ''}
                </Text>
              }
            />
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
