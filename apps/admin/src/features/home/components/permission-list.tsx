import { List, Text, ThemeIcon } from '@mantine/core';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS } from '@stockroom/domain';
import { IconCheck } from '@tabler/icons-react';
import type { Permission } from '../../../gql/graphql';

interface PermissionListProps {
  permissions: readonly Permission[];
  isOwner: boolean;
}

/** What the person may do, in the words of SPEC §6, in the order the app lists permissions. */
export function PermissionList({ permissions, isOwner }: PermissionListProps) {
  if (isOwner) {
    return (
      <Text size="sm">
        As the owner you can do everything in Stockroom, including transferring ownership.
      </Text>
    );
  }
  const held = new Set(permissions);
  const ordered = PERMISSIONS.filter((p) => held.has(p));
  return (
    <List
      size="sm"
      spacing={6}
      icon={
        <ThemeIcon size={18} radius="xl" variant="light" aria-hidden>
          <IconCheck size={12} />
        </ThemeIcon>
      }
      aria-label="What you can do"
    >
      {ordered.map((permission) => (
        <List.Item key={permission}>{PERMISSION_DESCRIPTIONS[permission]}</List.Item>
      ))}
    </List>
  );
}
