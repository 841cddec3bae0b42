/** A userError as every mutation payload returns it (SPEC §7.2). */
export interface UserErrorLike {
  readonly field?: readonly string[] | null;
  readonly message: string;
  readonly code: string;
}

/** A userError as mutations return it; TAKEN may name the record that already has the value. */
export interface PlaceableUserError extends UserErrorLike {
  readonly relatedId?: string | null;
}

export interface PlacedUserErrors {
  /** The first error for each field of the form, by its path in the form's values ("address.city"). */
  fields: Map<string, PlaceableUserError>;
  /** Messages about the whole input, or about fields the form does not show. */
  form: string[];
}

function isLeaf(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  // A list of plain values (tags, countries) is one input; a list of objects is a list of fieldsets.
  return Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
}

/**
 * The form field a server path names, or null when the form has none: the path is followed through
 * the form's values until it reaches one input, so ["tags", "3"] is the tags input and
 * ["addresses", "1", "city"] the city of the second address.
 */
export function fieldOf(values: unknown, path: readonly string[]): string | null {
  let node = values;
  const walked: string[] = [];
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return null;
    node = (node as Record<string, unknown>)[segment];
    walked.push(segment);
    if (isLeaf(node)) return walked.join('.');
  }
  return null;
}

/**
 * Sorts the server's userErrors into messages under inputs and messages above the form. Paths start
 * at the mutation's argument (["input", "name"]); `prefix` is that argument, dropped when present.
 */
export function placeUserErrors(
  values: unknown,
  errors: readonly PlaceableUserError[],
  prefix: readonly string[],
): PlacedUserErrors {
  const placed: PlacedUserErrors = { fields: new Map(), form: [] };
  for (const error of errors) {
    const path = error.field ?? [];
    const inForm = prefix.every((segment, i) => path[i] === segment) ? path.slice(prefix.length) : path;
    const field = fieldOf(values, inForm);
    if (field === null) placed.form.push(error.message);
    else if (!placed.fields.has(field)) placed.fields.set(field, error);
  }
  return placed;
}
