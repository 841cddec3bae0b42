import {
  DomainError,
  formatMinor,
  LIST_EXPORT_COLUMNS,
  weightUnitOf,
  type ListExportKind,
  type UserError,
  type WeightUnit,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { ListResult, Page, PageArgs } from '../../lib/pagination.js';
import type { Actor, Viewer } from '../../actor.js';
import { csvCell } from '../audit/audit-export.js';
import { storeSettings } from '../settings/settings.service.js';
import type { Job } from './jobs.model.js';
import type { JobQueue } from './job-queue.js';
import type { JobStepHandler } from './job-runner.service.js';
import { jobStart } from './job.service.js';

declare module '../../graphql/services.js' {
  interface Services {
    /** The lists' exporters, one per kind (app/jobs.ts: each module brings its own). */
    listExports: ListExporters;
  }
}

/**
 * CSV rows one step of a list export writes at least (unless the list ends): it reads whole pages
 * until it has this many, so it writes a little more (a page's items are never read twice). Large
 * enough that a step's fixed cost (the job's lock, the starter's permissions, its commit, its part
 * file, its live event) is small beside its rows; small enough that a step's text (a few MB) keeps
 * the server's memory flat.
 */
export const EXPORT_ROWS_PER_STEP = 5_000;
/** The most characters an export's search may have (the lists' own bound). */
const MAX_QUERY = 1_000;

/** What every step of one export formats with, read when it starts so every step agrees. */
export interface ExportShop {
  currency: string;
  timeZone: string;
  weightUnit: WeightUnit;
  numberPrefix: string;
}

/** A list export's input, as its job keeps it. */
export interface ListExportInput {
  query: string | null;
  columns: string[];
  sortKey: string;
  reverse: boolean;
  shop: ExportShop;
  /** Extra columns a kind adds (a product export's `Stock: <location>`) → what they stand for (the location id). */
  extra: Record<string, string>;
}

/** A money cell: a decimal string, never guarded as a formula (it is a number). */
export interface MoneyCell {
  decimal: string;
}
export type Cell = string | number | boolean | null | undefined | MoneyCell;
export type CsvRow = Record<string, Cell>;

/** One item of a list (a product, an order…) as its CSV rows, with the cursor just past it. */
export interface ExportItem {
  rows: CsvRow[];
  cursor: string;
}

/**
 * One list's export: its own search, sort and paging (the list a person sees), its rows. A module
 * brings it (catalog knows products, orders knows orders…); this engine writes the file in steps.
 */
export interface ListExporter {
  /** What the rows are: "products", "orders" (for counts and messages). */
  noun: string;
  /** The list's sort keys, the first its default. */
  sortKeys: readonly string[];
  /** Columns the kind adds now beyond its fixed ones, each with what it stands for. */
  extraColumns?: (db: Executor) => Promise<{ name: string; ref: string }[]>;
  /** Why the search is not one the list understands (the list's own userErrors), or nothing. */
  problems: (db: Executor, query: string | null, shop: ExportShop) => UserError[];
  /** How many items the search matches now, exactly. */
  total: (db: Executor, input: ListExportInput) => Promise<number>;
  /**
   * A page of items (at most 250) after a cursor, in the list's order; `matches` is the search's
   * exact count when the job knows it (counted once, at its first step).
   */
  page: (
    db: Executor,
    input: ListExportInput,
    after: string | null,
    first: number,
    matches?: number,
  ) => Promise<{ items: ExportItem[]; hasNextPage: boolean }>;
  /** Items a page asks for (fewer for items of many rows). */
  pageSize: number;
}

export type ListExporters = Record<ListExportKind, ListExporter>;

/** What an export asks of a list: the search, sort and page the list's own field takes. */
export interface ExportListArgs {
  query: string | null;
  sortKey: string;
  reverse: boolean;
  shop: ExportShop;
  page: PageArgs;
  /** null: count every match (the export's total); left out, the list's own cap. */
  countCap?: null;
  /**
   * How many items the search matches, exactly, when the export has counted them (once a job): a
   * list whose page reads by its count (orders) takes it rather than counting again every page.
   */
  matches?: number;
}

/**
 * A list's exporter from the list itself (its `list…` service, as its GraphQL field reads it) and
 * how one page's items become CSV rows. The engine keeps the rest alike for every kind: the search's
 * problems are the list's, the total is its uncapped count, a page is the list's page.
 */
export function listExporterOf<Row, P extends Page<Row>>(source: {
  noun: string;
  /** The list's sort keys, its default first. */
  sortKeys: readonly string[];
  pageSize: number;
  extraColumns?: ListExporter['extraColumns'];
  list: (db: Executor, args: ExportListArgs) => ListResult<Row, P>;
  /**
   * The rows of each item of a page: given the page (and what it read with it), a function of one
   * item; async when the rows need facts the page does not read (one query for the whole page).
   */
  rows: (db: Executor, page: P, input: ListExportInput) => RowsOf<Row> | Promise<RowsOf<Row>>;
}): ListExporter {
  const { list, rows, ...exporter } = source;
  const of = (
    db: Executor,
    input: ListExportInput,
    page: PageArgs,
    counting: Pick<ExportListArgs, 'countCap' | 'matches'> = {},
  ) =>
    list(db, {
      query: input.query,
      sortKey: input.sortKey,
      reverse: input.reverse,
      shop: input.shop,
      page,
      ...counting,
    });
  return {
    ...exporter,
    problems: (db, query, shop) => {
      const l = list(db, { query, sortKey: source.sortKeys[0]!, reverse: false, shop, page: { first: 1 } });
      return 'errors' in l ? l.errors : [];
    },
    total: async (db, input) => {
      const l = of(db, input, { first: 1 }, { countCap: null });
      return 'errors' in l ? 0 : (await l.count()).value;
    },
    page: async (db, input, after, first, matches) => {
      // The page's own list keeps the list's capped count, from the job's total when it has one:
      // it decides how the page reads (orders).
      const l = of(db, input, { first, after }, matches === undefined ? {} : { matches });
      if ('errors' in l) return { items: [], hasNextPage: false };
      const page = await l.page();
      const rowsOf = await rows(db, page, input);
      return {
        hasNextPage: page.hasNextPage,
        items: page.rows.map((item) => ({ rows: rowsOf(item), cursor: page.cursor(item) })),
      };
    },
  };
}

/** One item's CSV rows. */
export type RowsOf<Row> = (item: Row) => CsvRow[];

export const money = (minor: number | null | undefined, currency: string): MoneyCell | null =>
  minor === null || minor === undefined ? null : { decimal: formatMinor(minor, currency) };

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone (building one costs far more than formatting a date with it). */
function formatterIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/** A zone's offset from UTC at an instant (whole seconds), in minutes, asked of Intl. */
function offsetAt(seconds: number, timeZone: string): number {
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const p of formatterIn(timeZone).formatToParts(new Date(seconds * 1000)))
    if (p.type in parts) parts[p.type as keyof typeof parts] = Number(p.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((local / 1000 - seconds) / 60);
}

/** Offsets change at most on the quarter hour (every zone's transitions today), so cached by one. */
const QUARTER_HOUR = 900;
const OFFSETS = new Map<string, Map<number, number>>();
const MAX_CACHED_QUARTERS = 100_000;

/**
 * The zone's offset at an instant. Intl is asked once per quarter hour of a zone (both its ends:
 * a quarter that holds a change is asked at each instant), not once per date: an export writes
 * several dates a row, and Intl's formatToParts was a large part of its time.
 */
function offsetMinutes(seconds: number, timeZone: string): number {
  let quarters = OFFSETS.get(timeZone);
  if (!quarters) OFFSETS.set(timeZone, (quarters = new Map<number, number>()));
  const quarter = Math.floor(seconds / QUARTER_HOUR);
  const known = quarters.get(quarter);
  if (known !== undefined) return known;
  const start = offsetAt(quarter * QUARTER_HOUR, timeZone);
  if (start !== offsetAt((quarter + 1) * QUARTER_HOUR - 1, timeZone)) return offsetAt(seconds, timeZone);
  if (quarters.size >= MAX_CACHED_QUARTERS) quarters.clear();
  quarters.set(quarter, start);
  return start;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as Shopify's exports write it, in the store's time zone: `2026-11-28 09:05:03 -0500`.
 */
export function storeDateTime(date: Date | string | null | undefined, timeZone: string): string | null {
  if (date === null || date === undefined) return null;
  const seconds = Math.floor(new Date(date).getTime() / 1000);
  const offset = offsetMinutes(seconds, timeZone);
  const l = new Date((seconds + offset * 60) * 1000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${String(l.getUTCFullYear()).padStart(4, '0')}-${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())} ${two(l.getUTCHours())}:${two(l.getUTCMinutes())}:${two(l.getUTCSeconds())} ${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
}

/**
 * One CSV line. Text goes through the audit export's cell (quoted when needed, a leading = + - @
 * guarded as a formula); numbers and money are written as they are, so "-3" on hand stays a number.
 * Like the audit export: UTF-8 without a byte-order mark, `\n` line ends.
 */
export function csvLine(columns: readonly string[], row: CsvRow): string {
  // Joined, not appended cell by cell: one flat string a line, where `+=` leaves a chain of pieces
  // per cell that a step's text keeps alive (and the GC walks) until the step ends.
  const cells = new Array<string>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const value = row[columns[i]!];
    cells[i] =
      typeof value === 'number'
        ? String(value)
        : typeof value === 'boolean'
          ? value
            ? 'TRUE'
            : 'FALSE'
          : value && typeof value === 'object'
            ? value.decimal
            : value
              ? csvCell(value)
              : '';
  }
  return cells.join(',');
}

export interface ListExportRequest {
  kind: ListExportKind;
  query?: string | null;
  columns?: readonly string[] | null;
  sortKey?: string | null;
  reverse?: boolean | null;
}

/**
 * Starts a list's export (SPEC §10 `exportStart`): the list's current search and sort, the columns
 * chosen (all by default), as a job whose CSV downloads from its `resultUrl`.
 */
export async function listExportStart(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  exporter: ListExporter,
  request: ListExportRequest,
): Promise<Job> {
  const query = request.query?.trim() || null;
  if (query && query.length > MAX_QUERY)
    throw DomainError.one('TOO_LONG', `A search can be at most ${MAX_QUERY} characters.`, ['input', 'query']);
  const sortKey = request.sortKey ?? exporter.sortKeys[0]!;
  if (!exporter.sortKeys.includes(sortKey))
    throw DomainError.one(
      'INVALID',
      `"${sortKey}" is not a sort of this list; use one of ${exporter.sortKeys.join(', ')}.`,
      ['input', 'sortKey'],
    );
  const settings = await storeSettings(trx);
  const shop: ExportShop = {
    currency: settings.currencyCode,
    timeZone: settings.timezone,
    weightUnit: weightUnitOf(settings.weightUnit),
    numberPrefix: settings.orderNumberPrefix,
  };
  const problems = exporter.problems(trx, query, shop);
  if (problems.length) throw new DomainError(problems.map((p) => ({ ...p, field: ['input', 'query'] })));
  const extras = exporter.extraColumns ? await exporter.extraColumns(trx) : [];
  const known = [...LIST_EXPORT_COLUMNS[request.kind], ...extras.map((e) => e.name)];
  const columns = request.columns ? [...request.columns] : known;
  checkColumns(columns, known, exporter.noun);
  const extra = Object.fromEntries(
    extras.filter((e) => columns.includes(e.name)).map((e) => [e.name, e.ref]),
  );
  const input: ListExportInput = {
    query,
    columns,
    sortKey,
    reverse: Boolean(request.reverse),
    shop,
    extra,
  };
  const day = new Date().toISOString().slice(0, 10);
  return jobStart(trx, actor, queue, {
    kind: request.kind,
    input: input as unknown as Record<string, unknown>,
    resultName: `${exporter.noun}-${query ? 'search-' : ''}${day}.csv`,
  });
}

function checkColumns(columns: readonly string[], known: readonly string[], noun: string): void {
  if (!columns.length)
    throw DomainError.one('REQUIRED', 'Choose at least one column to export.', ['input', 'columns']);
  const errors: UserError[] = [];
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (!known.includes(name))
      errors.push({
        field: ['input', 'columns', String(i)],
        code: 'INVALID',
        message: `"${name}" is not a column of the ${noun} export; the columns are: ${known.join(', ')}.`,
      });
    else if (seen.has(name))
      errors.push({
        field: ['input', 'columns', String(i)],
        code: 'INVALID',
        message: `"${name}" is chosen twice; choose each column once.`,
      });
    seen.add(name);
  });
  if (errors.length) throw new DomainError(errors);
}

