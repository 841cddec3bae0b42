import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatMinor, parseMoney } from '@stockroom/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import { lineKey, type DraftLineValues, type DraftValues, type Money } from './draft-form';
import { VariantPicker, type FoundVariant } from '../../../components/variant-picker';

/** What the server worked out for one line. */
export interface LineFigures {
  unitPrice: Money;
  subtotal: Money;
  discount: Money;
}

const minorOf = (m: Money) => parseMoney(m.amount, m.currencyCode) ?? 0;

/**
 * A line's amount as the order page shows it: price × quantity, the discount taken off it, and what
 * that leaves before tax (tax is one figure for the order, in the totals).
 */
function LineAmount({ figures, quantity }: { figures: LineFigures; quantity: number }) {
  const discount = minorOf(figures.discount);
  const currencyCode = figures.subtotal.currencyCode;
  const net = { amount: formatMinor(minorOf(figures.subtotal) - discount, currencyCode), currencyCode };
  return (
    <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }} data-testid="draft-line-amount">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(figures.unitPrice)} × {quantity}
      </Text>
      {discount > 0 && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          −{formatMoney(figures.discount)} discount
        </Text>
      )}
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(net)}
      </Text>
    </Stack>
  );
}

const titleOf = (l: Pick<DraftLineValues, 'title' | 'variantTitle'>) =>
  l.variantTitle && l.variantTitle !== 'Default' ? `${l.title}, ${l.variantTitle}` : l.title;

