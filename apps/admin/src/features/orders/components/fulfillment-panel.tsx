import { Anchor, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { refundedAfterShipping } from '@stockroom/domain';
import { Fragment, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useFulfillmentCancelMutation } from '../api/fulfillment-cancel-mutation';
import { useCommand } from '../../../components/use-command';
import { ShipmentStatusBadge } from '../../../components/order-status-badges';
import { items } from './order-words';
import { packingSlipsUrl } from './document-urls';

type Fulfillment = OrderFieldsFragment['fulfillments'][number];

function Tracking({ f }: { f: Fulfillment }) {
  if (!f.carrier && !f.trackingNumber) return null;
  const text = [f.carrier, f.trackingNumber].filter(Boolean).join(' ');
  if (!f.trackingUrl) return <Text size="sm">{text}</Text>;
  return (
    <Anchor href={f.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <span style={{ overflowWrap: 'anywhere' }}>{text}</span>
        <IconExternalLink size={14} aria-label="(opens the carrier's site)" />
      </Group>
    </Anchor>
  );
}

interface ShipmentProps {
  order: OrderFieldsFragment;
  f: Fulfillment;
  canCancel: boolean;
  onCancel: (f: Fulfillment) => void;
}

function Shipment({ order, f, canCancel, onCancel }: ShipmentProps) {
  const formatDateTime = useFormatDateTime();
  const titles = new Map(order.lines.map((l) => [l.id, l]));
  const cancelled = f.status === 'CANCELLED';
  // The server refuses it too: units refunded after they shipped are settled.
  const settled = f.lines.some((fl) => {
    const line = titles.get(fl.line.id);
    return line ? refundedAfterShipping(line) : false;
  });
  return (
    <Stack gap={4} data-testid="fulfillment" opacity={cancelled ? 0.7 : 1}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm" td={cancelled ? 'line-through' : undefined}>
            {f.name}
          </Text>
          <ShipmentStatusBadge status={f.status} />
        </Group>
        <Group gap={4}>
          {!cancelled && (
            <Button
              component="a"
              href={packingSlipsUrl({ fulfillment: f.id })}
              target="_blank"
              rel="noopener"
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPrinter size={14} aria-hidden />}
            >
              Packing slip
            </Button>
          )}
          {canCancel && !cancelled && !settled && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onCancel(f)}>
              Cancel shipment
            </Button>
          )}
          {canCancel && !cancelled && settled && (
            <Text size="xs" c="dimmed" data-testid="shipment-settled">
              Items refunded after shipping; can't be cancelled
            </Text>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        From {f.location.name} · {formatDateTime(f.createdAt)}
        {f.cancelledAt ? ` · cancelled ${formatDateTime(f.cancelledAt)}` : ''}
      </Text>
      <Tracking f={f} />
      <Stack gap={0}>
        {f.lines.map((fl) => {
          const line = titles.get(fl.line.id);
          const variant =
            line?.variantTitle && line.variantTitle !== 'Default' ? ` · ${line.variantTitle}` : '';
          return (
            <Text key={fl.line.id} size="sm">
              {fl.quantity} × {line ? `${line.productTitle}${variant}` : 'Item'}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}

interface FulfillmentPanelProps {
  order: OrderFieldsFragment;
  canWrite: boolean;
}

/** The order's shipments with their tracking links; a shipment can be undone while the order is open. */
export function FulfillmentPanel({ order, canWrite }: FulfillmentPanelProps) {
  const [confirming, setConfirming] = useState<Fulfillment | null>(null);
  const [cancel, { loading }] = useFulfillmentCancelMutation();
  const canCancel = canWrite && order.status === 'OPEN';
  const shipments = [...order.fulfillments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const cancelShipment = useCommand({
    mutate: async (f: Fulfillment) => (await cancel({ variables: { id: f.id } })).data?.fulfillmentCancel,
    success: (_, f) => ({
      title: 'Shipment cancelled',
      message: `The items of ${f.name} are to ship again.`,
    }),
    failedTitle: 'Shipment not cancelled',
    onDone: () => setConfirming(null),
  });
  const confirm = (f: Fulfillment) => cancelShipment.run(f);

  const units = (f: Fulfillment) => f.lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <SectionCard title="Shipments" testId="order-fulfillments">
      <Stack gap="sm">
        {shipments.length === 0 && (
          <Text size="sm" c="dimmed">
            {order.status === 'CANCELLED' ? 'Nothing was shipped.' : 'Nothing has shipped yet.'}
          </Text>
        )}
        {shipments.map((f, i) => (
          <Fragment key={f.id}>
            {i > 0 && <Divider />}
            <Shipment order={order} f={f} canCancel={canCancel} onCancel={setConfirming} />
          </Fragment>
        ))}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `Cancel shipment ${confirming.name}?` : 'Cancel shipment'}
      >
        {confirming && (
          <Stack gap="md">
            <Text size="sm">
              Its {items(units(confirming))} will be to ship again, and their stock goes back on the shelf at{' '}
              {confirming.location.name}, reserved for this order. Tell the carrier yourself if the parcel was
              already handed over.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Keep shipment
              </Button>
              <Button color="red" loading={loading} onClick={() => void confirm(confirming)}>
                Cancel shipment
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </SectionCard>
  );
}