interface ListExportState {
  after: string | null;
  /** The search's matches, counted once at the first step (a job started before had none). */
  total?: number;
  [key: string]: unknown;
}

/**
 * One step of a list export: whole pages after the last step's cursor, read by keyset as the list
 * reads them, until it has EXPORT_ROWS_PER_STEP rows (whole items: a product's variants never split
 * across steps, and no item read is left for the next step to read again). The search is counted
 * once, at the first step, and every page takes that count rather than counting again; so a step
 * costs the same few statements however large the store. The same cursor gives the same rows, so a
 * step run again writes the same part.
 */
export function listExportStep(exporters: ListExporters, kind: ListExportKind): JobStepHandler {
  return async ({ trx, job }) => {
    const exporter = exporters[kind];
    const input = job.input as unknown as ListExportInput;
    const state = job.stepState as ListExportState | null;
    const first = job.step === 0;
    const problems = exporter.problems(trx, input.query, input.shop);
    if (problems.length) throw new DomainError(problems);
    const total = first ? await exporter.total(trx, input) : state?.total;
    const lines = first ? [csvLine(input.columns, Object.fromEntries(input.columns.map((c) => [c, c])))] : [];
    let cursor = state?.after ?? null;
    let items = 0;
    let rows = 0;
    let more = true;
    while (more && rows < EXPORT_ROWS_PER_STEP) {
      const page = await exporter.page(trx, input, cursor, exporter.pageSize, total);
      for (const item of page.items) {
        for (const row of item.rows) lines.push(csvLine(input.columns, row));
        rows += item.rows.length;
        cursor = item.cursor;
      }
      items += page.items.length;
      more = page.hasNextPage && page.items.length > 0;
    }
    const counts = job.report.counts;
    const done = (counts[exporter.noun] ?? 0) + items;
    return {
      next: more ? { after: cursor, ...(total === undefined ? {} : { total }) } : null,
      progressDone: done,
      ...(first ? { progressTotal: total } : {}),
      report: {
        counts: { [exporter.noun]: done, rows: (counts['rows'] ?? 0) + rows },
        errors: job.report.errors,
      },
      part: lines.length ? `${lines.join('\n')}\n` : '',
    };
  };
}

/** The columns a person may choose for a kind now (its fixed ones, then those it adds). */
export async function listExportColumns(
  db: Executor,
  exporters: ListExporters,
  kind: ListExportKind,
): Promise<string[]> {
  const exporter = exporters[kind];
  const extras = exporter.extraColumns ? await exporter.extraColumns(db) : [];
  return [...LIST_EXPORT_COLUMNS[kind], ...extras.map((e) => e.name)];
}
