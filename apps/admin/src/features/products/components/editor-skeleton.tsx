import { Skeleton, Stack } from '@mantine/core';

/** The shape of the product editor while it loads. */
export function EditorSkeleton() {
  return (
    <Stack gap="md" maw={1200}>
      <Skeleton height={36} width="40%" />
      <Skeleton height={260} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}
