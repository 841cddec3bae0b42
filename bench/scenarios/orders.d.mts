// Types of bench/scenarios/orders.mjs for the TypeScript tests that send its documents.
export const ORDER_LIST: string;
export const ORDER_DETAIL: string;
