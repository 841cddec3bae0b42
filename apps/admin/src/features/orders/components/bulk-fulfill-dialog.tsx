import { Alert, Anchor, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBulkFulfillLocationsQuery } from '../api/bulk-fulfill-locations-query';
import type { OrderBulkError } from './order-bulk-errors';

interface BulkFulfillDialogProps {
  opened: boolean;
  /** How many of the selected orders have something left to ship. */
  shippable: number;
  /** How many of the selected orders are left out (nothing to ship, archived or cancelled). */
  skipped: number;
  busy: boolean;
  /** The server's reasons when it refused (all or none: nothing was shipped then), by order. */
  errors: readonly OrderBulkError[];
  onClose: () => void;
  onFulfill: (locationId: string) => void;
}

function orders(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'order' : 'orders'}`;
}

/**
 * Ship everything still unshipped of the selected orders from one location: a packer at one
 * warehouse clears the morning's queue in one go. All or none, so a refusal names each order and
 * changes nothing.
 */
export function BulkFulfillDialog({
  opened,
  shippable,
  skipped,
  busy,
  errors,
  onClose,
  onFulfill,
}: BulkFulfillDialogProps) {
  const locations = useBulkFulfillLocationsQuery(!opened);
  const list = locations.data?.locations ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  // Until someone picks, the first location by fulfillment priority.
  const locationId = chosen ?? list[0]?.id ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title={`Fulfill ${orders(shippable)}`} centered>
      <Stack gap="md">
        <Text size="sm">
          Every item not yet shipped on {shippable === 1 ? 'this order' : `these ${orders(shippable)}`} is
          marked as shipped from the location you choose, and its stock is taken there.
        </Text>
        {skipped > 0 && (
          <Text size="sm" c="dimmed" data-testid="bulk-fulfill-skipped">
            {orders(skipped)} of your selection {skipped === 1 ? 'is' : 'are'} left out: nothing is left to
            ship, or {skipped === 1 ? 'it is' : 'they are'} archived or cancelled.
          </Text>
        )}
        <Select
          label="Ship from"
          data={list.map((l) => ({ value: l.id, label: l.name }))}
          value={locationId}
          onChange={setChosen}
          allowDeselect={false}
          placeholder={locations.loading ? 'Loading locations…' : 'No active location'}
          disabled={!list.length}
          comboboxProps={{ withinPortal: true }}
        />
        {errors.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Nothing was shipped">
            {errors.some((e) => e.order) && (
              <Text size="sm" mb={6}>
                Fix or deselect these orders, then try again:
              </Text>
            )}
            <List size="sm" spacing={4} data-testid="bulk-fulfill-errors">
              {errors.map((error, index) => (
                <List.Item key={`${error.order?.id ?? ''}-${String(index)}`}>
                  {error.order && (
                    <>
                      <Anchor component={Link} to={`/orders/${error.order.id}`} fw={600} size="sm">
                        {error.order.name}
                      </Anchor>
                      {': '}
                    </>
                  )}
                  {error.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            disabled={!locationId || shippable === 0}
            onClick={() => locationId && onFulfill(locationId)}
            data-testid="bulk-fulfill-submit"
          >
            Fulfill {orders(shippable)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
