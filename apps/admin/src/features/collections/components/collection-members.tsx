import { ActionIcon, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconX } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { moveItem, useDragReorder } from '../../../lib/use-drag-reorder';
import { useCollectionAddProductsMutation } from '../api/collection-add-products-mutation';
import { useCollectionRemoveProductsMutation } from '../api/collection-remove-products-mutation';
import { useCollectionReorderProductsMutation } from '../api/collection-reorder-products-mutation';
import { ProductLine, type ProductSummary } from '../../../components/product-line';
import { ProductPickerModal } from './product-picker-modal';

interface CollectionMembersProps {
  collectionId: string;
  members: readonly ProductSummary[];
  total: number;
  canEdit: boolean;
}

/** A change to the members, and the words that say it went through. */
interface Change {
  productIds: string[];
  success: string;
}

/** A manual collection's products in order: add from a search, remove, drag or arrows to reorder. */
export function CollectionMembers({ collectionId, members, total, canEdit }: CollectionMembersProps) {
  const [picking, { open, close }] = useDisclosure(false);
  const [add] = useCollectionAddProductsMutation();
  const [remove, removing] = useCollectionRemoveProductsMutation();
  const [reorder, reordering] = useCollectionReorderProductsMutation();
  const busy = removing.loading || reordering.loading;

  const saved = (_: unknown, { success }: Change) => ({ title: 'Collection saved', message: success });
  const reordered = useCommand({
    mutate: async ({ productIds }: Change) =>
      (await reorder({ variables: { id: collectionId, productIds } })).data?.collectionReorderProducts,
    failedTitle: 'Order not changed',
    success: saved,
  });
  const removed = useCommand({
    mutate: async ({ productIds }: Change) =>
      (await remove({ variables: { id: collectionId, productIds } })).data?.collectionRemoveProducts,
    failedTitle: 'Not removed',
    success: saved,
  });
  const added = useCommand({
    mutate: async ({ productIds }: Change) =>
      (await add({ variables: { id: collectionId, productIds } })).data?.collectionAddProducts,
    failedTitle: 'Products not added',
    success: saved,
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= members.length) return;
    const productIds = moveItem(members, from, to).map((p) => p.id);
    void reordered.run({
      productIds,
      success: `${members[from]?.title ?? 'Product'} moved to position ${to + 1}`,
    });
  };
  const { itemProps } = useDragReorder(move);

  return (
    <SectionCard
      title={`Products (${total.toLocaleString()})`}
      description={
        canEdit
          ? 'Shown in this order. Drag a product, or use its arrows, to move it.'
          : 'Shown in this order.'
      }
      testId="collection-members"
    >
      <Stack gap="sm">
        {canEdit && (
          <Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
              Add products
            </Button>
          </Group>
        )}
        {members.length === 0 ? (
          <Text size="sm" c="dimmed">
            No products yet.{canEdit ? ' Add some to fill the collection.' : ''}
          </Text>
        ) : (
          <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.map((product, index) => (
              <Paper
                key={product.id}
                component="li"
                withBorder
                radius="sm"
                p={6}
                {...(canEdit ? itemProps(index) : {})}
                data-testid="member-row"
              >
                <Group gap="xs" wrap="nowrap">
                  {canEdit && (
                    <Box visibleFrom="sm" h={16}>
                      <IconGripVertical
                        size={16}
                        aria-hidden
                        data-drag-handle
                        color="var(--mantine-color-dimmed)"
                      />
                    </Box>
                  )}
                  <Text size="xs" c="dimmed" w={22} ta="right" visibleFrom="sm">
                    {index + 1}
                  </Text>
                  <ProductLine product={product} />
                  {canEdit && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${product.title} up`}
                        disabled={index === 0 || busy}
                        onClick={() => move(index, index - 1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${product.title} down`}
                        disabled={index === members.length - 1 || busy}
                        onClick={() => move(index, index + 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${product.title}`}
                        disabled={busy}
                        onClick={() =>
                          void removed.run({
                            productIds: [product.id],
                            success: `${product.title} removed from the collection`,
                          })
                        }
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {total > members.length && (
          <Text size="xs" c="dimmed">
            Showing the first {members.length.toLocaleString()} of {total.toLocaleString()}.
          </Text>
        )}
      </Stack>
      <ProductPickerModal
        opened={picking}
        onClose={close}
        memberIds={new Set(members.map((m) => m.id))}
        onAdd={async (products) =>
          (await added.run({
            productIds: products.map((p) => p.id),
            success:
              products.length === 1
                ? `${products[0]?.title ?? 'Product'} added`
                : `${products.length} products added`,
          })) !== null
        }
      />
    </SectionCard>
  );
}
