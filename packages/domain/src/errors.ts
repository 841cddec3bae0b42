/** Codes of SPEC §8. userErrors carry the first group; top-level GraphQL errors the second. */
export const USER_ERROR_CODES = [
  'REQUIRED',
  'INVALID',
  'TOO_SHORT',
  'TOO_LONG',
  'OUT_OF_RANGE',
  'TAKEN',
  'STALE_VERSION',
  'INSUFFICIENT_STOCK',
  'INVALID_TRANSITION',
  'HAS_DEPENDENTS',
  'LIMIT_EXCEEDED',
  'REFUND_EXCEEDS_CAPTURED',
  'DISCOUNT_NOT_APPLICABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'ESCALATION_FORBIDDEN',
  'LAST_OWNER',
  'INVALID_CREDENTIALS',
  'LOGIN_THROTTLED',
  'NOT_FOUND',
] as const;
export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

export const TOP_LEVEL_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'THROTTLED',
  'QUERY_TOO_COMPLEX',
  'BAD_REQUEST',
  'INTERNAL_SERVER_ERROR',
] as const;
export type TopLevelErrorCode = (typeof TOP_LEVEL_ERROR_CODES)[number];

export interface UserError {
  /** Path to the input field, e.g. ["input", "email"]; null when the error is about the whole input. */
  field: string[] | null;
  message: string;
  code: UserErrorCode;
  /** For TAKEN and the like: the other record, so the UI can link to it. */
  relatedId?: string;
  relatedType?: 'Customer' | 'Product' | 'Staff' | 'Discount';
}

/**
 * A rule the input broke, raised by a service (inside its command's transaction, which it rolls
 * back). The API layer answers it as the payload's `userErrors`; nothing else knows about GraphQL.
 */
export class DomainError extends Error {
  constructor(public readonly errors: UserError[]) {
    super(errors.map((e) => e.message).join(' '));
    this.name = 'DomainError';
  }
  static one(code: UserErrorCode, message: string, field: string[] | null = null): DomainError {
    return new DomainError([{ code, message, field }]);
  }
}
