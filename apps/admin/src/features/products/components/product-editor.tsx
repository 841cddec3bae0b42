import { weightUnitOf, type WeightUnit } from '@stockroom/domain';
import { WeightUnitContext } from './weight-unit';
import { Alert, Anchor, Box, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { GeneralCard } from './general-card';
import { MediaCard } from './media-card';
import { OptionsCard } from './options-card';
import { ProductActions } from './product-actions';
import { SaveBar } from './save-bar';
import { SideCards, type CategoryChoice } from './side-cards';
import { StalePanel } from './stale-panel';
import { StatusBadge } from './status-badge';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useProductEditor } from './use-product-editor';
import { VariantsCard } from './variants-card';
import type { StockLocation } from './starting-stock';
import { useSession } from '../../../lib/session-context';
import { LiveChangedBanner } from '../../../components/live-changed-banner';
import { PresenceAvatars } from '../../../components/presence-avatars';
import { productUpdatedDocument } from '../api/product-live-subscription';

// Below the variants and asking for its own data: its code (the audit log's words and change
// values, ~6 kB) downloads beside that query instead of with the page (issue 35 item 5).
const HistoryCard = lazy(async () => ({ default: (await import('./history-card')).HistoryCard }));

interface ProductEditorProps {
  product: ProductFieldsFragment | null;
  currencyCode: string;
  /** The store's weight unit (Settings): weights are typed and shown in it. */
  weightUnit: string;
  categories: readonly CategoryChoice[];
  /** The active locations, where a new variant's starting stock can be received. */
  locations: readonly StockLocation[];
  canWrite: boolean;
  reload: () => Promise<ProductFieldsFragment | null>;
}

/** `/products/new` and `/products/:productId`: the whole product on one page. */
export function ProductEditor(props: ProductEditorProps) {
  const unit = weightUnitOf(props.weightUnit);
  return (
    <WeightUnitContext.Provider value={unit}>
      <EditorBody {...props} unit={unit} />
    </WeightUnitContext.Provider>
  );
}

function EditorBody({
  product,
  currencyCode,
  categories,
  locations,
  canWrite,
  reload,
  unit,
}: ProductEditorProps & { unit: WeightUnit }) {
  const { can } = useSession();
  const navigate = useNavigate();
  const [actionErrors, setActionErrors] = useState<string[]>([]);
  const editor = useProductEditor({
    product,
    currencyCode,
    weightUnit: unit,
    reload,
    onCreated: (id) => leave(`/products/${id}`),
  });
  const guard = useLeaveGuard(canWrite && editor.dirty);
  // Moving on after a save, duplicate or delete needs no question.
  function leave(to: string) {
    guard.allow();
    void navigate(to);
  }
  const disabled = !canWrite;
  const { save, dirty } = editor;

  useEffect(() => {
    if (!canWrite) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      if (dirty) void save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canWrite, dirty, save]);

  const fieldErrorCount = Object.keys(editor.errors).length;
  const cardProps = {
    control: editor.control,
    values: editor.values,
    onChange: editor.change,
    errors: editor.errors,
    disabled,
    mine: editor.mine,
  };
  const banner = [...editor.banner, ...actionErrors];

  return (
    <Box pb={canWrite && dirty ? 96 : 'md'} maw={1200}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/products" size="sm" c="dimmed">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              Products
            </Group>
          </Anchor>
          {product && <PresenceAvatars subjectId={product.id} noun="product" />}
        </Group>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm" align="center">
            <Title order={1}>{product ? product.title : 'New product'}</Title>
            {product && <StatusBadge status={product.status} />}
          </Group>
          {product && canWrite && (
            <ProductActions
              product={product}
              version={editor.version}
              onLeave={leave}
              onArchived={editor.adopt}
              onError={setActionErrors}
            />
          )}
        </Group>
        {product && (
          <LiveChangedBanner
            subscription={productUpdatedDocument}
            variables={{ id: product.id }}
            pick={(data) => data.productUpdated}
            noun="product"
            // Typed values are never dropped: with some, their version merges under them.
            onReload={() => void (editor.dirty ? editor.reloadMerging() : reload().catch(() => undefined))}
          />
        )}
        {!canWrite && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} data-testid="read-only-notice">
            You can look at this product but not change it. Ask a staff manager for CATALOG_WRITE.
          </Alert>
        )}
        {editor.stale && (
          <StalePanel
            reloaded={null}
            theirs={editor.values}
            onReload={() => void editor.reloadTheirs()}
            onUseMine={editor.applyMine}
            onKeepTheirs={editor.keepTheirs}
            reloading={editor.reloading}
          />
        )}
        {editor.mine && !editor.stale && (
          <StalePanel
            reloaded={editor.mine}
            theirs={editor.values}
            onReload={() => void editor.reloadTheirs()}
            onUseMine={editor.applyMine}
            onKeepTheirs={editor.keepTheirs}
            reloading={editor.reloading}
          />
        )}
        {(banner.length > 0 || fieldErrorCount > 0) && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="Not saved"
            data-testid="form-errors"
          >
            {fieldErrorCount > 0 && (
              <Text size="sm">
                {fieldErrorCount === 1 ? 'One field needs' : `${fieldErrorCount} fields need`} attention; see
                the messages next to them.
              </Text>
            )}
            {banner.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <GeneralCard {...cardProps} />
                <MediaCard
                  productId={product?.id ?? null}
                  media={product?.media ?? []}
                  pending={editor.pending}
                  onPendingChange={editor.setPending}
                  onUploaded={reload}
                  disabled={disabled}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SideCards {...cardProps} categories={categories} collections={product?.collections ?? []} />
            </Grid.Col>
            {(canWrite || editor.values.options.length > 0) && (
              <Grid.Col span={12}>
                <OptionsCard {...cardProps} />
              </Grid.Col>
            )}
            <Grid.Col span={12}>
              <VariantsCard
                {...cardProps}
                productId={product?.id ?? null}
                currencyCode={currencyCode}
                stockLocations={can('INVENTORY_WRITE') ? locations : []}
              />
            </Grid.Col>
            {product && (
              <Grid.Col span={12}>
                <Suspense fallback={null}>
                  <HistoryCard productId={product.id} />
                </Suspense>
              </Grid.Col>
            )}
          </Grid>
        </fieldset>
      </Stack>
      {canWrite && (
        <SaveBar
          visible={dirty}
          saving={editor.saving}
          onSave={() => void save()}
          onDiscard={editor.discard}
          label={product ? 'Unsaved changes' : 'Unsaved product'}
        />
      )}
      {guard.dialog}
    </Box>
  );
}
