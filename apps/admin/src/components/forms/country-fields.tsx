import type { MultiSelectProps, SelectProps } from '@mantine/core';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { CountriesSelect, CountrySelect } from '../country-select';
import type { Bound } from './form-fields';

type Bind = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'data';

/** One country by its ISO code; '' when none is chosen. Not focused on error, as SelectField. */
export function CountryField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Omit<Bound<V, N>, 'renderError'> & Omit<SelectProps, Bind>) {
  const {
    field: { ref: _ref, value, ...field },
    fieldState,
  } = useController({ control, name });
  return (
    <CountrySelect
      {...props}
      name={field.name}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(code) => field.onChange(code ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Several countries (and optionally "Rest of the world", "*"). */
export function CountriesField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Omit<Bound<V, N>, 'renderError'> & Omit<MultiSelectProps, Bind> & { withRestOfWorld?: boolean }) {
  const {
    field: { ref: _ref, value, ...field },
    fieldState,
  } = useController({ control, name });
  const selected: unknown = value;
  return (
    <CountriesSelect
      {...props}
      name={field.name}
      value={Array.isArray(selected) ? (selected as string[]) : []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
