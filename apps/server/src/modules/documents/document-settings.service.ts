import {
  DomainError,
  FOOTER_NOTE_MAX,
  LEGAL_NAME_MAX,
  LOGO_MAX_BYTES,
  looseAddressSchema,
  MESSAGES,
  TAX_ID_MAX,
  validate,
  type UserError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import type { PackingSlipLayout, PaperSize } from './documents.model.js';
import { numberFormatProblem } from './number-format.js';
import {
  getDocumentLogo,
  getDocumentSettings,
  lockDocumentSettings,
  updateDocumentSettings,
  type DocumentLogo,
  type DocumentSettings,
} from './document-settings.repository.js';

export type { DocumentSettings, DocumentLogo };
export { getDocumentLogo as documentLogo };

export function documentSettings(db: Executor): Promise<DocumentSettings> {
  return getDocumentSettings(db);
}

export interface DocumentSettingsUpdateRaw {
  legalName?: string | null;
  address?: unknown;
  taxId?: string | null;
  invoiceNumberFormat?: string | null;
  creditNoteNumberFormat?: string | null;
  paperSize?: PaperSize | null;
  packingSlipLayout?: PackingSlipLayout | null;
  hidePricesOnPackingSlips?: boolean | null;
  footerNote?: string | null;
  /** A data URL (`data:image/png;base64,…` or image/jpeg) of the new logo. */
  logo?: string | null;
  removeLogo?: boolean | null;
  version?: number | null;
}

const field = (name: string) => ['input', name];

const AUDITED = [
  'legalName',
  'address',
  'taxId',
  'invoiceNumberFormat',
  'creditNoteNumberFormat',
  'paperSize',
  'packingSlipLayout',
  'hidePricesOnPackingSlips',
  'footerNote',
] as const satisfies readonly (keyof DocumentSettings)[];

/** Trimmed text, null when empty; a userError past `max` characters. */
function text(
  value: string | null | undefined,
  before: string | null,
  name: string,
  max: number,
  errors: UserError[],
) {
  if (value === undefined) return before;
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > max)
    errors.push({ code: 'TOO_LONG', message: `Use at most ${max} characters.`, field: field(name) });
  return trimmed || null;
}

/**
 * A logo sent as a data URL: PNG or JPEG (checked by the bytes, not the label), at most 256 kB.
 * pdfkit draws both; anything else would fail later, on every print.
 */
export function decodeLogo(dataUrl: string): DocumentLogo | string {
  const m = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl.trim());
  if (!m) return 'Choose a PNG or JPEG image for the logo.';
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length === 0) return 'The logo file is empty.';
  if (bytes.length > LOGO_MAX_BYTES)
    return `The logo is ${Math.ceil(bytes.length / 1024)} kB; use an image of at most ${LOGO_MAX_BYTES / 1024} kB.`;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (png) return { bytes, contentType: 'image/png' };
  if (jpeg) return { bytes, contentType: 'image/jpeg' };
  return 'The logo is not a PNG or JPEG image.';
}

/** Changes what documents print (SETTINGS_WRITE); fields left out keep their values. */
export async function documentSettingsUpdate(
  trx: Tx,
  actor: Actor,
  raw: DocumentSettingsUpdateRaw,
): Promise<DocumentSettings> {
  const before = await lockDocumentSettings(trx);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('document settings'), field('version'));
  const errors: UserError[] = [];
  const legalName = text(raw.legalName, before.legalName, 'legalName', LEGAL_NAME_MAX, errors);
  const taxId = text(raw.taxId, before.taxId, 'taxId', TAX_ID_MAX, errors);
  const footerNote = text(raw.footerNote, before.footerNote, 'footerNote', FOOTER_NOTE_MAX, errors);
  const formats = {
    invoiceNumberFormat: before.invoiceNumberFormat,
    creditNoteNumberFormat: before.creditNoteNumberFormat,
  };
  for (const name of ['invoiceNumberFormat', 'creditNoteNumberFormat'] as const) {
    const value = raw[name];
    if (value == null) continue;
    const problem = numberFormatProblem(value.trim());
    if (problem) errors.push({ code: 'INVALID', message: problem, field: field(name) });
    else formats[name] = value.trim();
  }
  if (
    !errors.some((e) => e.field?.[1]?.endsWith('NumberFormat')) &&
    formats.invoiceNumberFormat === formats.creditNoteNumberFormat
  )
    errors.push({
      code: 'INVALID',
      message:
        'Credit notes need a format of their own (CN-{YYYY}-{NNNNNN}, say), so their numbers never look like an invoice’s.',
      field: field('creditNoteNumberFormat'),
    });
  const address = validate(looseAddressSchema, raw.address === undefined ? before.address : raw.address, [
    'input',
    'address',
  ]);
  if (!address.ok) errors.push(...address.errors);
  let logo: DocumentLogo | null | undefined;
  if (raw.removeLogo && raw.logo) {
    errors.push({
      code: 'INVALID',
      message: 'Send a new logo or remove it, not both.',
      field: field('logo'),
    });
  } else if (raw.removeLogo) {
    logo = null;
  } else if (raw.logo) {
    const decoded = decodeLogo(raw.logo);
    if (typeof decoded === 'string') errors.push({ code: 'INVALID', message: decoded, field: field('logo') });
    else logo = decoded;
  }
  if (errors.length) throw new DomainError(errors);

  const after = await updateDocumentSettings(trx, {
    legalName,
    // An address with nothing in it is no address: documents then print the store's.
    address:
      address.ok && address.value && Object.values(address.value).some((v) => v != null)
        ? address.value
        : null,
    taxId,
    ...formats,
    paperSize: raw.paperSize ?? before.paperSize,
    packingSlipLayout: raw.packingSlipLayout ?? before.packingSlipLayout,
    hidePricesOnPackingSlips: raw.hidePricesOnPackingSlips ?? before.hidePricesOnPackingSlips,
    footerNote,
    ...(logo === undefined ? {} : { logo }),
  });
  const changes = diff(before, after, AUDITED);
  if (logo !== undefined)
    changes.logo = { before: before.logoContentType ? 'an image' : null, after: logo ? 'a new image' : null };
  await recordAudit(trx, actor, {
    action: 'documentSettings.update',
    subjectType: 'Shop',
    subjectId: null,
    changes,
  });
  return after;
}
