import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { describeError } from '../errors';
import { placeUserErrors, type PlaceableUserError } from './place-user-errors';

const INPUT = ['input'] as const;

export interface ZodFormOptions<V extends FieldValues> {
  /**
   * The shared rules (packages/domain) over the form's values. The values are what is sent, so the
   * schema checks them as they are; a form whose values differ from its input maps them first
   * (z.preprocess) and keeps the field names, so every message lands under its input.
   */
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** Saves; resolves to the server's userErrors (none on success). A thrown error shows above the form. */
  onSubmit: (values: V) => Promise<readonly PlaceableUserError[] | void>;
  /** Where the server's field paths start: the mutation's argument, ["input"] unless said otherwise. */
  errorPrefix?: readonly string[];
  /** After a save without errors, once the form is done submitting (e.g. to empty it with reset). */
  onSaved?: () => void;
}

export interface ZodForm<V extends FieldValues> extends UseFormReturn<V> {
  /** Messages about the whole form, for FormErrors above it. */
  formErrors: string[];
  /** The form's onSubmit: checks every field at once, then saves and puts the server's answer in place. */
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  saving: boolean;
}

/** The form's resolver: the schema's issues as react-hook-form errors, by field path. */
export function zodFormResolver<V extends FieldValues>(schema: z.ZodType): Resolver<V> {
  // raw: the handler gets the values as typed (and sends them), not zod's parsed output.
  return zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, {
    raw: true,
  }) as unknown as Resolver<V>;
}

/**
 * A react-hook-form form checked by a zod schema: nothing is said until the first save, then each
 * message follows the typing in its field. Server userErrors go under their inputs (setError), the
 * rest above the form.
 */
export function useZodForm<V extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  errorPrefix = INPUT,
  onSaved,
}: ZodFormOptions<V>): ZodForm<V> {
  const form = useForm<V>({
    defaultValues,
    resolver: zodFormResolver<V>(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    // A form inside a dialog must not submit the page's form too (React events cross portals).
    event?.stopPropagation();
    let saved = false;
    await form.handleSubmit(
      async (values) => {
        setFormErrors([]);
        let errors: readonly PlaceableUserError[];
        try {
          errors = (await onSubmit(values)) ?? [];
        } catch (error) {
          errors = [{ message: describeError(error).message, code: 'ERROR', field: null }];
        }
        const placed = placeUserErrors(form.getValues(), errors, errorPrefix);
        for (const [path, error] of placed.fields) {
          form.setError(path as Path<V>, {
            type: error.code,
            message: error.message,
            ...(error.relatedId ? { types: { relatedId: error.relatedId } } : {}),
          });
        }
        setFormErrors(placed.form);
        saved = errors.length === 0;
      },
      () => setFormErrors([]),
    )(event);
    if (saved) onSaved?.();
  };

  const reset: UseFormReturn<V>['reset'] = (values, options) => {
    setFormErrors([]);
    form.reset(values, options);
  };

  return { ...form, reset, formErrors, submit, saving: form.formState.isSubmitting };
}
