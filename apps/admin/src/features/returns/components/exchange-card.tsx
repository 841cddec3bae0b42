import { Anchor, Avatar, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { minorOf } from './return-plan';

type Line = ReturnFieldsFragment['exchangeLines'][number];

/** "Shipped", "2 of 3 shipped" or "Not shipped": a new item's fulfillment in words. */
export function fulfilledWords(line: Pick<Line, 'quantity' | 'fulfilledQuantity'>): string {
  if (line.fulfilledQuantity >= line.quantity) return 'Shipped';
  if (line.fulfilledQuantity > 0) return `${line.fulfilledQuantity} of ${line.quantity} shipped`;
  return 'Not shipped';
}

/**
 * The new items the customer takes instead of money: they are lines of the order, shipped through
 * its fulfillment screen; the credit of the return applied to them.
 */
export function ExchangeCard({ ret }: { ret: ReturnFieldsFragment }) {
  if (ret.exchangeLines.length === 0) return null;
  const unfulfilled = ret.exchangeLines.some((l) => l.unfulfilledQuantity > 0);
  return (
    <SectionCard
      title="Exchange"
      description="New items for the customer, on the order."
      testId="exchange-card"
    >
      <Stack gap="md">
        {ret.exchangeLines.map((line, i) => (
          <Fragment key={line.id}>
            {i > 0 && <Divider />}
            <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="exchange-line">
              <Avatar src={line.imageUrl} alt="" radius="sm" size={48} variant="light" color="gray">
                <IconPhoto size={22} aria-hidden />
              </Avatar>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} lineClamp={2}>
                    {line.productTitle}
                    {line.variantTitle !== 'Default' ? ` · ${line.variantTitle}` : ''}
                  </Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.total)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {[line.sku, `${formatMoney(line.unitPrice)} × ${line.quantity}`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {line.priceOverrideReason && line.originalUnitPrice && (
                  <Text size="xs" c="dimmed">
                    {`${formatMoney(line.originalUnitPrice)} today · ${line.priceOverrideReason}`}
                  </Text>
                )}
                <Group gap={6}>
                  <Badge
                    variant="light"
                    color={line.fulfilledQuantity >= line.quantity ? 'green' : 'yellow'}
                    tt="none"
                    size="sm"
                    data-testid="exchange-line-fulfilled"
                  >
                    {fulfilledWords(line)}
                  </Badge>
                </Group>
              </Stack>
            </Group>
          </Fragment>
        ))}
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">New items</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(ret.exchangeTotal)}
          </Text>
        </Group>
        {minorOf(ret.exchangeCredit) > 0 && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">Paid with the return’s credit</Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              −{formatMoney(ret.exchangeCredit)}
            </Text>
          </Group>
        )}
        {unfulfilled && ret.status !== 'CANCELLED' && (
          <Anchor
            component={Link}
            to={`/orders/${ret.order.id}/fulfill`}
            size="sm"
            fw={600}
            data-testid="exchange-fulfill-link"
          >
            Fulfill on the order →
          </Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}
