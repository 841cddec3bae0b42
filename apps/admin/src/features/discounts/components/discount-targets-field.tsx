import { ActionIcon, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useController, type Control } from 'react-hook-form';
import { SearchPicker } from '../../../components/search-picker';
import { firstFieldError } from '../../../components/forms/form-fields';
import { useCollectionResults, useProductResults } from '../api/discount-picker-queries';
import type { DiscountValues } from './discount-form';
import { APPLIES_TO_LABEL } from './discount-words';

export const productCount = (n: number) => `${n.toLocaleString('en-US')} product${n === 1 ? '' : 's'}`;

export type TargetLabels = Map<string, { title: string; detail: string | null }>;

function Chosen({
  ids,
  labels,
  readOnly,
  onRemove,
  noun,
}: {
  ids: string[];
  labels: TargetLabels;
  readOnly: boolean;
  onRemove: (id: string) => void;
  noun: string;
}) {
  if (!ids.length)
    return (
      <Text size="sm" c="dimmed">
        No {noun}s chosen yet.
      </Text>
    );
  return (
    <Stack gap={4} data-testid="discount-targets">
      {ids.map((id) => {
        const label = labels.get(id);
        return (
          <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {label?.title ?? `A ${noun} that no longer exists`}
              </Text>
              {label?.detail && (
                <Text size="xs" c="dimmed">
                  {label.detail}
                </Text>
              )}
            </div>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${label?.title ?? noun}`}
                onClick={() => onRemove(id)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/** What the code applies to: everything, or products or collections found by search. */
export function DiscountTargetsField({
  control,
  labels,
  onLabel,
  readOnly,
}: {
  control: Control<DiscountValues>;
  labels: TargetLabels;
  onLabel: (id: string, label: { title: string; detail: string | null }) => void;
  readOnly: boolean;
}) {
  const appliesTo = useController({ control, name: 'appliesTo' });
  const products = useController({ control, name: 'productIds' });
  const collections = useController({ control, name: 'collectionIds' });
  const productIds = products.field.value;
  const collectionIds = collections.field.value;
  const productError = firstFieldError(products.fieldState.error)?.message;
  const collectionError = firstFieldError(collections.fieldState.error)?.message;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Applies to"
        value={appliesTo.field.value}
        onChange={(v) => appliesTo.field.onChange(v)}
      >
        <Group gap="lg" mt={6}>
          {(['ALL', 'PRODUCTS', 'COLLECTIONS'] as const).map((v) => (
            <Radio key={v} value={v} label={APPLIES_TO_LABEL[v]} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
      {appliesTo.field.value === 'PRODUCTS' && (
        <Stack gap="xs">
          {!readOnly && (
            <SearchPicker
              label="Find products"
              placeholder="Title or SKU"
              useResults={useProductResults}
              itemKey={(p) => p.id}
              renderItem={(p) => (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{p.title}</Text>
                  {p.status !== 'ACTIVE' && (
                    <Badge size="sm" variant="light" color="gray" tt="none">
                      {p.status === 'DRAFT' ? 'Draft' : 'Archived'}
                    </Badge>
                  )}
                </Group>
              )}
              onPick={(p) => {
                onLabel(p.id, { title: p.title, detail: null });
                if (!productIds.includes(p.id)) products.field.onChange([...productIds, p.id]);
              }}
              emptyText="No product matches."
              error={productError}
            />
          )}
          <Chosen
            ids={productIds}
            labels={labels}
            readOnly={readOnly}
            noun="product"
            onRemove={(id) => products.field.onChange(productIds.filter((x) => x !== id))}
          />
        </Stack>
      )}
      {appliesTo.field.value === 'COLLECTIONS' && (
        <Stack gap="xs">
          {!readOnly && (
            <SearchPicker
              label="Find collections"
              placeholder="Collection title"
              useResults={useCollectionResults}
              itemKey={(c) => c.id}
              renderItem={(c) => (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{c.title}</Text>
                  <Text size="xs" c="dimmed">
                    {productCount(c.productCount)}
                  </Text>
                </Group>
              )}
              onPick={(c) => {
                onLabel(c.id, { title: c.title, detail: productCount(c.productCount) });
                if (!collectionIds.includes(c.id)) collections.field.onChange([...collectionIds, c.id]);
              }}
              emptyText="No collection matches."
              error={collectionError}
            />
          )}
          <Chosen
            ids={collectionIds}
            labels={labels}
            readOnly={readOnly}
            noun="collection"
            onRemove={(id) => collections.field.onChange(collectionIds.filter((x) => x !== id))}
          />
        </Stack>
      )}
    </Stack>
  );
}
