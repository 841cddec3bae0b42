import type { UserError } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  UserErrorRef,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
} from '../../graphql/builder.js';
import { AddressInput, AddressRef } from '../settings/settings.schema.js';
import {
  documentLogo,
  documentSettings,
  documentSettingsUpdate,
  type DocumentSettings,
} from './document-settings.service.js';

export const PaperSizeEnum = builder.enumType('PaperSize', {
  values: {
    A4: { description: 'A4, 210 × 297 mm.' },
    LETTER: { description: 'US Letter, 8.5 × 11 in.' },
  } as const,
});

export const PackingSlipLayoutEnum = builder.enumType('PackingSlipLayout', {
  values: {
    PAGE: { description: 'A page of the paper size.' },
    LABEL_4X6: { description: 'A 4 × 6 in shipping label, for label printers.' },
  } as const,
});

const DocumentSettingsRef = builder.objectRef<DocumentSettings>('DocumentSettings').implement({
  description:
    'What the store prints on packing slips, pick lists, invoices and credit notes. Every signed-in staff member may read it.',
  extensions: auth.authenticated,
  fields: (t) => ({
    legalName: t.exposeString('legalName', {
      nullable: true,
      description: "The seller's legal name on invoices; the store's name when empty.",
    }),
    address: t.field({
      type: AddressRef,
      nullable: true,
      description: "The seller's address on documents; the store's address when empty.",
      resolve: (s) => s.address,
    }),
    taxId: t.exposeString('taxId', { nullable: true, description: 'VAT or sales tax registration number.' }),
    invoiceNumberFormat: t.exposeString('invoiceNumberFormat', {
      description: '{YYYY} is the year, {NNNNNN} the number padded to six digits.',
    }),
    creditNoteNumberFormat: t.exposeString('creditNoteNumberFormat'),
    paperSize: t.field({ type: PaperSizeEnum, resolve: (s) => s.paperSize }),
    packingSlipLayout: t.field({ type: PackingSlipLayoutEnum, resolve: (s) => s.packingSlipLayout }),
    hidePricesOnPackingSlips: t.exposeBoolean('hidePricesOnPackingSlips'),
    footerNote: t.exposeString('footerNote', { nullable: true }),
    logoDataUrl: t.string({
      nullable: true,
      description: 'The logo as a data URL (at most 256 kB), or null.',
      resolve: async (s, _a, ctx) => {
        if (!s.logoContentType) return null;
        const logo = await documentLogo(ctx.services.db);
        return logo ? `data:${logo.contentType};base64,${logo.bytes.toString('base64')}` : null;
      },
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

builder.queryField('documentSettings', (t) =>
  t.field({
    type: DocumentSettingsRef,
    extensions: auth.authenticated,
    resolve: (_root, _args, ctx) => documentSettings(ctx.services.db),
  }),
);

const DocumentSettingsInput = builder.inputType('DocumentSettingsInput', {
  description: 'Fields left out keep their values; an empty text clears it.',
  fields: (t) => ({
    legalName: t.string(),
    address: t.field({ type: AddressInput }),
    taxId: t.string(),
    invoiceNumberFormat: t.string(),
    creditNoteNumberFormat: t.string(),
    paperSize: t.field({ type: PaperSizeEnum }),
    packingSlipLayout: t.field({ type: PackingSlipLayoutEnum }),
    hidePricesOnPackingSlips: t.boolean(),
    footerNote: t.string(),
    logo: t.string({ description: 'A new logo as a data URL: PNG or JPEG, at most 256 kB.' }),
    removeLogo: t.boolean(),
    version: t.int(),
  }),
});

const DocumentSettingsPayload = builder
  .objectRef<{
    documentSettings?: DocumentSettings | null;
    userErrors: UserError[];
    recordedEvents?: string[];
  }>('DocumentSettingsPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      documentSettings: t.field({
        type: DocumentSettingsRef,
        nullable: true,
        resolve: (p) => p.documentSettings ?? null,
      }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationField('documentSettingsUpdate', (t) =>
  t.field({
    type: DocumentSettingsPayload,
    description: 'Changes what documents print: seller details, number formats, paper, logo.',
    extensions: auth.permission('SETTINGS_WRITE'),
    args: { input: t.arg({ type: DocumentSettingsInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ documentSettings: await documentSettingsUpdate(trx, ctx, args.input) })),
  }),
);
