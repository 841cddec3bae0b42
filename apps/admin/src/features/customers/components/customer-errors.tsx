import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A userError as customer mutations return it; TAKEN carries the other record's id. */
export interface CustomerUserError {
  readonly field?: readonly string[] | null;
  readonly message: string;
  readonly code: string;
  readonly relatedId?: string | null;
}

export type FieldErrors = Record<string, ReactNode>;

/** The message to show; TAKEN links to the customer that already has the value (SPEC §8). */
export function errorContent(error: CustomerUserError): ReactNode {
  if (error.code === 'TAKEN' && error.relatedId) {
    return (
      <>
        {error.message}{' '}
        <Anchor component={Link} to={`/customers/${error.relatedId}`} size="xs">
          Open that customer
        </Anchor>
      </>
    );
  }
  return error.message;
}

/**
 * The errors whose field path is `prefix` plus one field name, keyed by that name; the others are
 * left for the caller. ["input", "addresses", "0", "postalCode"] is under prefix
 * ["input", "addresses", "0"].
 */
export function errorsUnder(errors: readonly CustomerUserError[], prefix: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const field = error.field ?? [];
    if (field.length !== prefix.length + 1) continue;
    if (!prefix.every((segment, i) => field[i] === segment)) continue;
    const name = field[prefix.length];
    if (name !== undefined && out[name] === undefined) out[name] = errorContent(error);
  }
  return out;
}

/** Errors no field of the form claims, for the alert at the top. */
export function unclaimedErrors(
  errors: readonly CustomerUserError[],
  claimed: (field: readonly string[]) => boolean,
): CustomerUserError[] {
  return errors.filter((e) => !e.field || e.field.length === 0 || !claimed(e.field));
}

/** A zod failure as field → first message. */
export function zodFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && out[name] === undefined) out[name] = issue.message;
  }
  return out;
}
