import type { JobKind, JobStatus } from '@stockroom/domain';
import type { ColumnType, Selectable } from 'kysely';
import type { Json, Timestamp } from '../../db/columns.js';

export type { JobKind, JobStatus };

/** One problem a job met, with the row (1-based, as in the file or the list) and field where it applies. */
export interface JobProblem {
  row: number | null;
  field: string | null;
  message: string;
}

/** What a job did: counts by name (exported, updated, skipped, …) and the problems it met. */
export interface JobReport {
  counts: Record<string, number>;
  errors: JobProblem[];
}

export interface JobTable {
  id: string;
  kind: JobKind;
  status: ColumnDefault<JobStatus>;
  progress_done: ColumnDefault<number>;
  progress_total: number | null;
  report: Json<JobReport>;
  /** Why it FAILED, in plain words. */
  failure: string | null;
  /** The result's download name (`audit-log-2026-11-28.csv`); null without a result. */
  result_name: string | null;
  /** How many parts of the result file are written (one per step that wrote any). */
  result_parts: ColumnDefault<number>;
  started_by_type: 'staff' | 'api';
  started_by_staff_id: string | null;
  started_by_token_id: string | null;
  started_by_name: string;
  input: Json<Record<string, unknown>>;
  /** How many steps are done: a step run for a smaller number is a repeat and does nothing. */
  step: ColumnDefault<number>;
  /** Where the next step starts (a cursor, …); null before the first. */
  step_state: Json<Record<string, unknown> | null>;
  cancel_requested_at: Timestamp | null;
  /** When its result file was deleted for its age (app/maintenance.ts); null while kept. */
  result_expired_at: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A column the database fills when an insert leaves it out. */
type ColumnDefault<T> = ColumnType<T, T | undefined, T>;

/** This module's tables, as Kysely sees them. */
export interface JobTables {
  jobs: JobTable;
}

export type JobRow = Selectable<JobTable>;
