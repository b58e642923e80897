import { resolve } from 'node:path';

/**
 * Where a test run keeps its logs, env file and data: `.test-run`, or TEST_RUN_DIR when scripts/test.sh runs several
 * e2e stacks side by side (each its own directory, so their env files and app logs never mix).
 */
export const RUN_DIR = resolve(process.env.TEST_RUN_DIR ?? '.test-run');
