/**
 * The sentences the server and the admin both show (SPEC §8). Its own module with no imports, so
 * the admin takes it as `@stockroom/domain/messages` without pulling zod into its first download.
 */
export const MESSAGES = {
  invalidCredentials: 'Email or password is wrong.',
  loginThrottled: (seconds: number) => `Too many attempts. Try again in ${seconds} s.`,
  sessionEnded: 'Your session has ended. Sign in again.',
  internal: (requestId: string) => `Something went wrong on our side. Reference: ${requestId}`,
  queryTooComplex: 'This request is too large.',
  throttled: (seconds: number) => `Too many requests; retrying in ${seconds} s.`,
  staleVersion: (thing: string) => `Someone else changed this ${thing} since you opened it.`,
} as const;
