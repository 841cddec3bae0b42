import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { CATALOG_LIMITS, slugify } from '@stockroom/domain';
import { TextareaField, TextField } from '../../../components/forms/form-fields';
import { TagsField } from '../../../components/forms/tags-field';
import { SectionCard } from '../../../components/section-card';
import type { ProductStatus } from '../../../gql/graphql';
import { yourValue, type EditorCardProps } from './editor-types';

export interface CategoryChoice {
  id: string;
  name: string;
  parent?: { id: string } | null;
}

interface SideCardsProps extends EditorCardProps {
  categories: readonly CategoryChoice[];
  collections: readonly { id: string; title: string }[];
}

const STATUSES: { value: ProductStatus; label: string }[] = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'ARCHIVED', label: 'Archived' },
];

/** "Men › Shirts": the category names on the way down, so two "Shirts" can be told apart. */
function categoryLabels(categories: readonly CategoryChoice[]): { value: string; label: string }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: CategoryChoice): string => {
    const parent = c.parent ? byId.get(c.parent.id) : undefined;
    return parent ? `${path(parent)} › ${c.name}` : c.name;
  };
  return categories.map((c) => ({ value: c.id, label: path(c) }));
}

/** Status, organization (category, collections, tags, vendor, type) and search-engine listing. */
export function SideCards({
  control,
  values,
  onChange,
  errors,
  disabled,
  mine,
  categories,
  collections,
}: SideCardsProps) {
  return (
    <Stack gap="md">
      <SectionCard title="Status">
        <Select
          label="Status"
          data={STATUSES}
          value={values.status}
          onChange={(status) => status && onChange({ status })}
          allowDeselect={false}
          error={errors['status']}
          description={yourValue(mine?.status, values.status)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={disabled}
        />
        <Text size="xs" c="dimmed" mt={6}>
          Only active products are offered for sale.
        </Text>
      </SectionCard>
      <SectionCard title="Organization">
        <Stack gap="sm">
          <Select
            label="Category"
            data={categoryLabels(categories)}
            value={values.categoryId}
            onChange={(categoryId) => onChange({ categoryId })}
            searchable
            clearable
            placeholder="None"
            nothingFoundMessage="No category by that name"
            error={errors['categoryId']}
            disabled={disabled}
          />
          <div>
            <Text size="sm" fw={500}>
              Collections
            </Text>
            {collections.length ? (
              <Group gap={6} mt={4}>
                {collections.map((c) => (
                  <Badge key={c.id} variant="light" color="gray" tt="none">
                    {c.title}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                In no collection.
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              Membership is edited on each collection, or with “Add to collection” on the product list.
            </Text>
          </div>
          <TagsField
            control={control}
            name="tags"
            label="Tags"
            maxTags={CATALOG_LIMITS.tags}
            splitChars={[',']}
            description={yourValue(mine?.tags.join(', '), values.tags.join(', '))}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={disabled}
            placeholder="Press Enter after each tag"
          />
          <TextField
            control={control}
            name="vendor"
            label="Vendor"
            description={yourValue(mine?.vendor, values.vendor)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextField
            control={control}
            name="productType"
            label="Product type"
            description={yourValue(mine?.productType, values.productType)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Stack>
      </SectionCard>
      <SectionCard title="Search engine listing">
        <Stack gap="sm">
          <TextField
            control={control}
            name="handle"
            label="Handle"
            description={
              yourValue(mine?.handle, values.handle) ??
              (values.handle.trim()
                ? 'The end of the product’s web address.'
                : `Made from the title: ${slugify(values.title) || '…'}`)
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={slugify(values.title) || 'linen-shirt'}
          />
          <TextField control={control} name="seoTitle" label="Page title" placeholder={values.title} />
          <TextareaField
            control={control}
            name="seoDescription"
            label="Meta description"
            autosize
            minRows={2}
            maxRows={6}
          />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
