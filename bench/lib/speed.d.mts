// Types of bench/lib/speed.mjs for the TypeScript test that holds README to it.
export const readmePath: string;
export const START: string;
export const END: string;
export function speedSection(results: unknown): string;
export function readmeWithSpeed(readme: string, results: unknown): Promise<string>;
export function writeSpeed(results: unknown): Promise<void>;
