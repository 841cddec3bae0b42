import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session-context';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { useCollectionCreateMutation } from '../api/collection-create-mutation';
import { CollectionForm, collectionInput, EMPTY_COLLECTION } from '../components/collection-form';

/** `/collections/new`: a manual or automated collection. */
export function CollectionNewRoute() {
  useDocumentTitle('New collection · Stockroom');
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const [create] = useCollectionCreateMutation();
  const navigate = useNavigate();

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/collections" size="sm">
            Collections
          </Anchor>
          <Text size="sm">New</Text>
        </Breadcrumbs>
        <Title order={1} mt={4}>
          New collection
        </Title>
      </div>
      <SectionCard
        title="Collection"
        description={
          canEdit
            ? 'Manual collections hold the products you pick; automated ones every product that meets the conditions.'
            : "You don't have permission to create collections. Ask a staff manager for CATALOG_WRITE."
        }
      >
        <CollectionForm
          initial={EMPTY_COLLECTION}
          creating
          canEdit={canEdit}
          submitLabel="Create collection"
          onSubmit={async (values) => {
            try {
              const { data } = await create({ variables: { input: collectionInput(values, true) } });
              const payload = data?.collectionCreate;
              if (payload?.collection) {
                notifications.show({
                  color: 'green',
                  title: 'Collection created',
                  message: `${payload.collection.title} is ready.`,
                });
                await navigate(`/collections/${payload.collection.id}`);
              }
              return payload?.userErrors ?? [];
            } catch (error) {
              return [{ message: describeError(error).message, code: 'ERROR', field: null }];
            }
          }}
        />
      </SectionCard>
    </Stack>
  );
}
