import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, variantTitle } from '@stockroom/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProductFormValues } from './product-form-values';

interface Difference {
  field: string;
  theirs: string;
  mine: string;
}

type TextKey =
  'title' | 'status' | 'handle' | 'vendor' | 'productType' | 'description' | 'seoTitle' | 'seoDescription';

const TOP: { key: TextKey; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'status', label: 'Status' },
  { key: 'handle', label: 'Handle' },
  { key: 'vendor', label: 'Vendor' },
  { key: 'productType', label: 'Product type' },
  { key: 'description', label: 'Description' },
  { key: 'seoTitle', label: 'Page title' },
  { key: 'seoDescription', label: 'Meta description' },
];

const VARIANT: {
  key: 'price' | 'compareAtPrice' | 'costPrice' | 'sku' | 'barcode' | 'weightGrams';
  label: string;
}[] = [
  { key: 'price', label: 'price' },
  { key: 'compareAtPrice', label: 'compare-at' },
  { key: 'costPrice', label: 'cost' },
  { key: 'sku', label: 'SKU' },
  { key: 'barcode', label: 'barcode' },
  { key: 'weightGrams', label: 'weight' },
];

function show(text: string): string {
  const plain = text
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain ? (plain.length > 80 ? `${plain.slice(0, 80)}…` : plain) : '(empty)';
}

/** Where the person's unsaved values differ from the version just loaded. */
export function differences(theirs: ProductFormValues, mine: ProductFormValues): Difference[] {
  const out: Difference[] = [];
  for (const { key, label } of TOP) {
    const a = theirs[key];
    const b = mine[key];
    if (a !== b) out.push({ field: label, theirs: show(a), mine: show(b) });
  }
  if (theirs.tags.join(', ') !== mine.tags.join(', '))
    out.push({ field: 'Tags', theirs: show(theirs.tags.join(', ')), mine: show(mine.tags.join(', ')) });
  const options = (v: ProductFormValues) =>
    v.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('; ');
  if (options(theirs) !== options(mine))
    out.push({ field: 'Options', theirs: show(options(theirs)), mine: show(options(mine)) });
  for (const row of mine.variants) {
    const other = theirs.variants.find((v) => v.key === row.key);
    if (!other) continue;
    for (const { key, label } of VARIANT) {
      if (other[key] !== row[key])
        out.push({
          field: `${variantTitle(row.optionValues)} ${label}`,
          theirs: show(other[key]),
          mine: show(row[key]),
        });
    }
  }
  return out;
}

interface StalePanelProps {
  /** Their version is loaded and the person's values are kept beside it. */
  reloaded: ProductFormValues | null;
  theirs: ProductFormValues;
  onReload: () => void;
  onUseMine: () => void;
  /** Forgets the person's values and goes on from the saved version. */
  onKeepTheirs: () => void;
  reloading: boolean;
}

/** SPEC §8 STALE_VERSION: the message, "Reload their version", then the comparison and "Use my values". */
export function StalePanel({
  reloaded,
  theirs,
  onReload,
  onUseMine,
  onKeepTheirs,
  reloading,
}: StalePanelProps) {
  if (!reloaded) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        title="Not saved"
        data-testid="stale-alert"
      >
        <Stack gap="xs">
          <Text size="sm">{MESSAGES.staleVersion('product')}</Text>
          <Text size="sm">
            Reload their version to see what changed; your unsaved values stay visible beside it.
          </Text>
          <Group>
            <Button size="xs" color="orange" onClick={onReload} loading={reloading}>
              Reload their version
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const diffs = differences(theirs, reloaded);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Their version is loaded"
      data-testid="stale-compare"
    >
      <Stack gap="xs">
        <Text size="sm">
          {diffs.length
            ? 'The form now shows the saved version. Your unsaved values are listed here (and under each field):'
            : 'The saved version matches what you had typed.'}
        </Text>
        {diffs.length > 0 && (
          <Stack gap={4} data-testid="stale-differences">
            {diffs.map((d) => (
              <Text key={d.field} size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  {d.field}:
                </Text>{' '}
                saved “{d.theirs}” ·{' '}
                <Text span fw={600} size="sm">
                  yours “{d.mine}”
                </Text>
              </Text>
            ))}
          </Stack>
        )}
        {diffs.length > 0 && (
          <Group>
            <Button size="xs" variant="default" onClick={onUseMine}>
              Use my values on top of theirs
            </Button>
            <Button size="xs" variant="subtle" onClick={onKeepTheirs}>
              Keep their version
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
