import { fileURLToPath } from 'node:url';

/** The repository root, from src/ (tests) and from dist/ (benches) alike. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The entry points the stack runs, exactly as `npm start` runs them: the API and the worker bundled (scripts/build/bundle.mjs). */
export const ENTRIES = {
  api: `${REPO_ROOT}backend/dist/main.bundle.js`,
  worker: `${REPO_ROOT}worker/dist/main.bundle.js`,
  prepare: `${REPO_ROOT}backend/dist/cli/prepare.js`,
  migrations: `${REPO_ROOT}packages/db/dist/migrations`,
} as const;
