import { Button, Group, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronUp, IconPrinter, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { BulkTagsForm } from '../../../components/forms/bulk-tags-form';
import { BulkBar } from '../../../components/bulk-bar';
import { useCommand } from '../../../components/use-command';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useOrdersBulkFulfillMutation } from '../api/orders-bulk-fulfill-mutation';
import { useOrdersBulkUpdateMutation } from '../api/orders-bulk-update-mutation';
import { BulkFulfillDialog } from './bulk-fulfill-dialog';
import { orderBulkErrors, type OrderBulkError } from './order-bulk-errors';
import type { OrderRow } from './order-table';
import { MAX_PRINT_ORDERS, packingSlipsUrl, pickListUrl, type PrintSelection } from './document-urls';

type Dialog = 'fulfill' | 'addTags' | 'removeTags' | null;

interface OrderBulkBarProps {
  /** The selected orders of this page (none when every order matching the search is chosen). */
  rows: readonly OrderRow[];
  /** Every order matching the search is chosen: only printing applies (up to 250 of them). */
  matching?: { query: string; count: number; atLeast: boolean } | null;
  /** ORDERS_WRITE: fulfil, tag, archive; without it the bar only prints. */
  canWrite?: boolean;
  onDone: (message: string) => void;
  onClear: () => void;
}

