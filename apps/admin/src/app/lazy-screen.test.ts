import { describe, expect, it } from 'vitest';
import { isCodeFailedStandIn, lazyScreen } from './lazy-screen';

const Screen = () => null;
const offline = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

describe('a route whose screen code fails to download', () => {
  it('never rejects (React Router would keep the failure for good): it gives a stand-in with Retry', async () => {
    const lazy = lazyScreen(offline);
    const route = await lazy();
    expect(isCodeFailedStandIn(route.Component)).toBe(true);
  });

  it('downloads again on the next call, and keeps the screen once it has it', async () => {
    let calls = 0;
    let serverUp = false;
    const lazy = lazyScreen(() => {
      calls += 1;
      return serverUp ? Promise.resolve(Screen) : offline();
    });
    expect(isCodeFailedStandIn((await lazy()).Component)).toBe(true);
    serverUp = true;
    expect((await lazy()).Component).toBe(Screen);
    expect((await lazy()).Component).toBe(Screen);
    expect(calls).toBe(2);
  });

  it('is the screen itself when its code downloads', async () => {
    const route = await lazyScreen(() => Promise.resolve(Screen))();
    expect(route.Component).toBe(Screen);
    expect(isCodeFailedStandIn(route.Component)).toBe(false);
  });
});
