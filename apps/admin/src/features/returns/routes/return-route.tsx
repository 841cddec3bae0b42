import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import type { ReturnQuery } from '../../../gql/graphql';
import { useSession } from '../../../lib/session-context';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { usePhone } from '../../../lib/use-phone';
import { useReturnQuery } from '../api/return-query';
import { ExchangeCard } from '../components/exchange-card';
import { ReceiptsCard } from '../components/receipts-card';
import { ReceivePanel } from '../components/receive-panel';
import { ReturnActions } from '../components/return-actions';
import classes from '../components/return-page.module.css';
import { ReturnLinesCard } from '../components/return-lines-card';
import { ReturnStatusBadge } from '../components/return-status-badge';
import { ReturnSummaryCard } from '../components/return-summary-card';
import { SettlePanel } from '../components/settle-panel';

function ReturnSkeleton() {
  return (
    <div className={classes.layout}>
      <Stack gap="lg" className={classes.main}>
        <Skeleton height={280} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
      <Skeleton height={220} radius="md" className={classes.side} />
    </div>
  );
}

function ReturnPage({ data }: { data: ReturnQuery }) {
  const { can } = useSession();
  const phone = usePhone();
  const ret = data.return!;
  const write = can('RETURNS_WRITE');
  const receive = write && ret.availableActions.includes('receive');
  const settle = write && ret.availableActions.includes('settle');
  return (
    <div className={classes.layout}>
      <Stack gap="lg" className={classes.main}>
        {/* The panel a person came for comes first: on a phone, the scanner's field is in reach. */}
        {receive && (
          <ReceivePanel key={`receive-${ret.id}-${ret.version}`} ret={ret} locations={data.locations} />
        )}
        {settle && <SettlePanel key={`settle-${ret.id}-${ret.version}`} ret={ret} />}
        <ReturnLinesCard lines={ret.lines} />
        <ExchangeCard ret={ret} />
        <ReceiptsCard ret={ret} phone={phone} />
      </Stack>
      <Stack gap="lg" className={classes.side}>
        <ReturnSummaryCard ret={ret} />
      </Stack>
    </div>
  );
}

/** `/returns/:returnId`: what comes back and why, receiving it, settling it, and its history. */
export function ReturnRoute() {
  const { returnId = '' } = useParams();
  const formatDateTime = useFormatDateTime();
  const query = useReturnQuery(returnId);
  const found = (query.data ?? query.previousData)?.return ?? null;
  const current = found?.id === returnId ? found : null;
  useDocumentTitle(`${current?.name ?? 'Return'} · Returns · Stockroom`);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/returns" size="sm">
            Returns
          </Anchor>
          {current && (
            <Anchor component={Link} to={`/orders/${current.order.id}`} size="sm">
              {current.order.name}
            </Anchor>
          )}
          <Text size="sm">{current?.name ?? (query.data ? 'Not found' : '…')}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" mt={4} gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1}>{current ? `Return ${current.name}` : 'Return'}</Title>
              {current && <ReturnStatusBadge status={current.status} />}
              {current?.settledAt && (
                <Badge variant="light" color="gray" tt="none">
                  Settled
                </Badge>
              )}
            </Group>
            {current && (
              <Text c="dimmed" size="sm">
                Created {formatDateTime(current.createdAt)}
                {current.staffName ? ` by ${current.staffName}` : ''} · order{' '}
                <Anchor component={Link} to={`/orders/${current.order.id}`} size="sm">
                  {current.order.name}
                </Anchor>
              </Text>
            )}
          </Stack>
          {current && <ReturnActions ret={current} />}
        </Group>
      </div>
      <DataView query={query} thing="return" skeleton={<ReturnSkeleton />}>
        {(data) =>
          data.return ? <ReturnPage data={data} /> : <NotFoundState thing="return" headingOrder={2} />
        }
      </DataView>
    </Stack>
  );
}
