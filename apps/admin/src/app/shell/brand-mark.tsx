import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/** The Stockroom logo and word mark. */
export function BrandMark({ withName = true }: { withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={32} radius="md" aria-hidden>
        <IconPackage size={20} stroke={1.8} />
      </ThemeIcon>
      {withName && (
        <Text fw={700} size="lg" visibleFrom="xs">
          Stockroom
        </Text>
      )}
    </Group>
  );
}
