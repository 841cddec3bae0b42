import type { Permission } from '@stockroom/domain';
import type { Services } from '../services.js';
import type { Loaders } from './loaders.js';

/** The signed-in staff member behind a request, as loaded from their session. */
export interface Viewer {
  staffId: string;
  sessionId: string;
  email: string;
  name: string;
  isOwner: boolean;
  permissions: ReadonlySet<Permission>;
}

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
  /** Queues a Set-Cookie header on the response. */
  setCookie: (cookie: string) => void;
}
