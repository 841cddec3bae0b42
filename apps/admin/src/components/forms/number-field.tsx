import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBound, type Bind, type Bound } from './form-fields';

/** A whole or decimal number; '' while empty, as NumberInput holds it. */
export function NumberField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<NumberInputProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <NumberInput
      {...props}
      ref={ref}
      name={field.name}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
