import type http from 'node:http';

export interface InFlight {
  count(): number;
  /** Resolves true once no request is running, or false when `timeoutMs` passes first. */
  drained(timeoutMs: number): Promise<boolean>;
}

/** Counts the requests a server is answering (from 'request' until the response is finished or aborted). */
export function trackInFlight(server: http.Server): InFlight {
  let running = 0;
  let waiters: (() => void)[] = [];
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    running += 1;
    res.once('close', () => {
      running -= 1;
      if (running === 0) {
        const done = waiters;
        waiters = [];
        for (const wake of done) wake();
      }
    });
  });
  return {
    count: () => running,
    drained(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
  };
}
