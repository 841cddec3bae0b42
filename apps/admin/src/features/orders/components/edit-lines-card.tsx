import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { VariantPicker, variantTitleOf } from '../../../components/variant-picker';
import { formatMoney } from '../../../lib/format';
import type { AddedCustomItem } from './edit-plan';
import { EditLineRow } from './edit-line-row';
import { MAX_LINE_QUANTITY } from '@stockroom/domain';
import { QuantityStepper } from '../../../components/quantity-stepper';
import type { OrderEditor } from './use-order-edit';

/** A dot badge: green words fail WCAG contrast, the dot carries the colour. */
function AddedBadge() {
  return (
    <Badge color="green" variant="dot" tt="none">
      Added
    </Badge>
  );
}

/** A new line: what it is, Added, how many, and a way to take it off again. */
function AddedRow({
  title,
  detail,
  quantity,
  onQuantity,
  onRemove,
  error,
}: {
  title: string;
  detail: string;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  error: string | null;
}) {
  return (
    <Stack gap={8} data-testid="edit-added">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} lineClamp={2}>
              {title}
            </Text>
            <AddedBadge />
          </Group>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
        <CloseButton aria-label={`Take ${title} off the edit`} onClick={onRemove} />
      </Group>
      <QuantityStepper
        label={title}
        value={quantity}
        min={1}
        max={MAX_LINE_QUANTITY}
        onChange={onQuantity}
        invalid={Boolean(error)}
        hint={false}
      />
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const BLANK: Omit<AddedCustomItem, 'key'> = {
  title: '',
  price: '',
  quantity: 1,
  taxable: true,
  requiresShipping: true,
};

/** An item not in the catalog: title, price, quantity, taxable, requires shipping. */
function CustomItemForm({
  currency,
  onAdd,
  onClose,
}: {
  currency: string;
  onAdd: (item: typeof BLANK) => void;
  onClose: () => void;
}) {
  const [item, setItem] = useState(BLANK);
  const ready = item.title.trim() && item.price.trim();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="edit-custom-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Title"
            value={item.title}
            maxLength={255}
            onChange={(e) => setItem({ ...item, title: e.currentTarget.value })}
          />
          <TextInput
            label="Price"
            inputMode="decimal"
            placeholder="0.00"
            value={item.price}
            onChange={(e) => setItem({ ...item, price: e.currentTarget.value })}
            leftSection={<Text size="sm">{currency}</Text>}
            leftSectionWidth={44}
          />
        </SimpleGrid>
        <Group gap="lg" wrap="wrap">
          <QuantityStepper
            label="the custom item"
            value={item.quantity}
            min={1}
            max={MAX_LINE_QUANTITY}
            onChange={(quantity) => setItem({ ...item, quantity })}
            hint={false}
          />
          <Checkbox
            label="Taxable"
            checked={item.taxable}
            onChange={(e) => setItem({ ...item, taxable: e.currentTarget.checked })}
          />
          <Checkbox
            label="Requires shipping"
            checked={item.requiresShipping}
            onChange={(e) => setItem({ ...item, requiresShipping: e.currentTarget.checked })}
          />
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            onClick={() => {
              onAdd(item);
              onClose();
            }}
          >
            Add item
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Every line of the order, with what the edit does to it, then the items it adds. */
export function EditLinesCard({ editor }: { editor: OrderEditor }) {
  const { order, state, errors } = editor;
  const [customOpen, setCustomOpen] = useState(false);
  return (
    <SectionCard
      title="Items"
      description="Shipped units stay on the order; change what has not shipped yet."
    >
      <Stack gap="md">
        {order.lines.map((line, i) => (
          <Fragment key={line.id}>
            {i > 0 && <Divider />}
            <EditLineRow
              line={line}
              quantity={state.quantities[line.id] ?? line.quantity}
              price={state.prices[line.id]}
              onQuantity={(q) => editor.setQuantity(line.id, q)}
              onPrice={(p) => editor.setPrice(line.id, p)}
              error={errors.lines[line.id] ?? null}
              priceError={errors.prices[line.id] ?? null}
            />
          </Fragment>
        ))}
        {state.added.map((a) => (
          <Fragment key={a.key}>
            <Divider />
            <AddedRow
              title={a.title}
              detail={[a.sku && `SKU ${a.sku}`, `${formatMoney(a.price)} each`].filter(Boolean).join(' · ')}
              quantity={a.quantity}
              onQuantity={(q) => editor.setAdded(a.key, q)}
              onRemove={() => editor.setAdded(a.key, 0)}
              error={errors.added[a.key] ?? null}
            />
          </Fragment>
        ))}
        {state.custom.map((c) => (
          <Fragment key={c.key}>
            <Divider />
            <AddedRow
              title={c.title}
              detail={[
                `${formatMoney({ amount: c.price, currencyCode: editor.currency })} each`,
                c.taxable ? 'taxable' : 'not taxed',
                c.requiresShipping ? 'ships' : 'no shipping',
              ].join(' · ')}
              quantity={c.quantity}
              onQuantity={(q) => editor.setCustomQuantity(c.key, q)}
              onRemove={() => editor.removeCustom(c.key)}
              error={errors.custom[c.key] ?? null}
            />
          </Fragment>
        ))}
        <Divider />
        <VariantPicker
          label="Add an item"
          onPick={(v) =>
            editor.addVariant({
              variantId: v.id,
              title: variantTitleOf(v.product.title, v.title),
              sku: v.sku ?? null,
              price: v.price,
            })
          }
        />
        {customOpen ? (
          <CustomItemForm
            currency={editor.currency}
            onAdd={editor.addCustom}
            onClose={() => setCustomOpen(false)}
          />
        ) : (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setCustomOpen(true)}
          >
            Add custom item
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
}
