import { TagsInput, type TagsInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBound, type Bind, type Bound } from './form-fields';

export function TagsField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<TagsInputProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <TagsInput
      {...props}
      ref={ref}
      name={field.name}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
