import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { JobTable } from './jobs.tables.js';

export type { JobKind, JobStatus, JobProblem, JobReport } from './jobs.tables.js';

export const jobRow = tableRow<JobTable>()(
  [
    'id',
    'kind',
    'status',
    'progress_done',
    'progress_total',
    'report',
    'failure',
    'result_name',
    'result_parts',
    'started_by_type',
    'started_by_staff_id',
    'started_by_token_id',
    'started_by_name',
    'input',
    'step',
    'step_state',
    'cancel_requested_at',
    'result_expired_at',
    'created_at',
    'started_at',
    'finished_at',
    'updated_at',
  ] as const,
  { json: ['input', 'report', 'step_state'] },
);

/** A background job (SPEC §3 Job) as the rest of the server sees it. */
export type Job = Camel<Selectable<JobTable>>;
