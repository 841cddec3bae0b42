import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useDiscountQuery, useDiscountShopQuery } from '../api/discount-query';
import { DiscountEditor } from '../components/discount-editor';

function Back() {
  return (
    <Anchor component={Link} to="/discounts" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        Discounts
      </Group>
    </Anchor>
  );
}

/** `/discounts/new` and `/discounts/:discountId`: a code's rules, status, use and orders. */
export function DiscountRoute() {
  const { discountId = 'new' } = useParams();
  const isNew = discountId === 'new';
  const { can } = useSession();
  const canWrite = can('DISCOUNTS_WRITE');
  const canReadOrders = can('ORDERS_READ');
  const shop = useDiscountShopQuery();
  const query = useDiscountQuery(discountId, isNew);
  const discount = isNew ? null : ((query.data ?? query.previousData)?.discount ?? null);
  useDocumentTitle(`${isNew ? 'New discount' : (discount?.code ?? 'Discount')} · Stockroom`);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Back />
        <Title order={1} mt={4}>
          {isNew ? 'New discount code' : (discount?.code ?? 'Discount')}
        </Title>
      </div>
      {isNew && !canWrite ? (
        // A shared link to /discounts/new: say so, rather than a blank form that cannot be saved.
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={16} aria-hidden />}
          title="You can't create discount codes"
          data-testid="discount-no-create"
        >
          Making codes needs the DISCOUNTS_WRITE permission. Ask a staff manager for it; you can still look at
          the{' '}
          <Anchor component={Link} to="/discounts" inherit>
            existing codes
          </Anchor>
          .
        </Alert>
      ) : isNew ? (
        <DataView query={shop} thing="store" skeleton={<Skeleton height={420} radius="md" />}>
          {(data) => (
            <DiscountEditor
              key="new"
              discount={null}
              currencyCode={data.shop.currencyCode}
              timeZone={data.shop.timezone}
              canWrite={canWrite}
              canReadOrders={canReadOrders}
            />
          )}
        </DataView>
      ) : (
        <DataView query={query} thing="discount" skeleton={<Skeleton height={420} radius="md" />}>
          {(data) =>
            data.discount ? (
              <DiscountEditor
                key={data.discount.id}
                discount={data.discount}
                currencyCode={data.shop.currencyCode}
                timeZone={data.shop.timezone}
                canWrite={canWrite}
                canReadOrders={canReadOrders}
                onReload={async () => (await query.refetch()).data?.discount ?? null}
              />
            ) : (
              <NotFoundState thing="discount" headingOrder={2} />
            )
          }
        </DataView>
      )}
    </Stack>
  );
}
