import { Avatar, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPhoto } from '@tabler/icons-react';
import { itemName, unitCounts, type PackLine, type PackOrder } from './pack-plan';

function LineRow({ line, last, error }: { line: PackLine; last: boolean; error: boolean }) {
  const done = line.scanned >= line.needed;
  const { sku, variant, variantTitle, productTitle, imageUrl } = line.line;
  const barcode = variant?.barcode;
  const tint = last
    ? error
      ? 'var(--mantine-color-red-light)'
      : 'var(--mantine-color-teal-light)'
    : undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="pack-line"
      data-done={done || undefined}
      style={{ background: tint, borderColor: last && error ? 'var(--mantine-color-red-6)' : undefined }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={imageUrl} alt="" radius="sm" size={44}>
          <IconPhoto size={20} aria-hidden />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2}>
            {productTitle}
          </Text>
          {variantTitle && variantTitle !== 'Default' && (
            <Text size="sm" c="dimmed" truncate>
              {variantTitle}
            </Text>
          )}
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {sku ? `SKU ${sku}` : 'No SKU'}
            {barcode ? ` · ${barcode}` : ''}
          </Text>
        </Stack>
        <Group
          gap={6}
          wrap="nowrap"
          aria-label={`${itemName(line.line)}: ${line.scanned} of ${line.needed} scanned`}
        >
          {done && (
            <ThemeIcon color="teal" radius="xl" size="md" aria-hidden>
              <IconCheck size={16} />
            </ThemeIcon>
          )}
          <Text fw={700} size="xl" data-testid="pack-line-count" style={{ whiteSpace: 'nowrap' }}>
            {line.scanned} / {line.needed}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}

/** The lines to pack here with their counts, and those that leave from elsewhere. */
export function PackLines({
  order,
  lines,
  lastIndex,
  error,
  locationName,
}: {
  order: PackOrder;
  lines: readonly PackLine[];
  lastIndex: number | null;
  error: boolean;
  locationName: string;
}) {
  const { scanned, needed } = unitCounts(lines);
  const packed = new Set(lines.map((l) => l.line.id));
  const elsewhere = order.lines.filter((l) => l.unfulfilledQuantity > 0 && !packed.has(l.id));
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>
          {order.name} · from {locationName}
        </Text>
        <Text fw={600} data-testid="pack-units" style={{ whiteSpace: 'nowrap' }}>
          {scanned} / {needed} units
        </Text>
      </Group>
      <Progress value={needed ? (scanned / needed) * 100 : 0} color="teal" aria-hidden size="sm" />
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Items to pack">
        {lines.map((line, i) => (
          <LineRow key={line.line.id} line={line} last={i === lastIndex} error={error} />
        ))}
      </Stack>
      {elsewhere.length > 0 && (
        <Text size="sm" c="dimmed">
          Not packed here:{' '}
          {elsewhere
            .map(
              (l) =>
                `${itemName(l)} × ${l.unfulfilledQuantity} (at ${l.location?.name ?? 'another location'})`,
            )
            .join(', ')}
          .
        </Text>
      )}
    </Stack>
  );
}
