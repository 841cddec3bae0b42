import { Alert, Button, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDice5, IconLock } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { FormErrors } from '../../../components/form-errors';
import { CheckboxField, TextField } from '../../../components/forms/form-fields';
import { NumberField } from '../../../components/forms/number-field';
import { SectionCard } from '../../../components/section-card';
import type { DiscountFieldsFragment, DiscountKind } from '../../../gql/graphql';
import { renderCodeError } from './discount-code-error';
import { DiscountSideCard } from './discount-side-card';
import { DiscountStaleAlert } from './discount-stale-alert';
import { DiscountTargetsField } from './discount-targets-field';
import { useDiscountEditor } from './use-discount-editor';
import classes from '../../../components/editor-layout.module.css';

const KINDS: { value: DiscountKind; label: string }[] = [
  { value: 'PERCENTAGE', label: 'Percentage' },
  { value: 'FIXED_AMOUNT', label: 'Fixed amount' },
  { value: 'FREE_SHIPPING', label: 'Free shipping' },
];

type Editor = ReturnType<typeof useDiscountEditor>;

/** The code the customer gives, with a button that makes one up. */
function DiscountCodeCard({ editor }: { editor: Editor }) {
  return (
    <SectionCard title="Discount code">
      <TextField
        control={editor.form.control}
        name="code"
        label="Code"
        description="What the customer gives; letters, digits, - and _; any case."
        placeholder="WELCOME10"
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        readOnly={editor.readOnly}
        mt="xs"
        renderError={renderCodeError}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        // In the box, so it lines up with it however the description wraps.
        rightSectionWidth={editor.readOnly ? undefined : 112}
        rightSectionPointerEvents="all"
        rightSection={
          !editor.readOnly && (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconDice5 size={14} aria-hidden />}
              onClick={editor.generateCode}
            >
              Generate
            </Button>
          )
        }
      />
    </SectionCard>
  );
}

/** What the code takes off, and from which items. */
function DiscountValueCard({ editor, currencyCode }: { editor: Editor; currencyCode: string }) {
  const narrow = useMediaQuery('(max-width: 30em)') ?? false;
  return (
    <SectionCard title="Value">
      <Stack gap="sm" mt="xs">
        <Controller
          control={editor.form.control}
          name="kind"
          render={({ field }) => (
            <SegmentedControl
              aria-label="Kind of discount"
              data={KINDS}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              disabled={editor.readOnly}
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth
            />
          )}
        />
        {editor.kind === 'PERCENTAGE' && (
          <TextField
            control={editor.form.control}
            name="value"
            label="Percentage"
            rightSection="%"
            inputMode="decimal"
            readOnly={editor.readOnly}
            maw={220}
          />
        )}
        {editor.kind === 'FIXED_AMOUNT' && (
          <TextField
            control={editor.form.control}
            name="value"
            label="Amount"
            description="Shared across the lines it applies to, by their price."
            rightSection={<Text size="xs">{currencyCode}</Text>}
            inputMode="decimal"
            readOnly={editor.readOnly}
            maw={220}
          />
        )}
        {editor.kind === 'FREE_SHIPPING' && (
          <Text size="sm" c="dimmed">
            Takes the price of the order's shipping rate off, and its tax.
          </Text>
        )}
        <DiscountTargetsField
          control={editor.form.control}
          labels={editor.labels}
          onLabel={editor.addLabel}
          readOnly={editor.readOnly}
        />
      </Stack>
    </SectionCard>
  );
}

/** Minimums, limits, and when the code can be used. */
function DiscountLimitsCards({ editor, currencyCode }: { editor: Editor; currencyCode: string }) {
  return (
    <>
      <SectionCard
        title="Requirements and limits"
        description="Leave a box empty for no requirement or limit."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <TextField
            control={editor.form.control}
            name="minimumSubtotal"
            label="Minimum subtotal"
            description="Of the items it applies to."
            rightSection={<Text size="xs">{currencyCode}</Text>}
            inputMode="decimal"
            readOnly={editor.readOnly}
          />
          <NumberField
            control={editor.form.control}
            name="minimumQuantity"
            label="Minimum items"
            description="Of the items it applies to."
            min={1}
            allowDecimal={false}
            readOnly={editor.readOnly}
          />
          <NumberField
            control={editor.form.control}
            name="usageLimit"
            label="Usage limit"
            description="Orders in all, for everyone."
            min={1}
            allowDecimal={false}
            readOnly={editor.readOnly}
          />
          <CheckboxField
            control={editor.form.control}
            name="oncePerCustomer"
            label="Once per customer"
            description="A customer's second order can't use it."
            mt={{ sm: 28 }}
            disabled={editor.readOnly}
          />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Active dates" description={editor.zoneNote}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <TextField
            control={editor.form.control}
            name="startsAt"
            type="datetime-local"
            label="Starts"
            readOnly={editor.readOnly}
          />
          <TextField
            control={editor.form.control}
            name="endsAt"
            type="datetime-local"
            label="Ends"
            readOnly={editor.readOnly}
          />
        </SimpleGrid>
      </SectionCard>
    </>
  );
}

/** A code's rules, for creating and editing; read-only without DISCOUNTS_WRITE. */
export function DiscountEditor({
  discount,
  currencyCode,
  timeZone,
  canWrite,
  canReadOrders,
  onReload,
}: {
  discount: DiscountFieldsFragment | null;
  currencyCode: string;
  timeZone: string;
  canWrite: boolean;
  canReadOrders: boolean;
  /** Loads the code again from the server (after STALE_VERSION); resolves to what is stored now. */
  onReload?: () => Promise<DiscountFieldsFragment | null>;
}) {
  const editor = useDiscountEditor({ discount, currencyCode, timeZone, canWrite, onReload });
  const { form, readOnly, guard } = editor;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Discount">
      {guard.dialog}
      <div className={classes.grid}>
        <Stack gap="lg">
          {editor.stale && <DiscountStaleAlert message={editor.stale} onReload={editor.reload} />}
          <FormErrors messages={form.formErrors} title="Not saved" />
          {readOnly && (
            <Alert color="gray" variant="light" icon={<IconLock size={16} aria-hidden />}>
              You can look at this code; changing codes needs the DISCOUNTS_WRITE permission.
            </Alert>
          )}
          <DiscountCodeCard editor={editor} />
          <DiscountValueCard editor={editor} currencyCode={currencyCode} />
          <DiscountLimitsCards editor={editor} currencyCode={currencyCode} />
        </Stack>
        <Stack gap="lg" className={classes.side}>
          <DiscountSideCard
            discount={discount}
            canWrite={canWrite}
            saving={form.saving}
            dirty={form.formState.isDirty}
            canReadOrders={canReadOrders}
            onDeleted={() => guard.allow()}
            onStale={editor.setStale}
          />
        </Stack>
      </div>
    </form>
  );
}
