import type { HomeQuery } from '../../../gql/graphql';

export type HomeSales = NonNullable<HomeQuery['analytics']['sales']>;
export type HomeQueue = HomeQuery['analytics']['workQueue'];
export type HomeLowStock = NonNullable<HomeQuery['inventoryLevels']>['nodes'];
export type HomeActivity = NonNullable<HomeQuery['auditEvents']>['nodes'];

/** The periods Home offers, as the URL names them (`?period=7d`) and the API does. */
export const PERIODS = [
  { value: 'today', label: 'Today', api: 'TODAY', previous: 'all of yesterday', previousLabel: 'Yesterday' },
  {
    value: '7d',
    label: '7 days',
    api: 'LAST_7_DAYS',
    previous: 'the 7 days before',
    previousLabel: '7 days before',
  },
  {
    value: '30d',
    label: '30 days',
    api: 'LAST_30_DAYS',
    previous: 'the 30 days before',
    previousLabel: '30 days before',
  },
] as const;
export type PeriodChoice = (typeof PERIODS)[number];

export function periodOf(param: string | null): PeriodChoice {
  return PERIODS.find((p) => p.value === param) ?? PERIODS[0];
}

/** "+12.5%", "−3%", or null when there is nothing to compare with. */
export function changeWords(change: number | null | undefined): string | null {
  if (change === null || change === undefined) return null;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${Math.abs(change).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
}
