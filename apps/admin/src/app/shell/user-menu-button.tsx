import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

type UserMenuButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'style'> & {
  name: string;
  ref?: Ref<HTMLButtonElement>;
};

/** The header's door to the person's menu: their initials and name. */
export function UserMenuButton({ name, ...props }: UserMenuButtonProps) {
  return (
    <UnstyledButton aria-label={`Account menu for ${name}`} data-testid="user-menu" {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar color="blue" radius="xl" size={34} aria-hidden>
          {initials(name)}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
          {name}
        </Text>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
