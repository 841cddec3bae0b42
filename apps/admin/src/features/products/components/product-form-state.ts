import type { FieldErrors, FieldValues } from 'react-hook-form';

/** Messages by field path, as the cards read them: "title", "variants.3.price", "options.0.values" … */
export type EditorErrors = Record<string, string>;

/** react-hook-form's nested errors as one message per field path. */
export function flatErrors(errors: FieldErrors<FieldValues>): EditorErrors {
  const out: EditorErrors = {};
  const walk = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== 'object') return;
    const { message, type, ref: _ref, types: _types, ...rest } = node as Record<string, unknown>;
    if (typeof message === 'string' && typeof type === 'string') out[path.join('.')] = message;
    for (const [key, value] of Object.entries(rest)) walk(value, [...path, key]);
  };
  walk(errors, []);
  return out;
}

function isLeaf(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
}

/**
 * The inputs a change touched ("variants.2.sku"), so only their messages follow the typing and a
 * server's message elsewhere stays; a list that grew or shrank counts as one change of the list.
 */
export function changedPaths(before: unknown, after: unknown, path: string[] = []): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (isLeaf(before) || isLeaf(after)) return [path.join('.')];
  if (Array.isArray(before) !== Array.isArray(after)) return [path.join('.')];
  if (Array.isArray(before) && Array.isArray(after) && before.length !== after.length)
    return [path.join('.')];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changedPaths(a[key], b[key], [...path, key]));
}
