import type { ImportRowOutcome } from '@stockroom/domain';
import type { Json } from '../../db/columns.js';
import type { ImportFieldChange, ImportRowProblem } from '../jobs/import.model.js';

/** What one row of an import's file did (in a dry run: would do); a revert's n-th record undone. */
export interface JobImportRowTable {
  job_id: string;
  file_row: number;
  outcome: ImportRowOutcome;
  subject: string | null;
  subject_type: string | null;
  subject_id: string | null;
  changes: Json<ImportFieldChange[]>;
  problems: Json<ImportRowProblem[]>;
}

/** A key (handle, SKU, email) an import's file claimed, with the first row that claimed it. */
export interface JobImportKeyTable {
  job_id: string;
  key: string;
  file_row: number;
}

/** This module's tables, as Kysely sees them. */
export interface ImportTables {
  job_import_rows: JobImportRowTable;
  job_import_keys: JobImportKeyTable;
}
