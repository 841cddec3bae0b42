import type { Viewer } from '../actor.js';
import type { Services } from '../services.js';
import type { Loaders } from './loaders.js';

export type { Viewer };

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
