import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { COUNTRIES } from '@stockroom/domain';

/** Every country by name, its ISO code as the value (SPEC §3 countryCode). */
export const COUNTRY_OPTIONS = Object.entries(COUNTRIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** "*" in a shipping zone's countries: every country no other zone lists. */
export const REST_OF_WORLD = { value: '*', label: 'Rest of the world' };

type CountrySelectProps = Omit<SelectProps, 'data'>;

/** Picks one country by typing its name. */
export function CountrySelect(props: CountrySelectProps) {
  return (
    <Select searchable data={COUNTRY_OPTIONS} nothingFoundMessage="No country by that name" {...props} />
  );
}

type CountriesSelectProps = Omit<MultiSelectProps, 'data'> & { withRestOfWorld?: boolean };

/** Picks several countries; optionally "Rest of the world" first. */
export function CountriesSelect({ withRestOfWorld = false, ...props }: CountriesSelectProps) {
  return (
    <MultiSelect
      searchable
      data={withRestOfWorld ? [REST_OF_WORLD, ...COUNTRY_OPTIONS] : COUNTRY_OPTIONS}
      nothingFoundMessage="No country by that name"
      {...props}
    />
  );
}