function orders(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'order' : 'orders'}`;
}

/** The tags of the mutation are ["addTags", i] or ["removeTags", i]: the dialog's one input. */
function tagsField(error: PlaceableUserError): PlaceableUserError {
  const path = error.field ?? [];
  return path[0] === 'addTags' || path[0] === 'removeTags'
    ? { ...error, field: ['tags', ...path.slice(1)] }
    : error;
}

/**
 * Bulk actions over the selected orders: fulfill from one location, add or remove tags, archive.
 * Each is one all-or-none command; actions the server would refuse for an order (nothing to ship,
 * already archived) leave that order out, and the result says so.
 */
export function OrderBulkBar({ rows, matching = null, canWrite = true, onDone, onClear }: OrderBulkBarProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [errors, setErrors] = useState<OrderBulkError[]>([]);
  const [update, updating] = useOrdersBulkUpdateMutation();
  const [fulfill, fulfilling] = useOrdersBulkFulfillMutation();
  const shippable = rows.filter((r) => r.availableActions.includes('FULFILL'));
  const closable = rows.filter((r) => r.availableActions.includes('CLOSE'));
  const writes = canWrite && !matching;
  const print: PrintSelection = matching ? { query: matching.query } : { orders: rows.map((r) => r.id) };
  const tooMany = matching !== null && (matching.atLeast || matching.count > MAX_PRINT_ORDERS);
  const selectedCount = matching
    ? `All ${matching.count.toLocaleString()}${matching.atLeast ? '+' : ''}`
    : rows.length;

  const finish = (message: string) => {
    notifications.show({ color: 'green', title: 'Done', message });
    setDialog(null);
    setErrors([]);
    onDone(message);
  };
  const leftOut = (done: number) =>
    rows.length > done ? ` ${orders(rows.length - done)} left out (not open, or nothing to do).` : '';

  /** The refusals go next to their orders in the dialog: the server's ["ids", i] points into `sent`. */
  const fulfilled = useCommand({
    mutate: async ({ sent, locationId }: { sent: { id: string; name: string }[]; locationId: string }) =>
      (await fulfill({ variables: { ids: sent.map((r) => r.id), locationId } })).data?.ordersBulkFulfill,
    onFailed: (messages, userErrors, { sent }) =>
      setErrors(
        userErrors.length
          ? orderBulkErrors(userErrors, sent)
          : [{ order: null, message: messages.join(' ') }],
      ),
    onDone: (payload) =>
      finish(`${orders(payload.orders.length)} fulfilled.${leftOut(payload.orders.length)}`),
  });
  const runFulfill = async (locationId: string) => {
    setErrors([]);
    // The ids as sent: the server's ["ids", i] points into exactly this list.
    await fulfilled.run({ sent: shippable.map((r) => ({ id: r.id, name: r.name })), locationId });
  };

  const runClose = useCommand({
    mutate: async () =>
      (await update({ variables: { ids: closable.map((r) => r.id), close: true } })).data?.ordersBulkUpdate,
    failedTitle: 'Nothing was archived',
    onDone: (payload) =>
      finish(`${orders(payload.orders.length)} archived.${leftOut(payload.orders.length)}`),
  });

  /** Resolves to the userErrors, which the tags form shows itself; a failure is thrown to it. */
  const runTags = useCommand({
    mutate: async ({ kind, tags }: { kind: 'addTags' | 'removeTags'; tags: string[] }) => {
      const payload = (await update({ variables: { ids: rows.map((r) => r.id), [kind]: tags } })).data
        ?.ordersBulkUpdate;
      return payload && { ...payload, userErrors: payload.userErrors.map(tagsField) };
    },
    onDone: (payload, { kind }) =>
      finish(`Tags ${kind === 'addTags' ? 'added to' : 'removed from'} ${orders(payload.orders.length)}.`),
  });

  return (
    <>
      <BulkBar
        label={`${selectedCount} selected`}
        onClear={onClear}
        notice={
          tooMany && (
            <Text size="sm" c="orange.8" data-testid="print-too-many">
              This search has {matching.count.toLocaleString()}
              {matching.atLeast ? '+' : ''} orders; print at most {MAX_PRINT_ORDERS} at a time. Narrow the
              search or select orders.
            </Text>
          )
        }
      >
        <Group gap="xs" wrap="nowrap">
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Button
                size="sm"
                variant="default"
                disabled={tooMany}
                leftSection={<IconPrinter size={16} aria-hidden />}
                rightSection={<IconChevronUp size={14} aria-hidden />}
              >
                Print
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={packingSlipsUrl(print)} target="_blank" rel="noopener">
                Print packing slips
              </Menu.Item>
              <Menu.Item component="a" href={pickListUrl(print)} target="_blank" rel="noopener">
                Print pick list
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {writes && (
            <>
              <Button
                size="sm"
                leftSection={<IconTruckDelivery size={16} aria-hidden />}
                disabled={!shippable.length}
                title={shippable.length ? undefined : 'Nothing left to ship on the selected orders'}
                onClick={() => {
                  setErrors([]);
                  setDialog('fulfill');
                }}
              >
                Fulfill
              </Button>
              <Menu position="top-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="sm"
                    variant="default"
                    rightSection={<IconChevronUp size={14} aria-hidden />}
                    loading={updating.loading && dialog === null}
                  >
                    More actions
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setDialog('addTags')}>Add tags…</Menu.Item>
                  <Menu.Item onClick={() => setDialog('removeTags')}>Remove tags…</Menu.Item>
                  <Menu.Divider />
                  <Menu.Item disabled={!closable.length} onClick={() => void runClose.run(undefined)}>
                    Archive {closable.length ? orders(closable.length) : ''}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
        </Group>
      </BulkBar>
      <BulkFulfillDialog
        opened={dialog === 'fulfill'}
        shippable={shippable.length}
        skipped={rows.length - shippable.length}
        busy={fulfilling.loading}
        errors={errors}
        onClose={() => setDialog(null)}
        onFulfill={(locationId) => void runFulfill(locationId)}
      />
      <Modal
        opened={dialog === 'addTags' || dialog === 'removeTags'}
        onClose={() => setDialog(null)}
        title={`${dialog === 'addTags' ? 'Add tags to' : 'Remove tags from'} ${orders(rows.length)}`}
        centered
      >
        {(dialog === 'addTags' || dialog === 'removeTags') && (
          <BulkTagsForm
            submitLabel={dialog === 'addTags' ? 'Add tags' : 'Remove tags'}
            errorTitle="Nothing was changed"
            onSubmit={(tags) => runTags.submit({ kind: dialog, tags })}
            onCancel={() => setDialog(null)}
            input={{ splitChars: [','], placeholder: 'Press Enter after each tag' }}
          />
        )}
      </Modal>
    </>
  );
}
