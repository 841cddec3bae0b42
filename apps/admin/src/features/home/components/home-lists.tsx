import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { LOW_STOCK_RULE } from '@stockroom/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { actionWords, subjectName, subjectPath, typeWords } from '../../../lib/audit-words';
import { formatMoney, formatRelative } from '../../../lib/format';
import type { HomeActivity, HomeLowStock, HomeSales } from './home-types';
import classes from './home.module.css';

function Card({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * What tells a product apart from the others listed: its vendor, and its handle too when another
 * product listed has the same title and vendor.
 */
function productDetail(p: HomeSales['topProducts'][number], all: HomeSales['topProducts']): string | null {
  const twins = all.filter((o) => o.productId !== p.productId && o.title === p.title);
  const sameVendor = twins.some((o) => o.vendor === p.vendor);
  const parts = [p.vendor, twins.length && (sameVendor || !p.vendor) ? p.handle : null];
  return parts.filter(Boolean).join(' · ') || null;
}

/** The best sellers of the period by net sales (as the figures count them), each a link to its product. */
export function TopProducts({ products }: { products: HomeSales['topProducts'] }) {
  return (
    <Card id="home-top" title="Top products">
      {products.length === 0 ? (
        <Text c="dimmed" size="sm">
          No products sold in this period yet.
        </Text>
      ) : (
        <Table verticalSpacing={6} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th w={64} ta="right">
                Units
              </Table.Th>
              <Table.Th w={110} ta="right">
                Net sales
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.productId}>
                <Table.Td>
                  <Anchor component={Link} to={`/products/${p.productId}`} size="sm" lineClamp={2}>
                    {p.title}
                  </Anchor>
                  {productDetail(p, products) && (
                    <Text size="xs" c="dimmed" truncate data-testid="top-product-detail">
                      {productDetail(p, products)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{p.unitsSold.toLocaleString()}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(p.netSales)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** The stock levels lowest first, at or below their threshold, with a way to the whole list. */
export function LowStock({ levels, total }: { levels: HomeLowStock; total: number }) {
  return (
    <Card
      id="home-low-stock"
      title="Low stock"
      action={
        total > 0 ? (
          <Anchor component={Link} to={`/inventory?q=${encodeURIComponent('low_stock:true')}`} size="sm">
            View all {total.toLocaleString()}
          </Anchor>
        ) : undefined
      }
    >
      <Text size="xs" c="dimmed" mb="sm" data-testid="low-stock-rule">
        {LOW_STOCK_RULE}
      </Text>
      {levels.length === 0 ? (
        <Text c="dimmed" size="sm">
          Every tracked variant is above its low-stock threshold wherever it is stocked.
        </Text>
      ) : (
        <Stack gap={8}>
          {levels.map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`/products/${l.variant.product.id}/variants/${l.variant.id}`}
                  size="sm"
                  lineClamp={1}
                >
                  {l.variant.product.title}
                  {l.variant.title && l.variant.title !== 'Default' ? ` · ${l.variant.title}` : ''}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {[l.variant.sku, l.location.name].filter(Boolean).join(' · ')}
                </Text>
              </div>
              <Text
                size="sm"
                fw={600}
                className={l.available <= 0 ? classes.down : undefined}
                style={{ flexShrink: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {l.available <= 0 ? 'Out of stock' : `${l.available} left`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The newest changes in the audit log, sign-ins left out (only for those with AUDIT_READ). */
export function RecentActivity({ events }: { events: HomeActivity }) {
  return (
    <Card
      id="home-activity"
      title="Recent activity"
      action={
        <Anchor component={Link} to="/settings/audit" size="sm">
          Audit log
        </Anchor>
      }
    >
      {events.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing has changed yet.
        </Text>
      ) : (
        <Stack gap={8}>
          {events.map((e) => {
            const path = subjectPath(e.subjectType, e.subjectId);
            const name = subjectName(e.changes) ?? (e.subjectType ? typeWords(e.subjectType) : null);
            return (
              <div key={e.id}>
                <Text size="sm" lineClamp={1}>
                  <Text span fw={500} size="sm">
                    {e.actorName ?? 'System'}
                  </Text>{' '}
                  {actionWords(e.action).toLowerCase()}
                  {name && ' · '}
                  {name &&
                    (path ? (
                      <Anchor component={Link} to={path} size="sm">
                        {name}
                      </Anchor>
                    ) : (
                      name
                    ))}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRelative(e.createdAt)}
                </Text>
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
