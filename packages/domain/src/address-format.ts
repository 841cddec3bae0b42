import { countryName } from './countries.js';

/** The parts of a postal address a label is written from; any may be missing. */
export interface AddressParts {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
  phone?: string | null;
}

type Part = 'city' | 'region' | 'postalCode';
/**
 * How a country writes the line(s) after the street, as the post expects them on a label
 * (after the Universal Postal Union's addressing guides): each inner array is one line, its parts
 * joined by the separators given. Countries not listed use the US layout.
 */
type Layout = { line: Part[]; sep: string }[];

const US: Layout = [{ line: ['city', 'region', 'postalCode'], sep: 'us' }];
const POSTAL_FIRST: Layout = [{ line: ['postalCode', 'city'], sep: ' ' }];
const LAYOUTS: Record<string, Layout> = {
  US,
  CA: US,
  AU: [{ line: ['city', 'region', 'postalCode'], sep: ' ' }],
  NZ: [{ line: ['city', 'postalCode'], sep: ' ' }],
  GB: [
    { line: ['city'], sep: ' ' },
    { line: ['region'], sep: ' ' },
    { line: ['postalCode'], sep: ' ' },
  ],
  IE: [
    { line: ['city', 'region'], sep: ', ' },
    { line: ['postalCode'], sep: ' ' },
  ],
  JP: [{ line: ['postalCode', 'region', 'city'], sep: ' ' }],
  IT: [{ line: ['postalCode', 'city', 'region'], sep: ' ' }],
  ES: [{ line: ['postalCode', 'city', 'region'], sep: ' ' }],
  BR: [{ line: ['city', 'region', 'postalCode'], sep: 'us' }],
  IN: [{ line: ['city', 'postalCode', 'region'], sep: ' ' }],
  CN: [{ line: ['postalCode', 'region', 'city'], sep: ' ' }],
};
for (const code of ['DE', 'FR', 'NL', 'BE', 'AT', 'CH', 'DK', 'NO', 'SE', 'FI', 'PL', 'PT', 'CZ', 'LU', 'IS'])
  LAYOUTS[code] = POSTAL_FIRST;

function placeLine(a: AddressParts, parts: Part[], sep: string): string {
  const value = (p: Part) => a[p]?.trim() || '';
  if (sep === 'us') {
    // "Cupertino, CA 95014": a comma after the city, a space before the postal code.
    const [city, region, postal] = parts.map(value);
    return [city, [region, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  }
  return parts.map(value).filter(Boolean).join(sep);
}

/** An address as the lines of a label, laid out the way its country writes them; the name first. */
export function addressLines(a: AddressParts | null | undefined): string[] {
  if (!a) return [];
  const code = a.countryCode?.trim().toUpperCase() ?? '';
  const layout = LAYOUTS[code] ?? US;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  const country = a.countryName ?? (code ? countryName(code) : '');
  return [
    name,
    a.company ?? '',
    a.line1 ?? '',
    a.line2 ?? '',
    ...layout.map(({ line, sep }) => placeLine(a, line, sep)),
    country,
    a.phone ?? '',
  ]
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The address on one line (lists): the street, the place as its country writes it, the country. */
export function addressOneLine(a: AddressParts | null | undefined): string {
  return addressLines({ ...a, firstName: null, lastName: null, company: null, phone: null }).join(', ');
}
