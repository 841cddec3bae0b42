// Types of bench/scenarios/products.mjs for the TypeScript tests that send its documents.
export const PRODUCTS_ADMIN: string;
export const PRODUCTS_FULL: string;
export const PRODUCT_SEARCH: string;
export const PRODUCT_DETAIL: string;
