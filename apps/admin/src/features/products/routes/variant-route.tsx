import { Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { variantTitle } from '@stockroom/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useVariantQuery } from '../api/variant-query';
import { EditorSkeleton } from '../components/editor-skeleton';
import { StatusBadge } from '../components/status-badge';
import { VariantCommittedCard } from '../components/variant-committed-card';
import { VariantForm } from '../components/variant-form';
import { VariantLevels, VariantMovements } from '../components/variant-stock';
import { ReceiveStock } from '../components/receive-stock';
import { LiveChangedBanner } from '../../../components/live-changed-banner';
import { PresenceAvatars } from '../../../components/presence-avatars';
import { productUpdatedDocument } from '../api/product-live-subscription';

/** `/products/:productId/variants/:variantId`: one variant in full, its stock and its history. */
export function VariantRoute() {
  const { productId = '', variantId = '' } = useParams();
  const { can } = useSession();
  const query = useVariantQuery(productId, variantId);
  const data = query.data ?? query.previousData;
  const variant = data?.product?.variants.find((v) => v.id === variantId);
  useDocumentTitle(
    `${variant ? variantTitle(variant.optionValues) : 'Variant'} · ${data?.product?.title ?? 'Product'} · Stockroom`,
  );

  return (
    <DataView query={query} skeleton={<EditorSkeleton />} thing="variant">
      {({ product, shop, locations, inventoryLevels, inventoryMovements }) => {
        const found = product?.variants.find((v) => v.id === variantId);
        if (!product || !found) return <NotFoundState thing="variant" headingOrder={1} />;
        const levels =
          inventoryLevels && 'inventoryLevels' in inventoryLevels ? inventoryLevels.inventoryLevels : [];
        return (
          <Stack gap="md" maw={1200}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Anchor component={Link} to={`/products/${product.id}`} size="sm" c="dimmed">
                <Group gap={4}>
                  <IconArrowLeft size={14} aria-hidden />
                  {product.title}
                </Group>
              </Anchor>
              <PresenceAvatars key={product.id} subjectId={product.id} noun="product" />
            </Group>
            <Group gap="sm">
              <Title order={1}>{variantTitle(found.optionValues)}</Title>
              <StatusBadge status={product.status} />
            </Group>
            <Text c="dimmed" mt={-8}>
              {product.title}
              {found.sku ? ` · SKU ${found.sku}` : ''}
            </Text>
            <LiveChangedBanner
              key={product.id}
              subscription={productUpdatedDocument}
              variables={{ id: product.id }}
              pick={(data) => data.productUpdated}
              noun="product"
              onReload={() => void query.refetch().catch(() => undefined)}
            />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <VariantForm
                  key={variantId}
                  product={product}
                  variantId={variantId}
                  currencyCode={shop.currencyCode}
                  weightUnit={shop.weightUnit}
                  canWrite={can('CATALOG_WRITE')}
                  onReload={() => query.refetch()}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 7 }}>
                <Stack gap="md">
                  <VariantLevels
                    levels={levels}
                    tracked={found.trackInventory}
                    canReceive={found.trackInventory && can('INVENTORY_WRITE')}
                  />
                  {found.trackInventory && can('INVENTORY_WRITE') && (
                    <ReceiveStock variantId={found.id} locations={locations} />
                  )}
                  {can('ORDERS_READ') && (
                    <VariantCommittedCard variantId={found.id} tracked={found.trackInventory} />
                  )}
                  <VariantMovements movements={inventoryMovements.nodes} sku={found.sku} />
                </Stack>
              </Grid.Col>
            </Grid>
          </Stack>
        );
      }}
    </DataView>
  );
}
