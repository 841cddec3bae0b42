// Types of bench/scenarios/index.mjs for the TypeScript test that runs the scenarios.
export interface Scenario {
  key: string;
  name: string;
  document: string;
  /** The raw baseline's route, or null when the scenario has none. */
  raw: string | null;
  variables: Record<string, unknown>[];
}

export type Gql = (
  query: string,
  variables?: Record<string, unknown>,
) => Promise<{ body: { data?: unknown; errors?: unknown[] } }>;

export function readScenarios(gql: Gql): Promise<Scenario[]>;
