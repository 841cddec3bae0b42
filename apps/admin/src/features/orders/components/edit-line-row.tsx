import { Anchor, Avatar, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { OrderEditPageQuery } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { canRemove, minimumQuantity, minimumWords, type PriceOverride } from './edit-plan';
import { MAX_LINE_QUANTITY } from '@stockroom/domain';
import { QuantityStepper } from '../../../components/quantity-stepper';

type Line = NonNullable<OrderEditPageQuery['order']>['lines'][number];

export const lineTitle = (line: { productTitle: string; variantTitle: string }) =>
  line.variantTitle && line.variantTitle !== 'Default'
    ? `${line.productTitle}, ${line.variantTitle}`
    : line.productTitle;

/** A new price and why, inline under the line; the reason is required by the server. */
function PriceOverrideFields({
  line,
  price,
  onChange,
  error,
}: {
  line: Line;
  price: PriceOverride;
  onChange: (price: PriceOverride | null) => void;
  error: string | null;
}) {
  const title = lineTitle(line);
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label="New price"
          aria-label={`New price of ${title}`}
          placeholder={line.unitPrice.amount}
          inputMode="decimal"
          w={120}
          value={price.price}
          onChange={(e) => onChange({ ...price, price: e.currentTarget.value })}
          leftSection={<Text size="sm">{line.unitPrice.currencyCode}</Text>}
          leftSectionWidth={44}
        />
        <TextInput
          label="Why"
          aria-label={`Why the price of ${title} changes`}
          placeholder="Price match"
          style={{ flex: 1, minWidth: 160 }}
          value={price.reason}
          maxLength={500}
          onChange={(e) => onChange({ ...price, reason: e.currentTarget.value })}
        />
      </Group>
      <Group gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={() => onChange(null)}>
          Keep {formatMoney(line.unitPrice)}
        </Anchor>
      </Group>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One line of the order: its quantity (never below what shipped or was refunded, and it says so),
 * remove while nothing shipped, struck through with Undo once removed, and a new price with its reason.
 */
export function EditLineRow({
  line,
  quantity,
  price,
  onQuantity,
  onPrice,
  error,
  priceError,
}: {
  line: Line;
  quantity: number;
  price: PriceOverride | undefined;
  onQuantity: (quantity: number) => void;
  onPrice: (price: PriceOverride | null) => void;
  error: string | null;
  priceError: string | null;
}) {
  const title = lineTitle(line);
  const removed = quantity === 0;
  const min = minimumQuantity(line);
  const why = minimumWords(line);
  return (
    <Stack gap={8} data-testid="edit-line" data-removed={removed || undefined}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={line.imageUrl} alt="" radius="sm" size={44} variant="light" color="gray">
          <IconPhoto size={20} aria-hidden />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text
              fw={600}
              lineClamp={2}
              td={removed ? 'line-through' : undefined}
              c={removed ? 'dimmed' : undefined}
            >
              {title}
            </Text>
            {removed && (
              <Badge color="red" variant="dot" tt="none">
                Removed
              </Badge>
            )}
            {line.custom && <Badge variant="default">Custom</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {[line.sku && `SKU ${line.sku}`, `${formatMoney(line.unitPrice)} each`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Group>
      {removed ? (
        <Group gap="sm">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => onQuantity(line.quantity)}
            aria-label={`Undo removing ${title}`}
          >
            Undo
          </Button>
        </Group>
      ) : (
        <Group gap="sm" wrap="wrap" align="center">
          <QuantityStepper
            label={title}
            value={quantity}
            min={Math.max(min, 1)}
            max={MAX_LINE_QUANTITY}
            onChange={onQuantity}
            invalid={Boolean(error)}
            hint={false}
          />
          {quantity !== line.quantity && (
            <Text size="sm" c="dimmed" data-testid="edit-line-was">
              was {line.quantity}
            </Text>
          )}
          {why && quantity <= min && (
            <Text size="sm" c="dimmed" data-testid="edit-line-minimum">
              Can't go lower: {why}
            </Text>
          )}
          {canRemove(line) && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onQuantity(0)}
              aria-label={`Remove ${title}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
      {!removed &&
        (price ? (
          <PriceOverrideFields line={line} price={price} onChange={onPrice} error={priceError} />
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onPrice({ price: '', reason: '' })}
          >
            Change price
          </Anchor>
        ))}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
