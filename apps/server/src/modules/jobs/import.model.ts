import type { ImportKind, ImportRowOutcome } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';

/**
 * Issue #29, CSV imports. The engine (modules/imports) reads the file, cuts it into chunks, keeps
 * the report and runs the job's modes; each kind's importer lives in the module that owns its
 * records (inventory: products and stock; customers) and is plugged in by app/jobs.ts, so the
 * modules below never import the engine.
 */

/** One data record of the file: its row as a spreadsheet numbers it (the header is row 1) and its cells by header. */
export interface CsvRecord {
  row: number;
  /** Cells by the header's name as written in the file (trimmed); a missing cell is ''. */
  cells: Record<string, string>;
}

/** One field a row changes (in a dry run: would change), before → after, as the file and the screens write it. */
export interface ImportFieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** Why a row (or, with row null, the file) can't be imported: the column, a code of SPEC §8 and plain words. */
export interface ImportRowProblem {
  column: string | null;
  code: string;
  message: string;
}

/** What one row of the file does (in a dry run: would do). */
export interface ImportRowResult {
  row: number;
  outcome: ImportRowOutcome;
  /** What the row is about, in words: "linen-shirt — M / Blue", "LS-M at Main warehouse", "ana@example.com". */
  subject: string | null;
  /** The record it is about, once it exists: 'Product', 'ProductVariant', 'InventoryLevel', 'Customer'. */
  subjectType: string | null;
  subjectId: string | null;
  changes: ImportFieldChange[];
  problems: ImportRowProblem[];
  /**
   * Counts of whole records the row adds to the report beside the rows' outcomes (a products file
   * has a row per variant: its product's first row adds to `productsCreated`, each new variant's row
   * to `variantsCreated`), so the summary can speak of products, not rows. Not stored with the row.
   */
  tally?: string[];
}

/** A column an importer reads, for `importColumns(kind)` and the screen's help. */
export interface ImportColumn {
  name: string;
  required: boolean;
  description: string;
}

export interface ImportContext {
  trx: Tx;
  /** The starter, with their permissions as they are now; every audit event names the job (actor.jobId). */
  actor: Actor & { viewer: Viewer; jobId: string };
  /** DRY_RUN reads only; APPLY writes through the modules' own services. */
  mode: 'DRY_RUN' | 'APPLY';
  /** The file's header, as written (trimmed), in order. */
  headers: string[];
  /**
   * Claims keys for this file (`sku:ls-m`, `handle:linen-shirt`, `email:ana@example.com`, lowercased
   * by the caller): answers, for each key an EARLIER row of this file claimed, that row. Claims
   * persist across chunks and survive a step that runs again (same row, same key: not a duplicate).
   */
  claimKeys(keys: { key: string; row: number }[]): Promise<Map<string, number>>;
  /**
   * Runs `work` so that a DomainError it throws undoes only what `work` wrote (a savepoint), and
   * answers the error instead of throwing it: one bad product never takes its chunk down with it.
   * Any other error is thrown (the step fails and runs again).
   */
  isolated<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: Error }>;
}

/** Undoes one audit event an applied import wrote, or throws a DomainError saying why it can't (in words). */
export type ImportReverter = (trx: Tx, actor: Actor, event: AuditEvent) => Promise<void>;

export interface Importer {
  kind: ImportKind;
  /** The columns it reads; some depend on the store (products: one `Stock: <location>` per location). */
  columns(trx: Tx): Promise<ImportColumn[]>;
  /**
   * Checks the header before any row is read: a required column missing, a column it doesn't know,
   * a column twice. Any problem fails the file with these words (nothing is read or written).
   */
  checkHeader(trx: Tx, headers: string[]): Promise<ImportRowProblem[]>;
  /**
   * Records that belong together (a product's rows share its Handle): a chunk never splits a group,
   * and a group's rows must stand together in the file. Absent: every row stands alone.
   */
  groupKey?(record: CsvRecord): string;
  /**
   * One chunk (about IMPORT_ROWS_PER_STEP rows, whole groups), one result per record. In DRY_RUN it
   * only reads; in APPLY it writes each group through its module's services (the forms' and the
   * API's rules, audit events, outbox events) inside `ctx.isolated`, so a failing group is reported
   * and undone alone. A row is never half applied. Reads for the whole chunk are batched.
   */
  run(ctx: ImportContext, records: CsvRecord[]): Promise<ImportRowResult[]>;
  /**
   * How this kind undoes the audit events its apply wrote that undo (modules/undo) does not handle
   * itself: a creation (deleted again if nothing changed it since and nothing refers to it), a stock
   * count (set back by a new movement if none came since). Updates go through undo's own rules.
   */
  reverters: Record<string, ImportReverter>;
}

export type Importers = Record<ImportKind, Importer>;
