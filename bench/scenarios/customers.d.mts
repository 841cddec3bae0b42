// Types of bench/scenarios/customers.mjs for the TypeScript tests that send its documents.
export const CUSTOMERS: string;
