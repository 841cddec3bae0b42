import { CATALOG_LIMITS, decodeIdOf, DomainError, tagsSchema, validate } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import type { Job } from '../jobs/jobs.model.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { jobStart } from '../jobs/job.service.js';
import { batchedIdsStep } from '../jobs/job-runner.service.js';
import { customerSearchCondition } from './customer-search.js';
import { customerIdsMatching, lockCustomersForBulk, setCustomerTags } from './customer-bulk.repository.js';

/*
 * Tags added to or removed from many customers at once (customersBulkUpdate, issue #34): the
 * selection or every customer a search finds, up to 10,000; up to 1,000 in the command's own
 * transaction, more as a BULK_EDIT_CUSTOMERS job changing 1,000 a step. Each customer changed gets
 * its own `customer.update` audit event, so each can be undone from the log like any edit.
 */

/** At most this many customers change in one bulk edit. */
export const MAX_BULK_CUSTOMERS = 10_000;
/** More customers than this change in the background, as a job with progress. */
export const IMMEDIATE_BULK_CUSTOMERS = 1_000;
/** Customers one step of the job changes. */
export const BULK_CUSTOMERS_PER_STEP = 1_000;

export interface CustomerBulkAction {
  addTags?: string[] | null;
  removeTags?: string[] | null;
}

export interface CustomerBulkTarget {
  ids?: string[] | null;
  /** "All matching": every customer the search finds. */
  query?: string | null;
}

function tagsOf(list: string[] | null | undefined, field: string): string[] {
  const parsed = validate(tagsSchema, list ?? [], ['action', field]);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  return parsed.value;
}

/** The action, checked: exactly one of adding or removing, with at least one tag. */
function checkedAction(action: CustomerBulkAction): { add: string[]; remove: string[] } {
  const chosen = [action.addTags, action.removeTags].filter((a) => a != null);
  if (chosen.length !== 1)
    throw DomainError.one('INVALID', 'Choose either tags to add or tags to remove.', ['action']);
  const field = action.addTags != null ? 'addTags' : 'removeTags';
  const tags = tagsOf(chosen[0], field);
  if (!tags.length) throw DomainError.one('INVALID', 'Give at least one tag.', ['action', field]);
  return field === 'addTags' ? { add: tags, remove: [] } : { add: [], remove: tags };
}

async function targetIds(trx: Tx, target: CustomerBulkTarget): Promise<string[]> {
  if (target.ids != null && target.query != null)
    throw DomainError.one('INVALID', 'Give either ids or a query, not both.', ['ids']);
  if (target.ids != null) {
    if (target.ids.length > MAX_BULK_CUSTOMERS) return tooMany();
    return target.ids.map((id, i) => {
      const uuid = decodeIdOf('Customer', id);
      if (!uuid) throw DomainError.one('INVALID', 'This customer does not exist.', ['ids', String(i)]);
      return uuid;
    });
  }
  if (target.query == null)
    throw DomainError.one('INVALID', 'Give the customers: their ids or a search.', ['ids']);
  const currency = (await storeSettings(trx)).currencyCode;
  const search = customerSearchCondition(target.query, currency);
  if ('errors' in search) throw new DomainError(search.errors);
  return customerIdsMatching(trx, search.condition, MAX_BULK_CUSTOMERS + 1);
}

function tooMany(): never {
  throw DomainError.one(
    'LIMIT_EXCEEDED',
    `One bulk edit can change at most ${MAX_BULK_CUSTOMERS.toLocaleString('en-US')} customers; narrow the search.`,
    ['query'],
  );
}

/**
 * Adds or removes tags on the chosen customers. Returns how many changed (0 so far for a job, which
 * the answer carries). Erased customers keep what they have.
 */
export async function customersBulkUpdate(
  trx: Tx,
  actor: Actor,
  target: CustomerBulkTarget,
  action: CustomerBulkAction,
  queue: JobQueue,
): Promise<{ changedCount: number; job: Job | null }> {
  const tags = checkedAction(action);
  const ids = [...new Set(await targetIds(trx, target))];
  if (ids.length > MAX_BULK_CUSTOMERS) tooMany();
  if (!ids.length) return { changedCount: 0, job: null };
  if (ids.length > IMMEDIATE_BULK_CUSTOMERS) {
    if (!actor.viewer) throw DomainError.one('INVALID', 'A bulk edit this large needs a person or a token.');
    const job = await jobStart(trx, actor as Actor & { viewer: Viewer }, queue, {
      kind: 'BULK_EDIT_CUSTOMERS',
      input: { ids, action: { addTags: tags.add, removeTags: tags.remove } },
      resultName: null,
      progressTotal: ids.length,
    });
    return { changedCount: 0, job };
  }
  const locked = await lockCustomersForBulk(trx, ids);
  if (locked.length !== ids.length && target.ids != null)
    throw DomainError.one('INVALID', 'Some of these customers do not exist.', ['ids']);
  return { changedCount: await retag(trx, actor, locked, tags), job: null };
}

type Locked = Awaited<ReturnType<typeof lockCustomersForBulk>>;

async function retag(
  trx: Tx,
  actor: Actor,
  customers: Locked,
  tags: { add: string[]; remove: string[] },
): Promise<number> {
  const remove = new Set(tags.remove.map((t) => t.toLowerCase()));
  let changed = 0;
  for (const c of customers) {
    if (c.state === 'ERASED') continue;
    const next = c.tags.filter((t) => !remove.has(t.toLowerCase()));
    for (const t of tags.add) if (!next.some((x) => x.toLowerCase() === t.toLowerCase())) next.push(t);
    if (next.length === c.tags.length && next.every((t, i) => t === c.tags[i])) continue;
    if (next.length > CATALOG_LIMITS.tags)
      throw DomainError.one(
        'LIMIT_EXCEEDED',
        `A customer can have at most ${CATALOG_LIMITS.tags} tags; nothing was changed.`,
        ['action', 'addTags'],
      );
    await setCustomerTags(trx, c.id, next);
    await recordAudit(trx, actor, {
      action: 'customer.update',
      subjectType: 'Customer',
      subjectId: c.id,
      changes: { tags: { before: c.tags, after: next } },
    });
    changed++;
  }
  return changed;
}

/**
 * One step of a BULK_EDIT_CUSTOMERS job: the next 1,000 of the customers chosen when it started,
 * changed as the immediate edit changes them (audited as the starter). Customers deleted since are
 * counted as missing; a customer over the tag limit is reported and skipped, not the whole step.
 */
export const customerBulkEditStep = batchedIdsStep(
  BULK_CUSTOMERS_PER_STEP,
  async ({ trx, actor, input, batch, rowOf, counts, errors }) => {
    const action = (input['action'] as { addTags?: string[]; removeTags?: string[] } | undefined) ?? {};
    const tags = { add: action.addTags ?? [], remove: action.removeTags ?? [] };
    const locked = batch.length ? await lockCustomersForBulk(trx, batch) : [];
    counts['missing'] = (counts['missing'] ?? 0) + (batch.length - locked.length);
    let changed = 0;
    for (const customer of locked) {
      try {
        changed += await retag(trx, actor, [customer], tags);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        counts['skipped'] = (counts['skipped'] ?? 0) + 1;
        if (errors.length < 50)
          errors.push({ row: rowOf(customer.id), field: 'tags', message: error.errors[0]!.message });
      }
    }
    counts['updated'] = (counts['updated'] ?? 0) + changed;
  },
);
