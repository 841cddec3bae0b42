import { Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useNeighbourKeys } from '../../../lib/record-neighbours';
import { useDraftQuery } from '../api/draft-query';
import { DraftEditor } from '../components/draft-editor';

function Back() {
  return (
    <Anchor component={Link} to="/drafts" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        Drafts
      </Group>
    </Anchor>
  );
}

/** `/drafts/new` and `/drafts/:draftId`: the draft editor. */
export function DraftRoute() {
  const { draftId = 'new' } = useParams();
  const isNew = draftId === 'new';
  const { can } = useSession();
  useNeighbourKeys('/drafts', isNew ? '' : draftId);
  const query = useDraftQuery(draftId, isNew);
  const draft = isNew ? null : ((query.data ?? query.previousData)?.draftOrder ?? null);
  useDocumentTitle(`${isNew ? 'New draft' : (draft?.name ?? 'Draft')} · Stockroom`);
  const canWrite = can('ORDERS_WRITE');
  const canCreateCustomer = can('CUSTOMERS_WRITE');

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Back />
        <Title order={1} mt={4}>
          {isNew ? 'New draft order' : draft ? `Draft ${draft.name}` : 'Draft'}
        </Title>
      </div>
      {isNew ? (
        <DraftEditor key="new" draft={null} canWrite={canWrite} canCreateCustomer={canCreateCustomer} />
      ) : (
        <DataView query={query} thing="draft order" skeleton={<Skeleton height={420} radius="md" />}>
          {(data) =>
            data.draftOrder ? (
              // Keyed by version: a save that changed the draft elsewhere starts the editor afresh.
              <DraftEditor
                key={data.draftOrder.id}
                draft={data.draftOrder}
                canWrite={canWrite}
                canCreateCustomer={canCreateCustomer}
              />
            ) : (
              <NotFoundState thing="draft order" headingOrder={2} />
            )
          }
        </DataView>
      )}
    </Stack>
  );
}
