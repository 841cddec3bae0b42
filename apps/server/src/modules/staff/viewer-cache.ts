import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';

/**
 * Who a session cookie belongs to, remembered for a moment: a list page asks on every request, and
 * that lookup was one of the product list's five statements. Policy, not a library default:
 * - an entry lives 2 s at most, so a session ended, a role changed or a person deactivated in
 *   another server process counts within 2 s;
 * - every mutation in this process forgets them all when it ends (sign-out, revoking sessions,
 *   changing roles or permissions, deactivating staff), so here a change counts at once; a lookup
 *   that began before the change is not kept (the epoch it started in is gone);
 * - only sessions that were live are kept (a bad or ended cookie is asked again every time);
 * - keyed by the token's hash, bounded in count.
 */
const TTL_MS = 2000;

interface Entry {
  epoch: number;
  viewer: Viewer;
}

interface State {
  epoch: number;
  entries: LRUCache<string, Entry>;
}

const states = new WeakMap<Executor, State>();

function stateOf(db: Executor): State {
  let state = states.get(db);
  if (!state) {
    state = { epoch: 0, entries: new LRUCache<string, Entry>({ max: 10_000, ttl: TTL_MS }) };
    states.set(db, state);
  }
  return state;
}

/** The viewer of this token hash: remembered, or loaded now (and remembered if live). */
export async function cachedViewer(
  db: Executor,
  tokenHash: string,
  load: () => Promise<Viewer | null>,
): Promise<Viewer | null> {
  const state = stateOf(db);
  const hit = state.entries.get(tokenHash);
  if (hit && hit.epoch === state.epoch) return hit.viewer;
  const epoch = state.epoch;
  const viewer = await load();
  if (viewer && epoch === state.epoch) state.entries.set(tokenHash, { epoch, viewer });
  return viewer;
}

/** Forgets every remembered viewer (after any mutation of this process). */
export function forgetViewers(db: Executor): void {
  const state = stateOf(db);
  state.epoch++;
  state.entries.clear();
}
