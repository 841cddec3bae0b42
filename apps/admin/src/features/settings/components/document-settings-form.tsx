import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  FOOTER_NOTE_MAX,
  formatDocumentNumber,
  LEGAL_NAME_MAX,
  TAX_ID_MAX,
  looseAddressSchema,
  numberFormatProblem,
  NUMBER_FORMAT_MAX,
} from '@stockroom/domain';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import {
  AddressFields,
  addressInput,
  placeAddressValues,
  type PlaceAddressValues,
} from '../../../components/forms/address-fields';
import { CheckboxField, TextareaField, TextField } from '../../../components/forms/form-fields';
import { SelectField } from '../../../components/forms/select-field';
import { SaveBar } from '../../../components/forms/save-bar';
import type {
  DocumentSettingsFieldsFragment,
  DocumentSettingsInput,
  PackingSlipLayout,
  PaperSize,
} from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

export interface DocumentValues {
  legalName: string;
  taxId: string;
  /** Documents print the store's address (settings › Store) instead of one of their own. */
  useStoreAddress: boolean;
  address: PlaceAddressValues;
  invoiceNumberFormat: string;
  creditNoteNumberFormat: string;
  paperSize: PaperSize;
  packingSlipLayout: PackingSlipLayout;
  hidePricesOnPackingSlips: boolean;
  footerNote: string;
}

export function documentValues(s: DocumentSettingsFieldsFragment): DocumentValues {
  return {
    legalName: s.legalName ?? '',
    taxId: s.taxId ?? '',
    useStoreAddress: !s.address,
    address: placeAddressValues(s.address),
    invoiceNumberFormat: s.invoiceNumberFormat,
    creditNoteNumberFormat: s.creditNoteNumberFormat,
    paperSize: s.paperSize,
    packingSlipLayout: s.packingSlipLayout,
    hidePricesOnPackingSlips: s.hidePricesOnPackingSlips,
    footerNote: s.footerNote ?? '',
  };
}

export function documentInput(v: DocumentValues): DocumentSettingsInput {
  const address = addressInput(v.address);
  return {
    legalName: v.legalName.trim(),
    taxId: v.taxId.trim(),
    // Nothing typed: documents print the store's address.
    address: !v.useStoreAddress && Object.values(address).some((part) => part !== null) ? address : null,
    invoiceNumberFormat: v.invoiceNumberFormat.trim(),
    creditNoteNumberFormat: v.creditNoteNumberFormat.trim(),
    paperSize: v.paperSize,
    packingSlipLayout: v.packingSlipLayout,
    hidePricesOnPackingSlips: v.hidePricesOnPackingSlips,
    footerNote: v.footerNote.trim(),
  };
}

