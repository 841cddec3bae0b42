import { useQuery } from '@apollo/client/react';
import { Group, Stack, Text } from '@mantine/core';
import { graphql } from '../gql';
import type { VariantSearchQuery } from '../gql/graphql';
import { formatMoney } from '../lib/format';
import { SearchPicker } from './search-picker';

/** Variants for an item search: title, SKU or barcode, with price and stock per location. */
export const variantSearchDocument = graphql(`
  query VariantSearch($query: String) {
    productVariants(query: $query, first: 8) {
      nodes {
        id
        title
        sku
        price {
          amount
          currencyCode
        }
        trackInventory
        product {
          id
          title
          status
        }
        inventoryLevels {
          available
          location {
            id
            name
          }
        }
      }
    }
  }
`);

export type FoundVariant = VariantSearchQuery['productVariants']['nodes'][number];

/** Active variants matching the text (title, SKU or barcode); nothing asked while it is empty. */
export function useVariantSearch(query: string) {
  return useQuery(variantSearchDocument, {
    variables: { query: `${query} status:active` },
    skip: query.trim().length < 1,
  });
}

function useVariantResults(text: string) {
  const query = useVariantSearch(text);
  return {
    items: text.trim() ? (query.data ?? query.previousData)?.productVariants.nodes : undefined,
    loading: query.loading,
  };
}

/** "Shirt, M": the variant's title after the product's, unless it is the only ("Default") one. */
export const variantTitleOf = (title: string, variantTitle: string | null | undefined) =>
  variantTitle && variantTitle !== 'Default' ? `${title}, ${variantTitle}` : title;

export function stockWords(v: FoundVariant): string {
  if (!v.trackInventory) return 'Stock not tracked';
  const levels = v.inventoryLevels.filter((l) => l.available !== 0);
  if (!levels.length) return 'Out of stock';
  return levels.map((l) => `${l.available} at ${l.location.name}`).join(' · ');
}

/**
 * The catalog's item search (drafts, exchanges): type a title, SKU or barcode, ↓ to choose, Enter
 * to take it. Each result shows its price and stock per location.
 */
export function VariantPicker({
  label,
  description = '↓ to choose, Enter to add',
  onPick,
  error,
}: {
  label: string;
  description?: string;
  onPick: (variant: FoundVariant) => void;
  error?: string | null;
}) {
  return (
    <SearchPicker
      label={label}
      placeholder="Title, SKU or barcode"
      description={description}
      useResults={useVariantResults}
      itemKey={(v) => v.id}
      renderItem={(v) => (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={1}>
              {variantTitleOf(v.product.title, v.title)}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {[v.sku, stockWords(v)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(v.price)}
          </Text>
        </Group>
      )}
      onPick={onPick}
      emptyText="No active product matches."
      error={error}
    />
  );
}
