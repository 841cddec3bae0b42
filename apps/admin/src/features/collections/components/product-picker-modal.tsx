import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../lib/errors';
import { useCollectionProductPickerQuery } from '../api/collection-product-picker-query';
import { ProductLine, type ProductSummary } from '../../../components/product-line';

interface ProductPickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** Already members: shown ticked and not offered again. */
  memberIds: ReadonlySet<string>;
  onAdd: (products: ProductSummary[]) => Promise<boolean>;
}

/** Search products and tick the ones to add. */
export function ProductPickerModal({ opened, onClose, memberIds, onAdd }: ProductPickerModalProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<Map<string, ProductSummary>>(new Map());
  const [adding, setAdding] = useState(false);
  const query = useCollectionProductPickerQuery(debounced, !opened);
  const connection = (query.data ?? query.previousData)?.products;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ');

  const toggle = (product: ProductSummary) => {
    setPicked((previous) => {
      const next = new Map(previous);
      if (next.has(product.id)) next.delete(product.id);
      else next.set(product.id, product);
      return next;
    });
  };

  const close = () => {
    setPicked(new Map());
    setSearch('');
    onClose();
  };

  const add = async () => {
    setAdding(true);
    const ok = await onAdd([...picked.values()]);
    setAdding(false);
    if (ok) close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add products" size="lg">
      <Stack gap="sm">
        <TextInput
          label="Search products"
          placeholder="Title, SKU, or vendor:Acme tag:summer"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={query.loading ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          error={searchError}
          data-autofocus
        />
        {query.error && !connection && (
          <Alert color="red" variant="light" role="alert">
            {describeError(query.error).message}
          </Alert>
        )}
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={4} data-testid="picker-results">
            {connection?.nodes.map((product) => {
              const member = memberIds.has(product.id);
              return (
                <Checkbox.Card
                  key={product.id}
                  radius="sm"
                  p="xs"
                  checked={member || picked.has(product.id)}
                  disabled={member}
                  onClick={() => !member && toggle(product)}
                  aria-label={`${product.title}${member ? ' (already in the collection)' : ''}`}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Checkbox.Indicator disabled={member} />
                    <ProductLine product={product} />
                    {member && (
                      <Text size="xs" c="dimmed">
                        In collection
                      </Text>
                    )}
                  </Group>
                </Checkbox.Card>
              );
            })}
            {connection && connection.nodes.length === 0 && !searchError && (
              <Text size="sm" c="dimmed" py="md" ta="center">
                No products match “{debounced}”.
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {picked.size} selected
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button disabled={picked.size === 0} loading={adding} onClick={() => void add()}>
              Add {picked.size > 0 ? picked.size : ''} {picked.size === 1 ? 'product' : 'products'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
