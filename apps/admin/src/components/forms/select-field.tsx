import { Select, type SelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBound, type Bind, type Bound } from './form-fields';

/**
 * One choice of a list; '' when none. Its input is not handed to the form for focusing the first
 * wrong field: focus opens the list, which would cover the messages.
 */
export function SelectField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<SelectProps, Bind>) {
  const { field, value, error } = useBound({ control, name });
  return (
    <Select
      {...props}
      name={field.name}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(choice) => field.onChange(choice ?? '')}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
