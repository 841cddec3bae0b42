import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * MJML compiles in a worker thread of its own that exits once idle: loaded, MJML and its
 * dependencies cost the process about 110 MB, which a long-lived server would keep for good. Mail
 * layouts are compiled once per shape (mail-layout.ts) and kept as HTML, so the worker runs for a
 * moment after the first emails of a process and then its heap is gone.
 */

/** The worker's code: plain CommonJS, so it runs the same from the bundle and from the sources. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = require(workerData.mjmlPath);
const mjml = typeof loaded === 'function' ? loaded : loaded.default;
parentPort.on('message', async ({ id, input }) => {
  try {
    const { html } = await mjml(input, { validationLevel: 'soft' });
    parentPort.postMessage({ id, html });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** How long the worker waits for more work before it exits. */
const IDLE_MS = 2_000;

interface Pending {
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

interface Running {
  worker: Worker;
  /** This worker's unanswered compiles (a worker that dies fails its own, never the next one's). */
  pending: Map<number, Pending>;
}

let current: Running | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
/** Workers started in this process (a test checks they come and go). */
let started = 0;

function startWorker(): Running {
  const mjmlPath = createRequire(import.meta.url).resolve('mjml');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { mjmlPath },
    // Its own bounded heap: a runaway layout cannot take the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 192 },
  });
  const running: Running = { worker, pending: new Map() };
  started++;
  const failAll = (error: Error) => {
    if (current === running) current = null;
    for (const p of running.pending.values()) p.reject(error);
    running.pending.clear();
  };
  worker.on('message', (m: { id: number; html?: string; error?: string }) => {
    const p = running.pending.get(m.id);
    if (!p) return;
    running.pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(`The email layout could not be built: ${m.error}`));
    else p.resolve(m.html!);
    if (!running.pending.size && current === running) scheduleExit();
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The email layout worker stopped.')));
  // An idle worker never keeps the process alive.
  worker.unref();
  return running;
}

function scheduleExit() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    const running = current;
    if (!running || running.pending.size) return;
    current = null;
    void running.worker.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/** Compiles MJML to HTML in the worker (started if none runs). */
export function compileMjml(input: string): Promise<string> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  const running = (current ??= startWorker());
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    running.pending.set(id, { resolve, reject });
    running.worker.postMessage({ id, input });
  });
}

/** Whether a worker runs now, and how many were started (tests). */
export function mjmlWorkerState(): { running: boolean; started: number } {
  return { running: current !== null, started };
}
