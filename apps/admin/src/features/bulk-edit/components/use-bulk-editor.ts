import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import { bulkEditVariantsByIdDocument } from '../api/bulk-edit-queries';
import { productVariantsBulkUpdateDocument } from '../api/bulk-update-mutation';
import type { BulkVariantFieldsFragment } from '../../../gql/graphql';
import { useSavedToast } from '../../../components/undo-toast';
import { describeError } from '../../../lib/errors';
import { useRequestKey } from '../../../lib/idempotency-key';
import { countChanges, stockKey, type VariantRow } from './change-model';
import { pushHistory, redo, startHistory, undo, type History } from './grid-edits';
import { rebaseRow, rowOf } from './rows-of';
import { buildSaveRequest, type CellError, type SaveRequest } from './save-request';
import { cellId } from './grid-columns';
import type { Location } from './use-bulk-rows';

type FreshVariant = BulkVariantFieldsFragment & { product: { id: string; title: string } };

const byId = (rows: readonly VariantRow[]) => new Map(rows.map((r) => [r.variantId, r]));

function plural(n: number, word: string): string {
  return `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The bulk editor's state: the rows as edited (with undo/redo), the rows as loaded, the problems
 * of the last save and the save itself. The grid and the phone form both use it.
 */
export function useBulkEditor(initialRows: VariantRow[], locations: readonly Location[]) {
  const client = useApolloClient();
  const locationIds = useMemo(() => locations.map((l) => l.id), [locations]);
  const [history, setHistory] = useState<History>(() => startHistory(initialRows));
  const [originals, setOriginals] = useState<ReadonlyMap<string, VariantRow>>(() => byId(initialRows));
  const [errors, setErrors] = useState<CellError[]>([]);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [askNegative, setAskNegative] = useState(false);
  const [saving, setSaving] = useState(false);
  const [save] = useMutation(productVariantsBulkUpdateDocument);
  const requestKey = useRequestKey();
  const savedToast = useSavedToast();
  const rows = history.present;

  const count = useMemo(() => countChanges(originals, rows, locationIds), [originals, rows, locationIds]);
  const errorMap = useMemo(
    () => new Map(errors.map((e) => [cellId(e.variantId, e.key), e.message])),
    [errors],
  );
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r.variantId, i])), [rows]);

  const change = useCallback((next: VariantRow[]) => {
    setHistory((h) => {
      // A cell the person changes again loses its old problem.
      setErrors((list) => {
        if (list.length === 0) return list;
        const before = byId(h.present);
        const after = byId(next);
        return list.filter((e) => {
          const was = before.get(e.variantId);
          const now = after.get(e.variantId);
          if (!was || !now || e.key === 'row') return true;
          return was[e.key as keyof VariantRow] === now[e.key as keyof VariantRow];
        });
      });
      return pushHistory(h, next);
    });
  }, []);

  /** Takes fresh variants from the server: loaded values and versions, edits kept on top. */
  const takeFresh = useCallback(
    (fresh: readonly FreshVariant[]) => {
      const freshRows = new Map(fresh.map((v) => [v.id, rowOf(v.product, v, locationIds)]));
      setOriginals((old) => {
        const next = new Map(old);
        for (const [id, row] of freshRows) next.set(id, row);
        return next;
      });
      setHistory((h) =>
        startHistory(
          h.present.map((row) => {
            const freshRow = freshRows.get(row.variantId);
            const original = originals.get(row.variantId);
            if (!freshRow || !original) return row;
            return rebaseRow(original, row, freshRow, locationIds);
          }),
        ),
      );
    },
    [locationIds, originals],
  );

  const reloadRows = useCallback(
    async (variantIds: readonly string[]) => {
      const fresh: FreshVariant[] = [];
      for (let i = 0; i < variantIds.length; i += 100) {
        const { data } = await client.query({
          query: bulkEditVariantsByIdDocument,
          variables: { ids: variantIds.slice(i, i + 100) },
          fetchPolicy: 'no-cache',
        });
        for (const node of data?.nodes ?? []) if (node?.__typename === 'ProductVariant') fresh.push(node);
      }
      takeFresh(fresh);
      setErrors((list) => list.filter((e) => !variantIds.includes(e.variantId)));
    },
    [client, takeFresh],
  );

  const run = useCallback(
    async (allowNegativeStock: boolean) => {
      setRefusal([]);
      const request: SaveRequest = buildSaveRequest(originals, rows, locationIds);
      if (request.errors.length) {
        setErrors(request.errors);
        return;
      }
      if (request.changes.length + request.stock.length === 0) return;
      if (request.negativeStock && !allowNegativeStock) {
        setAskNegative(true);
        return;
      }
      setAskNegative(false);
      const variables = {
        changes: request.changes,
        stock: request.stock,
        allowNegativeStock,
      };
      setSaving(true);
      try {
        const { data } = await save({ variables: { ...variables, idempotencyKey: requestKey(variables) } });
        const payload = data?.productVariantsBulkUpdate;
        if (!payload) throw new Error('The save got no answer.');
        if (payload.userErrors.length) {
          setRefusal(payload.userErrors.map((e) => e.message));
          return;
        }
        if (payload.errors.length) {
          setErrors(
            payload.errors.map((e) => ({
              variantId: e.variantId,
              key:
                e.column === 'onHand' && e.locationId
                  ? stockKey(e.locationId)
                  : (e.column as CellError['key']),
              message: e.message,
              code: e.code,
            })),
          );
          return;
        }
        setErrors([]);
        // What was sent is what is saved now; the answer gives the changed variants' new versions.
        const versions = new Map(payload.variants.map((v) => [v.id, v.version]));
        const sent = new Set([...request.changes, ...request.stock].map((c) => c.variantId));
        const saved = rows.map((row) => {
          const version = versions.get(row.variantId);
          return version === undefined ? row : { ...row, version };
        });
        setOriginals((old) => {
          const next = new Map(old);
          for (const row of saved) if (sent.has(row.variantId)) next.set(row.variantId, row);
          return next;
        });
        setHistory(startHistory(saved));
        const parts = [
          payload.updatedCount > 0 ? plural(payload.updatedCount, 'variant') : null,
          payload.stockChangedCount > 0 ? plural(payload.stockChangedCount, 'stock level') : null,
        ].filter(Boolean);
        savedToast({
          title: 'Saved',
          message: parts.length ? `${parts.join(' and ')} changed.` : 'Nothing needed changing.',
          auditEventId: payload.auditEventId,
          onUndone: () => void reloadRows([...sent]),
        });
      } catch (error) {
        setRefusal([describeError(error).message]);
      } finally {
        setSaving(false);
      }
    },
    [originals, rows, locationIds, save, requestKey, savedToast, reloadRows],
  );

  const discard = useCallback(() => {
    setHistory(startHistory(rows.map((r) => originals.get(r.variantId) ?? r)));
    setErrors([]);
    setRefusal([]);
  }, [rows, originals]);

  /** Variants whose row someone else changed since the grid loaded it. */
  const staleIds = useMemo(
    () => [...new Set(errors.filter((e) => e.code === 'STALE_VERSION').map((e) => e.variantId))],
    [errors],
  );

  return {
    rows,
    originals,
    locationIds,
    count,
    errors,
    errorMap,
    indexOf,
    refusal,
    saving,
    staleIds,
    askNegative,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change,
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    discard,
    save: () => void run(false),
    confirmNegative: () => void run(true),
    cancelNegative: () => setAskNegative(false),
    reloadRows,
  };
}

export type BulkEditor = ReturnType<typeof useBulkEditor>;
