import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';

export interface OrderLineHeadView {
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  /** Shown as "… each" after the SKU when given. */
  unitPrice?: { amount: string; currencyCode: string };
}

/** The line's name in words: "Linen Shirt, M" (a "Default" variant is not named). */
export function lineTitle(line: { productTitle: string; variantTitle: string }): string {
  return line.variantTitle !== 'Default' ? `${line.productTitle}, ${line.variantTitle}` : line.productTitle;
}

/**
 * An order line's head on the fulfil, refund and return pages: its picture, product and variant,
 * SKU and unit price, then the page's own dimmed lines (how many bought, shipped, refunded).
 */
export function OrderLineHead({ line, children }: { line: OrderLineHeadView; children: ReactNode }) {
  const facts = [
    line.sku && `SKU ${line.sku}`,
    line.unitPrice && `${formatMoney(line.unitPrice)} each`,
  ].filter(Boolean);
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Avatar src={line.imageUrl} alt="" radius="sm" size={48} variant="light" color="gray">
        <IconPhoto size={22} aria-hidden />
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} lineClamp={2}>
          {line.productTitle}
        </Text>
        {line.variantTitle !== 'Default' && <Text c="dimmed">{line.variantTitle}</Text>}
        {facts.length > 0 && (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
        {children}
      </Stack>
    </Group>
  );
}
