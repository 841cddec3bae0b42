import {
  Checkbox,
  NativeSelect,
  Textarea,
  TextInput,
  type CheckboxProps,
  type NativeSelectProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

/**
 * A Mantine input bound to one field of a react-hook-form form; the field's message shows under it.
 * The inputs every form uses are here; the heavier ones (select, tags, number, password) are in
 * their own modules beside this one, so a screen downloads only the Mantine inputs it draws
 * (issue 35 item 5: with them here the login screen carried NumberInput's number formatting).
 */
export interface Bound<V extends FieldValues, N extends FieldPath<V>> {
  control: Control<V>;
  name: N;
  /** Says a message with more than words (e.g. a link to the record that has the value). */
  renderError?: (error: FieldError) => ReactNode;
}

/** Props the binding supplies. */
export type Bind = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'checked';

/**
 * The error one input shows. A list input (tags) gets zod's per-item issues under "tags.<i>" rather
 * than on itself, so the first item's message stands for the whole input.
 */
export function firstFieldError(error: unknown): FieldError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  if (typeof (error as FieldError).message === 'string') return error as FieldError;
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    const found = firstFieldError(item);
    if (found) return found;
  }
  return undefined;
}

export function useBound<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  renderError,
}: Bound<V, N>) {
  // Taken apart here: the React Compiler treats an object that holds a ref as a ref.
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const fieldError = firstFieldError(fieldState.error);
  const error = fieldError && (renderError ? renderError(fieldError) : fieldError.message);
  return { ref, value: value as unknown, error, field: { name: fieldName, onChange, onBlur } };
}

export function TextField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  renderError,
  ...props
}: Bound<V, N> & Omit<TextInputProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name, renderError });
  return (
    <TextInput
      {...props}
      ref={ref}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function TextareaField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<TextareaProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <Textarea
      {...props}
      ref={ref}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function NativeSelectField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<NativeSelectProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <NativeSelect
      {...props}
      ref={ref}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function CheckboxField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  ...props
}: Bound<V, N> & Omit<CheckboxProps, Bind>) {
  const { ref, field, value, error } = useBound({ control, name });
  return (
    <Checkbox
      {...props}
      ref={ref}
      name={field.name}
      checked={value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
