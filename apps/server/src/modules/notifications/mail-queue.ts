import type { Tx } from '../../db/database.js';

declare module '../../graphql/services.js' {
  interface Services {
    /** The email queue (app/jobs.ts: its own pg-boss queue, `stockroom-email`). */
    mail: MailQueue;
  }
}

/** The email queue as the module sees it; app/jobs.ts implements it on pg-boss. */
export interface MailQueue {
  /** Queues the sending of one message in the caller's transaction: a rolled-back command sends nothing. */
  enqueue(trx: Tx, messageId: string): Promise<void>;
  /** Asks this instance's worker to look now (after the commit) rather than at its next poll. */
  wake(): void;
}
