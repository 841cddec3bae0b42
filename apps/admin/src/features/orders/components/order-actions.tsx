import { Button, Group, Menu, Modal, Text } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconArchiveOff,
  IconCash,
  IconChevronDown,
  IconCreditCard,
  IconPencil,
  IconPrinter,
  IconReceiptRefund,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { checkOrderAction } from '@stockroom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderAction, OrderFieldsFragment } from '../../../gql/graphql';
import { useCommand } from '../../../components/use-command';
import { useSession } from '../../../lib/session-context';
import { useOrderCloseMutation } from '../api/order-close-mutation';
import { useOrderReopenMutation } from '../api/order-reopen-mutation';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CaptureDialog } from './capture-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';
import { VoidDialog } from './void-dialog';
import { packingSlipsUrl } from './document-urls';

type Dialog = 'capture' | 'markPaid' | 'cancel' | 'void' | null;

const TITLES: Record<Exclude<Dialog, null>, string> = {
  capture: 'Capture payment',
  markPaid: 'Mark as paid',
  cancel: 'Cancel order',
  void: 'Void authorization',
};

/**
 * The actions the order allows now (the server's availableActions, the same rule the server
 * enforces) that the signed-in person may take; nothing else is offered.
 */
export function OrderActions({
  order,
  returnable = false,
}: {
  order: OrderFieldsFragment;
  /** Some shipped unit is on no return yet (OrderLine.returnableQuantity, read apart). */
  returnable?: boolean;
}) {
  const { can } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [close, closing] = useOrderCloseMutation();
  const [reopen, reopening] = useOrderReopenMutation();
  const archive = useCommand({
    mutate: async () => (await close({ variables: { id: order.id } })).data?.orderClose,
    success: () => ({ title: 'Order archived', message: `${order.name} is archived.` }),
  });
  const unarchive = useCommand({
    mutate: async () => (await reopen({ variables: { id: order.id } })).data?.orderReopen,
    success: () => ({
      title: 'Order unarchived',
      // A cancelled order comes back to the lists still cancelled.
      message:
        order.status === 'CANCELLED'
          ? `${order.name} is back in the order lists.`
          : `${order.name} is open again.`,
    }),
  });
  const write = can('ORDERS_WRITE');
  const allowed = (action: OrderAction) => order.availableActions.includes(action);
  const offer = {
    fulfill: write && allowed('FULFILL'),
    capture: write && allowed('CAPTURE'),
    markPaid: write && allowed('MARK_PAID'),
    void: can('REFUNDS_WRITE') && allowed('VOID'),
    close: write && allowed('CLOSE'),
    reopen: write && allowed('REOPEN'),
    cancel: write && allowed('CANCEL'),
    // Lines, shipping and code of a placed order (issue #32): the server says when it allows it.
    edit: write && allowed('EDIT'),
    // The server offers REFUND only when money or shipped units can come back (issue #26 §1.2).
    refund: can('REFUNDS_WRITE') && allowed('REFUND'),
    return: can('RETURNS_WRITE') && returnable,
    // Issue #33: the slip lists what is still to ship, so it is offered while something is.
    slip:
      can('ORDERS_READ') &&
      order.status === 'OPEN' &&
      order.lines.some((l) => l.requiresShipping && l.unfulfilledQuantity > 0),
  };
  // An open order that can't be cancelled says why in the menu (SPEC §8: the rule that failed),
  // rather than leaving the person to wonder where the action went.
  const cancelRule =
    write && order.status === 'OPEN' && !offer.cancel
      ? (checkOrderAction(order, 'cancel')?.errors[0]?.message ?? null)
      : null;
  const inMenu = offer.void || offer.close || offer.cancel || Boolean(cancelRule);
  if (!Object.values(offer).some(Boolean) && !cancelRule) return null;

  return (
    <Group gap="xs" data-testid="order-actions">
      {inMenu && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
              More actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {offer.void && (
              <Menu.Item
                leftSection={<IconCreditCard size={16} aria-hidden />}
                onClick={() => setDialog('void')}
              >
                Void authorization
              </Menu.Item>
            )}
            {offer.close && (
              <Menu.Item
                leftSection={<IconArchive size={16} aria-hidden />}
                disabled={closing.loading}
                onClick={() => void archive.run(undefined)}
              >
                Archive
              </Menu.Item>
            )}
            {offer.cancel && (
              <Menu.Item
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setDialog('cancel')}
              >
                Cancel order
              </Menu.Item>
            )}
            {cancelRule && (
              <Menu.Item disabled leftSection={<IconX size={16} aria-hidden />} data-testid="cancel-refused">
                <Text size="sm">Cancel order</Text>
                <Text size="xs" c="dimmed" maw={240}>
                  {cancelRule}
                </Text>
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      {offer.reopen && (
        <Button
          variant="default"
          leftSection={<IconArchiveOff size={16} aria-hidden />}
          loading={reopening.loading}
          onClick={() => void unarchive.run(undefined)}
        >
          Unarchive
        </Button>
      )}
      {offer.edit && (
        <Button
          component={Link}
          to={`/orders/${order.id}/edit`}
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          data-testid="order-edit"
        >
          Edit
        </Button>
      )}
      {offer.refund && (
        <Button
          component={Link}
          to={`/orders/${order.id}/refund`}
          variant="default"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
        >
          Refund
        </Button>
      )}
      {offer.return && (
        <Button
          component={Link}
          to={`/orders/${order.id}/return`}
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          data-testid="order-return"
        >
          Return
        </Button>
      )}
      {offer.markPaid && (
        <Button
          variant="default"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => setDialog('markPaid')}
        >
          Mark as paid
        </Button>
      )}
      {offer.capture && (
        <Button
          variant={offer.fulfill ? 'default' : 'filled'}
          leftSection={<IconCreditCard size={16} aria-hidden />}
          onClick={() => setDialog('capture')}
        >
          Capture payment
        </Button>
      )}
      {offer.slip && (
        <Button
          component="a"
          href={packingSlipsUrl({ orders: [order.id] })}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          data-testid="order-packing-slip"
        >
          Print packing slip
        </Button>
      )}
      {offer.fulfill && (
        <Button
          component={Link}
          to={`/orders/${order.id}/fulfill`}
          leftSection={<IconTruckDelivery size={16} aria-hidden />}
        >
          Fulfill items
        </Button>
      )}
      <Modal opened={dialog !== null} onClose={() => setDialog(null)} title={dialog ? TITLES[dialog] : ''}>
        {dialog === 'capture' && <CaptureDialog order={order} onClose={() => setDialog(null)} />}
        {dialog === 'markPaid' && <MarkPaidDialog order={order} onClose={() => setDialog(null)} />}
        {dialog === 'cancel' && (
          <CancelOrderDialog order={order} canRefund={can('REFUNDS_WRITE')} onClose={() => setDialog(null)} />
        )}
        {dialog === 'void' && <VoidDialog order={order} onClose={() => setDialog(null)} />}
      </Modal>
    </Group>
  );
}
