import { Anchor, Breadcrumbs, Group, Badge, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import { ProductsInCard } from '../../../components/products-in-card';
import { setSearchField } from '../../../lib/list-params';
import { useCategoriesQuery } from '../api/categories-query';
import { useCategoryQuery } from '../api/category-query';
import { CategoryDangerCard } from '../components/category-danger-card';
import { CategoryEditForm } from '../components/category-edit-form';
import { CategoryPlaceCard } from '../components/category-place-card';
import { categoryPath } from '../components/category-tree';

/** `/categories/:categoryId`: rename, see its products, move, delete. */
export function CategoryRoute() {
  const { categoryId = '' } = useParams();
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const query = useCategoryQuery(categoryId);
  const all = useCategoriesQuery();
  const categories = all.data?.categories ?? [];
  const category = query.data?.category;
  useDocumentTitle(`${category?.name ?? 'Category'} · Stockroom`);
  const parentPath = category?.parent ? categoryPath(categories, category.parent.id) : null;

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/categories" size="sm">
            Categories
          </Anchor>
          {parentPath && <Text size="sm">{parentPath}</Text>}
          <Text size="sm">{category?.name ?? '…'}</Text>
        </Breadcrumbs>
        <Group gap="sm" mt={4}>
          <Title order={1}>{category?.name ?? 'Category'}</Title>
          {category && (
            <Badge variant="light" color="gray" tt="none">
              {category.productCount.toLocaleString()} {category.productCount === 1 ? 'product' : 'products'}
            </Badge>
          )}
        </Group>
      </div>
      <DataView query={query} thing="category" skeleton={<Skeleton height={360} radius="md" />}>
        {(data) =>
          data.category ? (
            <Stack gap="lg">
              <SectionCard
                title="Details"
                description={canEdit ? undefined : 'Changing categories needs CATALOG_WRITE.'}
              >
                <CategoryEditForm
                  key={data.category.version}
                  category={data.category}
                  canEdit={canEdit}
                  onReload={() => query.refetch()}
                />
              </SectionCard>
              <ProductsInCard
                title="Products"
                search={setSearchField('', 'category', data.category.handle)}
                emptyText="Choose this category in a product's editor to add it here."
                testId="category-products"
              />
              <CategoryPlaceCard
                key={`${data.category.parent?.id ?? ''}-${data.category.version}`}
                category={data.category}
                categories={categories}
                canEdit={canEdit}
              />
              {canEdit && <CategoryDangerCard category={data.category} />}
            </Stack>
          ) : (
            <NotFoundState thing="category" headingOrder={2} />
          )
        }
      </DataView>
    </Stack>
  );
}
