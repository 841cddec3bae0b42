import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBound, type Bind, type Bound } from './form-fields';

export function PasswordField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<PasswordInputProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <PasswordInput
      {...props}
      ref={ref}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      // Mantine marks only the wrapper of a PasswordInput; assistive tech needs it on the input.
      aria-invalid={error ? true : undefined}
    />
  );
}
