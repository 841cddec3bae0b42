import { encodeId, ID_PREFIXES, type NodeType } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import type { AuditEvent } from './audit.model.js';
import type { UserError } from '@stockroom/domain';
import { exactAuditCount, pageAuditEvents } from './audit.repository.js';
import { auditSearchCondition } from './audit-search.js';

/**
 * An immediate download holds at most this many events, the newest (a narrower search gets older
 * ones); a background export (EXPORT_AUDIT job) has no cap.
 */
export const MAX_EXPORTED_EVENTS = 10_000;
const BATCH = 250;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and kept from being read as a
 * formula by spreadsheets (a leading = + - @ gets a ').
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'created_at',
  'action',
  'actor_type',
  'actor',
  'subject_type',
  'subject_id',
  'field',
  'before',
  'after',
  'ip',
  'request_id',
];

const CSV_HEADER_LINE = `${HEADER.join(',')}\n`;

/** One line per changed field (one for an event without changes), so a spreadsheet can filter by field. */
function lines(e: AuditEvent): string[] {
  const subjectId =
    e.subjectId && e.subjectType && e.subjectType in ID_PREFIXES
      ? encodeId(e.subjectType as NodeType, e.subjectId)
      : e.subjectId;
  const common = (field: string, before: unknown, after: unknown) =>
    [
      new Date(e.createdAt).toISOString(),
      e.action,
      e.actorType,
      e.actorName,
      e.subjectType,
      subjectId,
      field,
      before,
      after,
      e.ip,
      e.requestId,
    ]
      .map(csvCell)
      .join(',');
  const changes = Object.entries(e.changes);
  return changes.length
    ? changes.map(([field, c]) => common(field, c.before, c.after))
    : [common('', null, null)];
}

export type AuditExport =
  | { status: 200; write: (out: (chunk: string) => void) => Promise<void> }
  | { status: 400 | 403; message: string };

/**
 * The audit log as CSV for a search (SPEC §2 /settings/audit: AUDIT_READ to read it, DATA_EXPORT to
 * take it away), newest first, read a page at a time so memory stays flat.
 */
export function exportAuditEvents(db: Executor, viewer: Viewer | null, query: string | null): AuditExport {
  for (const needed of ['AUDIT_READ', 'DATA_EXPORT'] as const) {
    if (!viewer?.permissions.has(needed))
      return {
        status: 403,
        message: `Downloading the audit log needs ${needed}. Ask a staff manager for it.`,
      };
  }
  const search = auditSearchCondition(query);
  if ('errors' in search) return { status: 400, message: search.errors.map((e) => e.message).join(' ') };
  return {
    status: 200,
    write: async (out) => {
      out(CSV_HEADER_LINE);
      let after: string | null = null;
      for (let sent = 0; sent < MAX_EXPORTED_EVENTS; sent += BATCH) {
        const page = await pageAuditEvents(
          db,
          { subject: null, action: null, condition: search.condition },
          { first: BATCH, after },
        );
        for (const e of page.rows) out(`${lines(e).join('\n')}\n`);
        if (!page.hasNextPage || !page.rows.length) break;
        after = page.cursor(page.rows.at(-1)!);
      }
    },
  };
}

/** Why a search cannot be exported (the same words the list answers), or nothing. */
export function auditExportProblems(query: string | null): UserError[] {
  const search = auditSearchCondition(query);
  return 'errors' in search ? search.errors : [];
}

/** How many events a search matches now, exactly. */
export function auditExportTotal(db: Executor, query: string | null): Promise<number> {
  const search = auditSearchCondition(query);
  if ('errors' in search) return Promise.resolve(0);
  return exactAuditCount(db, { subject: null, action: null, condition: search.condition });
}

export interface AuditCsvBatch {
  /** The CSV lines of these events (with the header first when asked for). */
  text: string;
  events: number;
  lines: number;
  /** Where the next batch starts; null when this one reached the oldest event. */
  after: string | null;
}

/**
 * The next `size` events of a search, newest first, after a cursor, as CSV lines in the download's
 * columns: one step of a background export. The same cursor gives the same lines (the log is
 * append-only and newer events sort before the cursor), so a step run again writes the same part.
 */
export async function auditCsvBatch(
  db: Executor,
  query: string | null,
  after: string | null,
  size: number,
  withHeader: boolean,
): Promise<AuditCsvBatch | { errors: UserError[] }> {
  const search = auditSearchCondition(query);
  if ('errors' in search) return { errors: search.errors };
  let text = withHeader ? CSV_HEADER_LINE : '';
  let events = 0;
  let lineCount = 0;
  let cursor = after;
  let more = true;
  while (events < size) {
    const page = await pageAuditEvents(
      db,
      { subject: null, action: null, condition: search.condition },
      { first: Math.min(BATCH, size - events), after: cursor },
    );
    for (const e of page.rows) {
      const eventLines = lines(e);
      text += `${eventLines.join('\n')}\n`;
      lineCount += eventLines.length;
    }
    events += page.rows.length;
    if (page.rows.length) cursor = page.cursor(page.rows.at(-1)!);
    if (!page.hasNextPage || !page.rows.length) {
      more = false;
      break;
    }
  }
  return { text, events, lines: lineCount, after: more ? cursor : null };
}
