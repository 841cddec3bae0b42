import { Anchor, Avatar, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { formatMinor } from '@stockroom/domain';
import { IconPhoto } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { items } from './order-words';
import { minorOf } from './payment-forms';

type Line = OrderFieldsFragment['lines'][number];

/** The product page of a line while the product still exists (and the viewer may read the catalog). */
function lineHref(line: Line): string | null {
  if (line.productId && line.variantId) return `/products/${line.productId}/variants/${line.variantId}`;
  if (line.productId) return `/products/${line.productId}`;
  return null;
}

function LineState({ line, open }: { line: Line; open: boolean }) {
  return (
    <Group gap={6} mt={4}>
      {line.unfulfilledQuantity > 0 && open && (
        // Dot badges: coloured text on its own light tint fails colour contrast (yellow 2.7:1, green 3.8:1).
        <Badge color="orange" variant="dot" tt="none" size="sm">
          {line.unfulfilledQuantity} to ship
        </Badge>
      )}
      {line.fulfilledQuantity > 0 && (
        <Badge color="green" variant="dot" tt="none" size="sm">
          {line.fulfilledQuantity === line.quantity ? 'Shipped' : `${line.fulfilledQuantity} shipped`}
        </Badge>
      )}
      {line.refundedQuantity > 0 && (
        <Badge color="gray" variant="dot" tt="none" size="sm">
          {line.refundedQuantity} refunded
        </Badge>
      )}
      {line.unfulfilledQuantity > 0 && open && line.location && (
        <Text size="xs" c="dimmed">
          Reserved at {line.location.name}
        </Text>
      )}
    </Group>
  );
}

function LineRow({ line, open }: { line: Line; open: boolean }) {
  const href = lineHref(line);
  const discount = minorOf(line.discount);
  const currencyCode = line.unitPrice.currencyCode;
  // Before tax, as the subtotal below adds up: tax is one figure for the whole order.
  const net = {
    amount: formatMinor(minorOf(line.unitPrice) * line.quantity - discount, currencyCode),
    currencyCode,
  };
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="order-line">
      <Avatar src={line.imageUrl} alt="" radius="sm" size={44} variant="light" color="gray">
        <IconPhoto size={20} aria-hidden />
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {href ? (
          <Anchor component={Link} to={href} fw={600} size="sm" lineClamp={2}>
            {line.productTitle}
          </Anchor>
        ) : (
          <Text fw={600} size="sm" lineClamp={2}>
            {line.productTitle}
          </Text>
        )}
        {line.variantTitle && line.variantTitle !== 'Default' && (
          <Text size="sm" c="dimmed">
            {line.variantTitle}
          </Text>
        )}
        {line.sku && (
          <Text size="xs" c="dimmed">
            SKU {line.sku}
          </Text>
        )}
        {line.custom && (
          <Text size="xs" c="dimmed">
            Custom item
          </Text>
        )}
        {line.priceOverrideReason && (
          <Text size="xs" c="dimmed" data-testid="price-override">
            Price changed: {line.priceOverrideReason}
          </Text>
        )}
        <LineState line={line} open={open} />
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {line.originalUnitPrice && (
            <Text span td="line-through" mr={6} size="sm">
              {formatMoney(line.originalUnitPrice)}
            </Text>
          )}
          {formatMoney(line.unitPrice)} × {line.quantity}
        </Text>
        {discount > 0 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            −{formatMoney(line.discount)} discount
          </Text>
        )}
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(net)}
        </Text>
      </Stack>
    </Group>
  );
}

/** What was sold: a snapshot per line, with how much of it has shipped and where the rest is reserved. */
export function OrderLinesCard({ order }: { order: OrderFieldsFragment }) {
  const toShip = order.lines.reduce((n, l) => n + l.unfulfilledQuantity, 0);
  const open = order.status !== 'CANCELLED';
  const summary = [items(order.itemsCount), open && toShip > 0 ? `${toShip.toLocaleString()} to ship` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <SectionCard title="Items" description={summary} testId="order-lines">
      <Stack gap="sm">
        {order.lines.map((line, i) => (
          <Fragment key={line.id}>
            {i > 0 && <Divider />}
            <LineRow line={line} open={open} />
          </Fragment>
        ))}
      </Stack>
    </SectionCard>
  );
}
