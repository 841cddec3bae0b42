import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CollectionQuery, CollectionInput } from '../../../gql/graphql';
import { useCollectionQuery } from '../api/collection-query';
import { useCollectionUpdateMutation } from '../api/collection-update-mutation';
import { CollectionDeleteButton } from '../components/collection-delete-button';
import { CollectionForm, collectionInput, type CollectionValues } from '../components/collection-form';
import { CollectionMembers } from '../components/collection-members';
import { ProductsInCard } from '../../../components/products-in-card';
import { setSearchField } from '../../../lib/list-params';
import { newRule } from '../components/rule-terms';

type Collection = NonNullable<CollectionQuery['collection']>;

function valuesOf(collection: Collection): CollectionValues {
  return {
    title: collection.title,
    handle: collection.handle,
    description: collection.description,
    kind: collection.kind,
    match: collection.match,
    rules:
      collection.rules.length > 0
        ? collection.rules.map((r) => ({ ...newRule(r.field), relation: r.relation, value: r.value }))
        : [newRule()],
  };
}

/** `/collections/:collectionId`: details, then members (manual) or conditions and their matches (automated). */
export function CollectionRoute() {
  const { collectionId = '' } = useParams();
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const query = useCollectionQuery(collectionId);
  const [update] = useCollectionUpdateMutation();
  const save = useCommand({
    mutate: async ({ id, input }: { id: string; input: CollectionInput; title: string }) =>
      (await update({ variables: { id, input } })).data?.collectionUpdate,
    success: (_, { title }) => ({ title: 'Collection saved', message: `${title} is saved.` }),
    undo: true,
  });
  const collection = query.data?.collection;
  useDocumentTitle(`${collection?.title ?? 'Collection'} · Stockroom`);

  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/collections" size="sm">
            Collections
          </Anchor>
          <Text size="sm">{collection?.title ?? '…'}</Text>
        </Breadcrumbs>
        <Group justify="space-between" mt={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1}>{collection?.title ?? 'Collection'}</Title>
            {collection && (
              <Badge variant="dot" color={collection.kind === 'AUTOMATED' ? 'violet' : 'gray'}>
                {collection.kind === 'AUTOMATED' ? 'Automated' : 'Manual'}
              </Badge>
            )}
          </Group>
        </Group>
      </div>
      <DataView query={query} thing="collection" skeleton={<Skeleton height={420} radius="md" />}>
        {(data) => {
          const found = data.collection;
          if (!found) return <NotFoundState thing="collection" headingOrder={2} />;
          const members = found.products.nodes;
          return (
            <Stack gap="lg">
              <SectionCard
                title={found.kind === 'AUTOMATED' ? 'Details and conditions' : 'Details'}
                description={canEdit ? undefined : 'Changing collections needs CATALOG_WRITE.'}
              >
                <CollectionForm
                  key={found.version}
                  initial={valuesOf(found)}
                  creating={false}
                  canEdit={canEdit}
                  currencyCode={data.shop.currencyCode}
                  submitLabel="Save collection"
                  onSubmit={(values) =>
                    save.submit({
                      id: found.id,
                      input: { ...collectionInput(values, false), version: found.version },
                      title: values.title.trim(),
                    })
                  }
                />
              </SectionCard>
              {found.kind === 'MANUAL' ? (
                <CollectionMembers
                  collectionId={found.id}
                  members={members}
                  total={found.productCount}
                  canEdit={canEdit}
                />
              ) : (
                <ProductsInCard
                  key={found.version}
                  title={`Matching products (${found.productCount.toLocaleString()})`}
                  description="The products these conditions select, as saved."
                  search={setSearchField('', 'collection', found.handle)}
                  emptyText="No product matches these conditions yet."
                  testId="collection-preview"
                />
              )}
              {canEdit && (
                <Group justify="flex-end">
                  <CollectionDeleteButton collection={found} />
                </Group>
              )}
            </Stack>
          );
        }}
      </DataView>
    </Stack>
  );
}
