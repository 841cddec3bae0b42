import { SimpleGrid, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { ProductLine, type ProductSummary } from './product-line';

/** How many matches the preview shows; the count says how many there are in all. */
const PREVIEW_SIZE = 30;

/** The products an automated collection holds now; refreshed after every save of its rules. */
export function CollectionPreview({ members, total }: { members: readonly ProductSummary[]; total: number }) {
  return (
    <SectionCard
      title={`Matching products (${total.toLocaleString()})`}
      description="The products these conditions select, as saved. Save the conditions to see the effect of a change."
      testId="collection-preview"
    >
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No product matches these conditions yet.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          verticalSpacing={8}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {members.slice(0, PREVIEW_SIZE).map((product) => (
            <li key={product.id} data-testid="preview-row">
              <ProductLine product={product} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {total > Math.min(members.length, PREVIEW_SIZE) && (
        <Text size="sm" c="dimmed" mt="sm">
          … and {(total - Math.min(members.length, PREVIEW_SIZE)).toLocaleString()} more.
        </Text>
      )}
    </SectionCard>
  );
}
