import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const FIELDS = `legalName taxId invoiceNumberFormat creditNoteNumberFormat paperSize packingSlipLayout
  hidePricesOnPackingSlips footerNote logoDataUrl address { line1 city countryCode } version`;
const UPDATE = `mutation($input: DocumentSettingsInput!) { documentSettingsUpdate(input: $input) {
  documentSettings { ${FIELDS} } auditEventId userErrors { field code message } } }`;

describe.each(DATABASES)('document settings on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('starts with defaults, saves seller details and a logo, and refuses bad input changing nothing', async () => {
    const owner = await signedIn(ctx.server);
    const first = (await owner.request(`{ documentSettings { ${FIELDS} } }`)).body.data?.documentSettings;
    expect(first).toMatchObject({
      legalName: null,
      invoiceNumberFormat: 'INV-{YYYY}-{NNNNNN}',
      creditNoteNumberFormat: 'CN-{YYYY}-{NNNNNN}',
      paperSize: 'A4',
      packingSlipLayout: 'PAGE',
      hidePricesOnPackingSlips: false,
      logoDataUrl: null,
    });

    const bad = await owner.request(UPDATE, {
      input: {
        legalName: 'x'.repeat(201),
        invoiceNumberFormat: 'INV-{NNNN}',
        creditNoteNumberFormat: 'CN-{YYYY}',
        logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      },
    });
    expect(bad.body.data?.documentSettingsUpdate.userErrors.map((e: any) => e.field.join('.'))).toEqual([
      'input.legalName',
      'input.invoiceNumberFormat',
      'input.creditNoteNumberFormat',
      'input.logo',
    ]);
    const fake = await owner.request(UPDATE, {
      input: { logo: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` },
    });
    expect(fake.body.data?.documentSettingsUpdate.userErrors[0].message).toBe(
      'The logo is not a PNG or JPEG image.',
    );
    const same = await owner.request(UPDATE, {
      input: { invoiceNumberFormat: 'DOC-{YYYY}-{NNNN}', creditNoteNumberFormat: 'DOC-{YYYY}-{NNNN}' },
    });
    expect(same.body.data?.documentSettingsUpdate.userErrors[0].field).toEqual([
      'input',
      'creditNoteNumberFormat',
    ]);
    expect(
      (await owner.request(`{ documentSettings { version } }`)).body.data?.documentSettings.version,
    ).toBe(1);

    const ok = await owner.request(UPDATE, {
      input: {
        legalName: ' Fjord Supply AS ',
        taxId: 'NO 912 345 678 MVA',
        address: { line1: 'Storgata 1', city: 'Oslo', countryCode: 'NO' },
        invoiceNumberFormat: 'F-{YYYY}/{NNNNN}',
        paperSize: 'LETTER',
        packingSlipLayout: 'LABEL_4X6',
        hidePricesOnPackingSlips: true,
        footerNote: 'Thank you!',
        logo: `data:image/png;base64,${PNG}`,
        version: 1,
      },
    });
    const saved = ok.body.data?.documentSettingsUpdate;
    expect(saved.userErrors).toEqual([]);
    expect(saved.documentSettings).toMatchObject({
      legalName: 'Fjord Supply AS',
      taxId: 'NO 912 345 678 MVA',
      invoiceNumberFormat: 'F-{YYYY}/{NNNNN}',
      paperSize: 'LETTER',
      packingSlipLayout: 'LABEL_4X6',
      hidePricesOnPackingSlips: true,
      logoDataUrl: `data:image/png;base64,${PNG}`,
      address: { line1: 'Storgata 1', city: 'Oslo', countryCode: 'NO' },
      version: 2,
    });
    const stale = await owner.request(UPDATE, { input: { taxId: 'X', version: 1 } });
    expect(stale.body.data?.documentSettingsUpdate.userErrors[0].code).toBe('STALE_VERSION');

    const log = await owner.request(
      `{ auditEvents(first: 1, action: "documentSettings.update") { nodes { changes { field before after } } } }`,
    );
    expect(log.body.data?.auditEvents.nodes[0].changes.map((c: any) => c.field)).toEqual(
      expect.arrayContaining(['legal_name', 'tax_id', 'paper_size', 'logo']),
    );

    const removed = await owner.request(UPDATE, { input: { removeLogo: true, legalName: '' } });
    expect(removed.body.data?.documentSettingsUpdate.documentSettings).toMatchObject({
      logoDataUrl: null,
      legalName: null,
      taxId: 'NO 912 345 678 MVA',
    });
  });

  it('lets every staff member read and only SETTINGS_WRITE change', async () => {
    await ctx.server.createStaff({
      email: 'pack@example.com',
      name: 'P',
      password: 'packer-password-1',
      roleKeys: ['fulfillment'],
    });
    const packer = await signedIn(ctx.server, 'pack@example.com', 'packer-password-1');
    expect(
      (await packer.request(`{ documentSettings { paperSize } }`)).body.data?.documentSettings,
    ).toBeTruthy();
    expect(
      (await packer.request(UPDATE, { input: { taxId: 'X' } })).body.errors?.[0]?.extensions,
    ).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'SETTINGS_WRITE',
    });
  });
});
