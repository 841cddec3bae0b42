import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodFormResolver } from './use-zod-form';

function flatten(errors: unknown, path: string[], out: Record<string, string>): void {
  if (errors === null || typeof errors !== 'object') return;
  const { message, type, ref: _ref, ...rest } = errors as Record<string, unknown>;
  if (typeof message === 'string' && typeof type === 'string') out[path.join('.')] = message;
  for (const [key, value] of Object.entries(rest)) flatten(value, [...path, key], out);
}

/**
 * The message each field of a form shows for these values, by field path ("address.city"), as the
 * form's resolver finds them: what a person sees after pressing save.
 */
export async function formMessages<V extends FieldValues>(
  schema: z.ZodType,
  values: V,
): Promise<Record<string, string>> {
  const result = await zodFormResolver<V>(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const out: Record<string, string> = {};
  flatten(result.errors, [], out);
  return out;
}
