/** A userError as every mutation payload returns it (SPEC §7.2). */
export interface UserErrorLike {
  readonly field?: readonly string[] | null;
  readonly message: string;
  readonly code: string;
}

export interface SplitUserErrors<F extends string> {
  /** The first message for each form field, to show under its input. */
  fields: Partial<Record<F, string>>;
  /** Messages about the whole input, or about fields the form does not show. */
  form: string[];
}

/**
 * Sorts userErrors into messages under inputs and messages for the whole form. A field path matches
 * a form field by its last segment, so ["input", "name"] lands under the "name" input.
 */
export function splitUserErrors<F extends string>(
  errors: readonly UserErrorLike[],
  formFields: readonly F[],
): SplitUserErrors<F> {
  const result: SplitUserErrors<F> = { fields: {}, form: [] };
  for (const error of errors) {
    const last = error.field?.at(-1);
    const field = formFields.find((f) => f === last);
    if (field && result.fields[field] === undefined) result.fields[field] = error.message;
    else if (!field) result.form.push(error.message);
  }
  return result;
}
