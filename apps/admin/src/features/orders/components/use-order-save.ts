import { useApolloClient } from '@apollo/client/react';
import { MESSAGES } from '@stockroom/domain';
import { useCommand } from '../../../components/use-command';
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
  const command = useCommand({
    mutate: async ({ input }: { input: Omit<OrderUpdateInput, 'version'>; saved: string }) =>
      (await update({ variables: { id: order.id, input: { ...input, version: order.version } } })).data
        ?.orderUpdate,
    success: (_, { saved }) => ({ title: saved, message: `${order.name} is saved.` }),
  });
  return async (
    input: Omit<OrderUpdateInput, 'version'>,
    saved: string,
  ): Promise<readonly PlaceableUserError[]> => {
    const errors = await command.submit({ input, saved });
    if (!errors.some((e) => e.code === 'STALE_VERSION')) return errors;
    await client.refetchQueries({ include: [orderDocument] });
    return errors.map((e) => (e.code === 'STALE_VERSION' ? { ...e, message: STALE } : e));
  };
}