/** A new price for a catalog line, and why: both or neither. */
function PriceDialog({
  line,
  onSave,
  onClose,
}: {
  line: DraftLineValues;
  onSave: (price: string, reason: string) => void;
  onClose: () => void;
}) {
  const [price, setPrice] = useState(line.price || line.catalogPrice?.amount || '');
  const [reason, setReason] = useState(line.reason);
  const missing = !reason.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!missing) {
          onSave(price.trim(), reason.trim());
          onClose();
        }
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          {titleOf(line)} sells at {line.catalogPrice ? formatMoney(line.catalogPrice) : '—'}. The reason
          shows on the order.
        </Text>
        <TextInput
          label="New price"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Reason"
          placeholder="e.g. Loyal customer, damaged box"
          value={reason}
          maxLength={255}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={missing ? 'Say why the price is changed.' : null}
        />
        <Group justify="space-between">
          {line.price ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                onSave('', '');
                onClose();
              }}
            >
              Back to the catalog price
            </Anchor>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={missing}>
              Change price
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function CustomItemDialog({
  onAdd,
  onClose,
}: {
  onAdd: (line: DraftLineValues) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [taxable, setTaxable] = useState(true);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onAdd({
          key: lineKey(),
          variantId: null,
          title: title.trim(),
          variantTitle: null,
          sku: null,
          catalogPrice: null,
          price: price.trim(),
          reason: '',
          quantity: Number(quantity) || 1,
          taxable,
        });
        onClose();
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Item"
          placeholder="e.g. Engraving, gift wrapping"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-autofocus
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Price"
            inputMode="decimal"
            placeholder="0.00"
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
          />
          <NumberInput
            label="Quantity"
            min={1}
            max={100000}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
          />
        </SimpleGrid>
        <Checkbox
          label="Charge tax on this item"
          checked={taxable}
          onChange={(e) => setTaxable(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!title.trim() || !price.trim()}>
            Add item
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The items: found by title, SKU or barcode with their stock, or custom; quantities and prices. */
export function DraftLinesCard({
  values,
  onChange,
  lineFigures,
  lineErrors,
  readOnly,
  error,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  /** The server's figures per line (a completed draft's: its order's), in the lines' order. */
  lineFigures: (LineFigures | null)[];
  lineErrors: Record<string, string>;
  readOnly: boolean;
  error: string | null;
}) {
  const [pricing, setPricing] = useState<string | null>(null);
  const [custom, setCustom] = useState(false);
  const setLine = (key: string, change: Partial<DraftLineValues>) =>
    onChange({ ...values, lines: values.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) });
  const add = (v: FoundVariant) => {
    const existing = values.lines.find((l) => l.variantId === v.id);
    if (existing) return setLine(existing.key, { quantity: existing.quantity + 1 });
    onChange({
      ...values,
      lines: [
        ...values.lines,
        {
          key: lineKey(),
          variantId: v.id,
          title: v.product.title,
          variantTitle: v.title,
          sku: v.sku ?? null,
          catalogPrice: v.price,
          price: '',
          reason: '',
          quantity: 1,
          taxable: true,
        },
      ],
    });
  };
  const pricingLine = values.lines.find((l) => l.key === pricing) ?? null;
  return (
    <SectionCard title="Items" testId="draft-lines">
      <Stack gap="md">
        {!readOnly && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: 1, minWidth: 220 }}>
              <VariantPicker label="Add items" onPick={add} />
            </div>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCustom(true)}
            >
              Custom item
            </Button>
          </Group>
        )}
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
        {values.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            No items yet. Search the catalog above, or add a custom item.
          </Text>
        ) : (
          values.lines.map((line, i) => {
            const overridden = Boolean(line.variantId && line.price);
            const unit = line.variantId ? (overridden ? line.price : line.catalogPrice?.amount) : line.price;
            const figures = lineFigures[i] ?? null;
            const currency =
              line.catalogPrice?.currencyCode ?? lineFigures.find(Boolean)?.unitPrice.currencyCode ?? 'USD';
            return (
              <Fragment key={line.key}>
                {i > 0 && <Divider />}
                <Stack gap={4} data-testid="draft-line">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text fw={600} lineClamp={2}>
                          {titleOf(line)}
                        </Text>
                        {!line.variantId && (
                          <Badge size="xs" variant="light" color="gray" tt="none">
                            Custom item
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {[line.sku && `SKU ${line.sku}`, !line.variantId && !line.taxable && 'No tax']
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                      <Text size="sm" hidden={Boolean(figures) && !overridden}>
                        {overridden && line.catalogPrice && (
                          <Text span td="line-through" c="dimmed" mr={6}>
                            {formatMoney(line.catalogPrice)}
                          </Text>
                        )}
                        {unit ? formatMoney({ amount: unit, currencyCode: currency }) : '—'} each
                      </Text>
                      {overridden && (
                        <Text size="xs" c="dimmed">
                          Price changed: {line.reason}
                        </Text>
                      )}
                    </Stack>
                    {figures && <LineAmount figures={figures} quantity={line.quantity} />}
                  </Group>
                  {!readOnly && (
                    <Group gap="sm" wrap="wrap">
                      <NumberInput
                        aria-label={`Quantity of ${titleOf(line)}`}
                        min={1}
                        max={100000}
                        allowDecimal={false}
                        allowNegative={false}
                        w={96}
                        value={line.quantity}
                        onChange={(q) =>
                          setLine(line.key, { quantity: typeof q === 'number' ? q : Number(q) || 1 })
                        }
                      />
                      {line.variantId && (
                        <Button variant="subtle" size="xs" onClick={() => setPricing(line.key)}>
                          Change price
                        </Button>
                      )}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${titleOf(line)}`}
                        onClick={() =>
                          onChange({ ...values, lines: values.lines.filter((l) => l.key !== line.key) })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                  {readOnly && !figures && (
                    <Text size="sm" c="dimmed">
                      Quantity {line.quantity}
                    </Text>
                  )}
                  {lineErrors[line.key] && (
                    <Text size="sm" c="var(--mantine-color-error)" role="alert">
                      {lineErrors[line.key]}
                    </Text>
                  )}
                </Stack>
              </Fragment>
            );
          })
        )}
      </Stack>
      <Modal opened={pricingLine !== null} onClose={() => setPricing(null)} title="Change price">
        {pricingLine && (
          <PriceDialog
            line={pricingLine}
            onSave={(price, reason) => setLine(pricingLine.key, { price, reason })}
            onClose={() => setPricing(null)}
          />
        )}
      </Modal>
      <Modal opened={custom} onClose={() => setCustom(false)} title="Add a custom item">
        {custom && (
          <CustomItemDialog
            onAdd={(line) => onChange({ ...values, lines: [...values.lines, line] })}
            onClose={() => setCustom(false)}
          />
        )}
      </Modal>
    </SectionCard>
  );
}
