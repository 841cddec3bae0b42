import { matchRoutes, type RouteObject } from 'react-router';
import { isCodeFailedStandIn } from './lazy-screen';

let known: RouteObject[] = [];

/** The router's routes, so links can load a screen's code before it is opened. */
export function setPreloadRoutes(routes: RouteObject[]): void {
  known = routes;
}

const started = new Set<string>();

/**
 * Starts loading the code of the screen at `path` (its lazy route module and what that imports),
 * once per path: the browser keeps the module, so the router's own `lazy()` later finds it loaded
 * and opening the screen waits only for its data.
 */
export function preloadRoute(path: string): void {
  if (started.has(path)) return;
  started.add(path);
  for (const match of matchRoutes(known, path) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy !== 'function') continue;
    // A download that failed (lazyScreen's stand-in) may be tried again by the next hover.
    void lazy().then(
      (loaded) => {
        if (isCodeFailedStandIn((loaded as { Component?: unknown } | undefined)?.Component))
          started.delete(path);
      },
      () => started.delete(path),
    );
  }
}

/**
 * Preloads these screens when the browser is idle, one per idle period, starting a while after the
 * first screen: the browser is also idle while the first screen waits for the network, and these
 * downloads must not queue before its own.
 */
export function preloadWhenIdle(paths: readonly string[], delayMs = 2000): () => void {
  const queue = [...paths];
  // Safari has no requestIdleCallback: a short timer stands in for it there.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const idle = (cb: () => void) =>
    hasIdle ? window.requestIdleCallback(cb, { timeout: 2000 }) : window.setTimeout(cb, 200);
  const cancel = (h: number) => (hasIdle ? window.cancelIdleCallback(h) : window.clearTimeout(h));
  let handle = 0;
  const next = () => {
    const path = queue.shift();
    if (!path) return;
    preloadRoute(path);
    handle = idle(next);
  };
  const timer = window.setTimeout(() => (handle = idle(next)), delayMs);
  return () => {
    window.clearTimeout(timer);
    cancel(handle);
  };
}
