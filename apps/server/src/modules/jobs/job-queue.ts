import type { Tx } from '../../db/database.js';

declare module '../../graphql/services.js' {
  interface Services {
    /** The job engine's queue (app/jobs.ts: pg-boss on the store's own database). */
    jobs: JobQueue;
  }
}

/** What a step of a job carries through the engine: our job's id and which step it is. */
export interface StepMessage {
  jobId: string;
  step: number;
}

/** The engine as the module sees it; app/jobs.ts implements it on pg-boss. */
export interface JobQueue {
  /**
   * Enqueues one step in the caller's transaction: it exists once that commits, and a rolled-back
   * command (or step) leaves nothing queued.
   */
  enqueue(trx: Tx, message: StepMessage, options?: { afterSeconds?: number }): Promise<void>;
  /** Asks this instance's worker to look for work now rather than at its next poll (after a commit). */
  wake(): void;
}
