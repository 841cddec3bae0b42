import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { FormErrors } from '../../../components/form-errors';
import { NativeSelectField, TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import type { OrderFulfillPageQuery } from '../../../gql/graphql';
import { FulfillLineRow } from './fulfill-line-row';
import { CARRIERS, OTHER_CARRIER } from './fulfill-plan';
import layout from '../../../components/editor-layout.module.css';
import classes from './fulfill-layout.module.css';
import { addressLines, items } from './order-words';
import { useFulfillEditor } from './use-fulfill-editor';

type Order = NonNullable<OrderFulfillPageQuery['order']>;
type Locations = OrderFulfillPageQuery['locations'];

const CARRIER_OPTIONS = [
  { value: '', label: 'No carrier (hand delivery, pickup)' },
  ...CARRIERS.map((c) => ({ value: c, label: c })),
  { value: OTHER_CARRIER, label: 'Other' },
];

type Editor = ReturnType<typeof useFulfillEditor>;

/** The location the parcel leaves from. */
function FulfillFromCard({ editor }: { editor: Editor }) {
  const { form, locations, reservedElsewhere } = editor;
  return (
    <SectionCard title="Ship from">
      <NativeSelectField
        control={form.control}
        name="locationId"
        label="Location"
        size="md"
        data={locations.map((l) => ({ value: l.id, label: l.name }))}
        description={
          reservedElsewhere.length
            ? `Stock for some items is reserved at ${reservedElsewhere.join(' and ')}; it moves here if this location has it.`
            : 'Where the stock for these items is reserved.'
        }
      />
    </SectionCard>
  );
}

/** The carrier and tracking number; a name and link for a carrier the server does not know. */
function FulfillTrackingCard({ editor }: { editor: Editor }) {
  const { form, values } = editor;
  return (
    <SectionCard title="Tracking">
      <Stack gap="sm">
        <NativeSelectField
          control={form.control}
          name="carrier"
          label="Carrier"
          size="md"
          data={CARRIER_OPTIONS}
        />
        {values.carrier === OTHER_CARRIER && (
          <TextField control={form.control} name="otherCarrier" label="Carrier name" size="md" required />
        )}
        <TextField
          control={form.control}
          name="trackingNumber"
          label="Tracking number"
          size="md"
          autoComplete="off"
          description={
            values.carrier && values.carrier !== OTHER_CARRIER
              ? `The ${values.carrier} tracking link is made from the number.`
              : undefined
          }
        />
        {values.carrier === OTHER_CARRIER && (
          <TextField
            control={form.control}
            name="trackingUrl"
            label="Tracking link"
            description="Optional: the carrier's page for this parcel."
            placeholder="https://"
            size="md"
            type="url"
            autoComplete="off"
          />
        )}
      </Stack>
    </SectionCard>
  );
}

/** Where the parcel goes. */
function ShipToCard({ order, editor }: { order: Order; editor: Editor }) {
  return (
    <SectionCard title="Ship to">
      <NotifyCustomerCheckbox
        email={order.email}
        checked={editor.notify}
        onChange={editor.setNotify}
        what="the shipping confirmation"
      />
      {order.shippingAddress ? (
        <Stack gap={0}>
          {addressLines(order.shippingAddress).map((line, i) => (
            <Text key={i} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          This order has no shipping address.
        </Text>
      )}
    </SectionCard>
  );
}

/** Lines, location, carrier and tracking; the confirm button stays in reach at the bottom of a phone. */
export function FulfillForm({ order, locations: all }: { order: Order; locations: Locations }) {
  const editor = useFulfillEditor(order, all);
  const { form, lines, shipping, linesMessage, shortMessage } = editor;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={`Fulfill ${order.name}`}>
      <Stack gap="lg">
        <FormErrors messages={form.formErrors} title="Nothing was shipped" />
        <div className={layout.grid}>
          <SectionCard title="Items to ship" description="Set a line to 0 to leave it for a later shipment.">
            <Stack gap="md">
              {linesMessage && (
                <Text size="sm" c="var(--mantine-color-error)" role="alert">
                  {linesMessage}
                </Text>
              )}
              {lines.map((line, i) => (
                <Fragment key={line.id}>
                  {i > 0 && <Divider />}
                  <FulfillLineRow
                    control={form.control}
                    index={i}
                    line={line}
                    shortMessage={shortMessage(i)}
                  />
                </Fragment>
              ))}
            </Stack>
          </SectionCard>
          <Stack gap="lg">
            <FulfillFromCard editor={editor} />
            <FulfillTrackingCard editor={editor} />
            <ShipToCard order={order} editor={editor} />
          </Stack>
        </div>
        <Paper withBorder shadow="md" p="sm" radius="md" className={classes.bar}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
              Back to order
            </Anchor>
            <Button
              type="submit"
              size="lg"
              loading={form.saving}
              disabled={shipping === 0}
              data-testid="fulfill-submit"
            >
              {shipping === 0 ? 'Choose items to ship' : `Fulfill ${items(shipping)}`}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** Why this order has nothing to fulfill, with the way back. */
export function NothingToFulfill({ order }: { order: Order }) {
  const why =
    order.status === 'CANCELLED'
      ? 'This order is cancelled.'
      : order.status === 'CLOSED'
        ? 'This order is archived; unarchive it first.'
        : order.fulfillmentStatus === 'FULFILLED'
          ? 'Every item of this order has shipped.'
          : 'Every item still to ship was refunded.';
  return (
    <Alert color="gray" variant="light" title="Nothing to fulfill" data-testid="nothing-to-fulfill">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{why}</Text>
        <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
          Back to {order.name}
        </Anchor>
      </Stack>
    </Alert>
  );
}
