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
  /** The origin the request came to (`https://admin.example.com`), for links sent by email. */
  origin?: string | null;
  viewer: Viewer | null;
  services: Services;
  /** Per-request batch loaders: one query per relation per request. */
  loaders: Loaders;
  /** Set per command by `command()`: the audit events it wrote. */
  recordedEvents?: string[];
  /**
   * A subscription reads each event's object afresh: new batch loaders (nothing cached from the
   * previous event) and the viewer looked up again (a live stream outlives a request).
   */
  renewLoaders?: () => void;
  revalidateViewer?: () => Promise<Viewer | null>;
  /** True when the request carried the CSRF header or an API token (a subscription needs one). */
  sameOriginProof?: boolean;
  /** Queues a Set-Cookie header on the response. */
  setCookie: (cookie: string) => void;
}
