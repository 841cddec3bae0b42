import { useState, type ChangeEvent, type FormEvent } from 'react';
import { splitUserErrors, type UserErrorLike } from './user-errors';

type Errors<F extends string> = Partial<Record<F, string>>;

interface Options<F extends string> {
  fields: readonly F[];
  initial: Record<F, string>;
  /** The rules checked before calling the server: the first message of each failing field. */
  check: (values: Record<F, string>) => Errors<F>;
  /** Saves; returns the server's userErrors (empty on success). */
  onSubmit: (values: Record<F, string>) => Promise<readonly UserErrorLike[]>;
  disabled?: boolean;
}

/** The first message of each field a zod-style check failed on, by the first segment of its path. */
export function firstIssues<F extends string>(
  result:
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): Errors<F> {
  const errors: Errors<F> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0]) as F] ??= issue.message;
  return errors;
}

/**
 * A small form of text inputs (a rate, a location): every failing field at once, first from the
 * shared rules, then from the server's userErrors, each under its input; the rest above the form.
 */
export function useTextForm<F extends string>({
  fields,
  initial,
  check,
  onSubmit,
  disabled = false,
}: Options<F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const input = (field: F) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    error: errors[field],
    disabled,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation(); // a form inside a dialog must not submit the page's form too
    const local = check(values);
    setErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const split = splitUserErrors(await onSubmit(values), fields);
      setErrors(split.fields);
      setFormErrors(split.form);
    } finally {
      setSaving(false);
    }
  };

  return { values, setValues, errors, formErrors, saving, input, submit };
}
