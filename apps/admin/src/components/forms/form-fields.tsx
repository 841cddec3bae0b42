import {
  Checkbox,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Select,
  TagsInput,
  Textarea,
  TextInput,
  type CheckboxProps,
  type NativeSelectProps,
  type NumberInputProps,
  type PasswordInputProps,
  type SelectProps,
  type TagsInputProps,
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

/** A Mantine input bound to one field of a react-hook-form form; the field's message shows under it. */
export interface Bound<V extends FieldValues, N extends FieldPath<V>> {
  control: Control<V>;
  name: N;
  /** Says a message with more than words (e.g. a link to the record that has the value). */
  renderError?: (error: FieldError) => ReactNode;
}

/** Props the binding supplies. */
type Bind = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'checked';

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

function useBound<V extends FieldValues, N extends FieldPath<V>>({
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
