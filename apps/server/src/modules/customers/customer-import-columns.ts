import type { ImportColumn, ImportRowProblem } from '../jobs/import.model.js';

/* The customers import's columns (issue #29): Shopify's names and ours, and the header's checks. */

export type Field =
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'acceptsMarketing'
  | 'tags'
  | 'note'
  | 'company'
  | 'line1'
  | 'line2'
  | 'city'
  | 'province'
  | 'provinceCode'
  | 'countryCode'
  | 'zip'
  | 'addressPhone';

export interface Column {
  name: string;
  field: Field | null;
  aliases?: string[];
  required?: boolean;
  description: string;
}

export const COLUMNS: Column[] = [
  {
    name: 'Email',
    field: 'email',
    required: true,
    description: 'Finds the customer (case-insensitive); an email no customer has creates one.',
  },
  { name: 'First Name', field: 'firstName', description: 'Empty clears it.' },
  { name: 'Last Name', field: 'lastName', description: 'Empty clears it.' },
  {
    name: 'Phone',
    field: 'phone',
    description: "The customer's phone with its country code, like +1 555 010 0199. Empty clears it.",
  },
  {
    name: 'Accepts Marketing',
    field: 'acceptsMarketing',
    aliases: ['Accepts Email Marketing'],
    description: 'yes or no (also true/false); empty keeps what the customer has (no for a new customer).',
  },
  { name: 'Tags', field: 'tags', description: "Separated by commas; replaces the customer's tags." },
  { name: 'Note', field: 'note', description: 'Empty clears it.' },
  {
    name: 'Company',
    field: 'company',
    aliases: ['Default Address Company'],
    description: "The address's company.",
  },
  {
    name: 'Address1',
    field: 'line1',
    aliases: ['Default Address Address1'],
    description:
      'The street address. A row with an address adds it as the default address unless the customer has it already; every address column empty: no address.',
  },
  {
    name: 'Address2',
    field: 'line2',
    aliases: ['Default Address Address2'],
    description: 'Apartment, suite…',
  },
  { name: 'City', field: 'city', aliases: ['Default Address City'], description: "The address's city." },
  {
    name: 'Province',
    field: 'province',
    aliases: ['Default Address Province'],
    description: 'The state, province or region.',
  },
  {
    name: 'Province Code',
    field: 'provinceCode',
    aliases: ['Default Address Province Code'],
    description: 'Read as the region when Province is empty.',
  },
  {
    name: 'Country Code',
    field: 'countryCode',
    aliases: ['Default Address Country Code'],
    description: 'Two letters, like US or FR.',
  },
  { name: 'Zip', field: 'zip', aliases: ['Default Address Zip'], description: 'The postal code.' },
  {
    name: 'Address Phone',
    field: 'addressPhone',
    aliases: ['Default Address Phone'],
    description: "The address's phone, with its country code.",
  },
  ...[
    ['Total Spent', 'Worked out from the orders: read and ignored.'],
    ['Total Orders', 'Worked out from the orders: read and ignored.'],
    ['Country', 'Shopify writes the country name too: ignored, Country Code counts.'],
    ['Accepts SMS Marketing', 'Stockroom keeps no SMS consent: ignored.'],
    ['Tax Exempt', 'Stockroom keeps no tax exemption: ignored.'],
  ].map(([name, description]) => ({ name: name!, field: null, description: description! })),
];

export const CONTACT = ['firstName', 'lastName', 'phone', 'acceptsMarketing', 'tags', 'note'] as const;
export type ContactField = (typeof CONTACT)[number];
export const ADDRESS: readonly Field[] = [
  'company',
  'line1',
  'line2',
  'city',
  'province',
  'provinceCode',
  'countryCode',
  'zip',
  'addressPhone',
];

export const byName = new Map<string, Column>();
for (const c of COLUMNS) for (const n of [c.name, ...(c.aliases ?? [])]) byName.set(n.toLowerCase(), c);

/** The export guards a text starting with = + - @ as a formula by a leading `'`: exactly that comes off. */
export function unguard(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Which header of the file stands for each field. */
export function headerOf(headers: readonly string[]): Map<Field, string> {
  const map = new Map<Field, string>();
  for (const h of headers) {
    const column = byName.get(h.trim().toLowerCase());
    if (column?.field && !map.has(column.field)) map.set(column.field, h);
  }
  return map;
}

export function columns(): ImportColumn[] {
  return COLUMNS.map((c) => ({
    name: c.name,
    required: c.required ?? false,
    description: c.aliases?.length ? `${c.description} Also read as ${c.aliases.join(', ')}.` : c.description,
  }));
}

export function headerProblems(headers: readonly string[]): ImportRowProblem[] {
  const problems: ImportRowProblem[] = [];
  const seen = new Map<Column, string>();
  for (const h of headers) {
    const column = byName.get(h.trim().toLowerCase());
    if (!column) {
      problems.push({
        column: h,
        code: 'INVALID',
        message: `“${h}” is not a column of a customers import. Rename it to one of the columns listed, or remove it.`,
      });
      continue;
    }
    const first = seen.get(column);
    if (first !== undefined)
      problems.push({
        column: h,
        code: 'INVALID',
        message:
          first.toLowerCase() === h.toLowerCase()
            ? `The column “${h}” appears twice; keep one.`
            : `“${h}” and “${first}” are the same column; keep one.`,
      });
    else seen.set(column, h);
  }
  if (!COLUMNS.filter((c) => c.required).every((c) => seen.has(c)))
    problems.push({
      column: 'Email',
      code: 'REQUIRED',
      message: 'The file needs an Email column: it finds each customer.',
    });
  return problems;
}
