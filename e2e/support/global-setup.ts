import { buildAdmin } from './admin-build';

/**
 * The browser tests run against the built admin (ARCHITECTURE §5), so build it first unless told the
 * build is fresh (STOCKROOM_E2E_SKIP_BUILD=1, e.g. in CI right after `npm run build`).
 */
export default function setup(): void {
  if (process.env.STOCKROOM_E2E_SKIP_BUILD !== '1') buildAdmin();
}
