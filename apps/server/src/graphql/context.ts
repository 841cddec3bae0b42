import type { Viewer } from '../actor.js';
import type { Services } from './services.js';

export type { Viewer };

/**
 * Per-request batch loaders: one query per relation per request. Each module adds its own to this
 * interface beside them (`declare module` in its `*.loaders.ts`), and app/loaders.ts makes them all
 * fresh for each request, so the toolkit names no module.
 */
// Empty here on purpose: the modules fill it by declaration merging.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Loaders {}

export interface Ctx {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  /** True when the request reached us over HTTPS (cookies get `Secure`). */
  secure: boolean;
  viewer: Viewer | null;
  services: Services;
  /** Per-request batch loaders: one query per relation per request. */
  loaders: Loaders;
  /** Set per command by `command()`: the audit events it wrote. */
  recordedEvents?: string[];
  /** Queues a Set-Cookie header on the response. */
  setCookie: (cookie: string) => void;
}
