import { Avatar, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { RETURN_REASON_LABELS } from '@stockroom/domain';
import { IconPhoto } from '@tabler/icons-react';
import { Fragment } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

type Line = ReturnFieldsFragment['lines'][number];

function Count({ label, n, color }: { label: string; n: number; color: string }) {
  if (n <= 0) return null;
  return (
    <Badge variant="light" color={color} tt="none" size="sm">
      {n} {label}
    </Badge>
  );
}

/** Each line: the item, why it comes back, and what became of its units so far. */
export function ReturnLinesCard({ lines }: { lines: readonly Line[] }) {
  return (
    <SectionCard title="Items">
      <Stack gap="md">
        {lines.map((line, i) => {
          const ol = line.orderLine;
          return (
            <Fragment key={line.id}>
              {i > 0 && <Divider />}
              <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="return-line">
                <Avatar src={ol.imageUrl} alt="" radius="sm" size={48} variant="light" color="gray">
                  <IconPhoto size={22} aria-hidden />
                </Avatar>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} lineClamp={2}>
                      {ol.productTitle}
                      {ol.variantTitle !== 'Default' ? ` · ${ol.variantTitle}` : ''}
                    </Text>
                    <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                      × {line.quantity}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {[ol.sku && `SKU ${ol.sku}`, `${formatMoney(ol.unitPrice)} each`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Text size="sm">
                    {RETURN_REASON_LABELS[line.reason]}
                    {line.note ? ` — ${line.note}` : ''}
                  </Text>
                  <Group gap={6} mt={2}>
                    <Count label="expected" n={line.expectedQuantity} color="blue" />
                    <Count label="restocked" n={line.restockedQuantity} color="teal" />
                    <Count label="damaged" n={line.damagedQuantity} color="grape" />
                    <Count label="missing" n={line.missingQuantity} color="red" />
                  </Group>
                </Stack>
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
