import { describe, expect, it } from 'vitest';
import { dataViewShows, type DataViewInput } from './data-view-state';

const ALL = { rows: ['#1001 shipped', '#1002 cancelled', '#1003 open'] };
const UNFULFILLED = { rows: ['#1003 open'] };

const base: DataViewInput<typeof ALL> = {
  data: undefined,
  previousData: undefined,
  loading: false,
  error: undefined,
  keepPrevious: true,
  retrying: false,
  slow: false,
};
const offline = new TypeError('Failed to fetch');

describe('what DataView shows', () => {
  it('the answer for the variables asked, also while it is refreshed or its refresh failed', () => {
    expect(dataViewShows({ ...base, data: ALL })).toEqual({ kind: 'current', data: ALL });
    expect(dataViewShows({ ...base, data: ALL, loading: true, retrying: true })).toEqual({
      kind: 'current',
      data: ALL,
    });
    expect(dataViewShows({ ...base, data: ALL, error: offline })).toEqual({ kind: 'current', data: ALL });
  });

  it('never the rows of the tab before when the new tab failed to load: the error state', () => {
    // Apollo's answer after the request for the new variables failed: no data, the old rows as previousData.
    expect(dataViewShows({ ...base, previousData: ALL, error: offline })).toEqual({ kind: 'error' });
    expect(dataViewShows({ ...base, keepPrevious: false, previousData: ALL, error: offline })).toEqual({
      kind: 'error',
    });
  });

  it('the rows before, dimmed, only while the next ones load and briefly', () => {
    const loadingNext = { ...base, previousData: ALL, loading: true };
    expect(dataViewShows(loadingNext)).toEqual({ kind: 'previous', data: ALL });
    // The server cannot be reached: retries may take seconds; a skeleton and "Retrying…" instead.
    expect(dataViewShows({ ...loadingNext, retrying: true })).toEqual({ kind: 'loading' });
    expect(dataViewShows({ ...loadingNext, slow: true })).toEqual({ kind: 'loading' });
    // Only lists keep rows; a record's screen shows its skeleton.
    expect(dataViewShows({ ...loadingNext, keepPrevious: false })).toEqual({ kind: 'loading' });
  });

  it('the new answer once it arrives, whatever was shown before', () => {
    expect(dataViewShows({ ...base, data: UNFULFILLED, previousData: ALL })).toEqual({
      kind: 'current',
      data: UNFULFILLED,
    });
  });
});