const numberFormat = z.string().superRefine((value, ctx) => {
  const problem = numberFormatProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** What documentSettingsUpdate checks, over the input the form sends. */
export const documentSchema = z.preprocess(
  (v) => documentInput(v as DocumentValues),
  z
    .object({
      legalName: z.string().max(LEGAL_NAME_MAX, `Use at most ${LEGAL_NAME_MAX} characters.`),
      taxId: z.string().max(TAX_ID_MAX, `Use at most ${TAX_ID_MAX} characters.`),
      address: looseAddressSchema,
      invoiceNumberFormat: numberFormat,
      creditNoteNumberFormat: numberFormat,
      footerNote: z.string().max(FOOTER_NOTE_MAX, `Use at most ${FOOTER_NOTE_MAX} characters.`),
    })
    .passthrough()
    .refine((v) => v.invoiceNumberFormat !== v.creditNoteNumberFormat, {
      path: ['creditNoteNumberFormat'],
      message: 'Credit notes need a format of their own, so their numbers never look like an invoice’s.',
    }),
);

/** "The first invoice of 2026 will be INV-2026-000001", or nothing while the format is wrong. */
function NumberExample({ format, noun }: { format: string; noun: string }) {
  const year = new Date().getFullYear();
  if (numberFormatProblem(format.trim())) return null;
  return (
    <>
      {noun} 1 of {year}: <b>{formatDocumentNumber(format.trim(), year, 1)}</b>. Numbers never skip; each year
      starts again at 1.
    </>
  );
}

interface DocumentSettingsFormProps {
  initial: DocumentValues;
  storeName: string;
  disabled: boolean;
  onSubmit: (values: DocumentValues) => Promise<readonly PlaceableUserError[]>;
}

/** Seller details, number formats and paper: what packing slips, pick lists, invoices and credit notes print. */
export function DocumentSettingsForm({ initial, storeName, disabled, onSubmit }: DocumentSettingsFormProps) {
  const form = useZodForm<DocumentValues>({ schema: documentSchema, defaultValues: initial, onSubmit });
  const { control } = form;
  const [invoiceFormat, creditFormat, useStoreAddress] = useWatch({
    control,
    name: ['invoiceNumberFormat', 'creditNoteNumberFormat', 'useStoreAddress'],
  });
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Document settings">
      <Stack gap="md">
        <FormErrors messages={form.formErrors} title="Not saved" />
        <Title order={3} size="h5">
          Seller
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="legalName"
            label="Legal name"
            placeholder={storeName}
            description="On invoices and credit notes. Empty: the store's name."
            maxLength={LEGAL_NAME_MAX}
            disabled={disabled}
          />
          <TextField
            control={control}
            name="taxId"
            label="Tax ID"
            description="VAT or sales tax number, printed on invoices."
            maxLength={TAX_ID_MAX}
            disabled={disabled}
          />
        </SimpleGrid>
        <CheckboxField
          control={control}
          name="useStoreAddress"
          label="Print the store's address"
          description="Untick to print another address, such as a registered office."
          disabled={disabled}
        />
        {!useStoreAddress && (
          <AddressFields control={control} prefix="address" kind="place" disabled={disabled} />
        )}
        <Title order={3} size="h5" mt="sm">
          Numbers
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="invoiceNumberFormat"
            label="Invoice numbers"
            maxLength={NUMBER_FORMAT_MAX}
            description={<NumberExample format={invoiceFormat ?? ''} noun="Invoice" />}
            disabled={disabled}
          />
          <TextField
            control={control}
            name="creditNoteNumberFormat"
            label="Credit note numbers"
            maxLength={NUMBER_FORMAT_MAX}
            description={<NumberExample format={creditFormat ?? ''} noun="Credit note" />}
            disabled={disabled}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {'{YYYY}'} is the year in the store's time zone; {'{NNNNNN}'} is the number, one N per digit.
        </Text>
        <Title order={3} size="h5" mt="sm">
          Paper
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            control={control}
            name="paperSize"
            label="Paper size"
            data={[
              { value: 'A4', label: 'A4 (210 × 297 mm)' },
              { value: 'LETTER', label: 'US Letter (8.5 × 11 in)' },
            ]}
            allowDeselect={false}
            description="Invoices, credit notes and pick lists."
            disabled={disabled}
          />
          <SelectField
            control={control}
            name="packingSlipLayout"
            label="Packing slips print on"
            data={[
              { value: 'PAGE', label: 'A page of the paper size' },
              { value: 'LABEL_4X6', label: '4 × 6 in label (label printers)' },
            ]}
            allowDeselect={false}
            disabled={disabled}
          />
        </SimpleGrid>
        <CheckboxField
          control={control}
          name="hidePricesOnPackingSlips"
          label="Hide prices on packing slips"
          description="For stores that ship gifts. Staff can still choose per print."
          disabled={disabled}
        />
        <TextareaField
          control={control}
          name="footerNote"
          label="Footer note"
          description="At the bottom of every document: a thank-you, payment terms, a returns address."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={FOOTER_NOTE_MAX}
          disabled={disabled}
        />
        {!disabled && (
          <SaveBar
            dirty={form.formState.isDirty}
            saving={form.saving}
            onDiscard={() => form.reset()}
            submitLabel="Save document settings"
          />
        )}
      </Stack>
    </form>
  );
}
