import { z } from 'zod';
import type { UserError, UserErrorCode } from './errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** SPEC §5: title, name — 1–255 characters after trimming. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a name.' })
  .max(255, { message: 'Use at most 255 characters.' });

/** SPEC §5: email — a valid address of at most 254 characters, compared case-insensitively. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter an email address.' })
  .max(254, { message: 'Use at most 254 characters.' })
  .pipe(z.email({ message: 'Enter a valid email address, like name@example.com.' }));

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** SPEC §5: password — 12–256 characters, not the email, not among common passwords. */
export function passwordProblem(password: string, email?: string | null): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (email) {
    const e = email.trim().toLowerCase();
    if (lower === e || lower === e.split('@')[0]) return "Don't use your email address as the password.";
  }
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password) || isSequence(lower)) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  return null;
}

function isSequence(s: string): boolean {
  const rows = [
    '0123456789012345678901234567890',
    'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
    'qwertyuiopasdfghjklzxcvbnm',
  ];
  return rows.some((row) => row.includes(s) || [...row].reverse().join('').includes(s));
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Maps a zod issue to the SPEC §8 code that best describes it. */
function codeFor(issue: z.core.$ZodIssue): UserErrorCode {
  switch (issue.code) {
    case 'too_small':
      return issue.minimum === 1 && issue.origin === 'string'
        ? 'REQUIRED'
        : issue.origin === 'string'
          ? 'TOO_SHORT'
          : 'OUT_OF_RANGE';
    case 'too_big':
      return issue.origin === 'string' ? 'TOO_LONG' : 'OUT_OF_RANGE';
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'REQUIRED' : 'INVALID';
    default:
      return 'INVALID';
  }
}

/** Every failing field at once, as userErrors (SPEC §5). `prefix` is the argument name, e.g. "input". */
export function toUserErrors(error: z.ZodError, prefix: string[] = []): UserError[] {
  return error.issues.map((issue) => ({
    field: [...prefix, ...issue.path.map(String)],
    message: issue.message,
    code: codeFor(issue),
  }));
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: UserError[] };

export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix: string[] = [],
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: toUserErrors(result.error, prefix) };
}

/** Optional free text: trimmed, at most `max` characters, and null when empty. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { message: `Use at most ${max.toLocaleString('en-US')} characters.` })
    .nullish()
    .transform((v) => v || null);
}
