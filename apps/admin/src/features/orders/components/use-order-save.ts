import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@stockroom/domain';
import type { OrderFieldsFragment, OrderUpdateInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { orderDocument } from '../api/order-query';
import { useOrderUpdateMutation } from '../api/order-update-mutation';

const STALE = `${MESSAGES.staleVersion('order')} The page now shows their changes; save again to replace them with yours.`;

/**
 * Saves part of an order with the version it was loaded at. When someone else saved first, the
 * page fetches their version and the form keeps what was typed, so a second save is a choice.
 */
export function useOrderSave(order: Pick<OrderFieldsFragment, 'id' | 'name' | 'version'>) {
  const client = useApolloClient();
  const [update] = useOrderUpdateMutation();
  return async (
    input: Omit<OrderUpdateInput, 'version'>,
    saved: string,
  ): Promise<readonly PlaceableUserError[]> => {
    const { data } = await update({
      variables: { id: order.id, input: { ...input, version: order.version } },
    });
    const errors = data?.orderUpdate.userErrors ?? [];
    if (errors.some((e) => e.code === 'STALE_VERSION')) {
      await client.refetchQueries({ include: [orderDocument] });
      return errors.map((e) => (e.code === 'STALE_VERSION' ? { ...e, message: STALE } : e));
    }
    if (errors.length === 0)
      notifications.show({ color: 'green', title: saved, message: `${order.name} is saved.` });
    return errors;
  };
}
