// Types of scripts/eslint-boundaries.mjs for the TypeScript test of its rules.
import type { ESLint } from 'eslint';

export const stockroomPlugin: ESLint.Plugin;
