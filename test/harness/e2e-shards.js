// Splits the e2e files into shards of about equal duration (jest --shard=i/n), so scripts/test.sh can run each shard
// against a stack of its own, side by side. Jest's own split is by path hash, which put the two longest files together.
import Sequencer from '@jest/test-sequencer';
import { basename } from 'node:path';

/**
 * Seconds each file took in a CI run on 2 cores (only for balancing: a file missing here counts DEFAULT_SECONDS, and a
 * wrong figure makes a shard longer, never a test fail).
 */
const SECONDS = {
  site: 134, 'python-client': 79, extract: 49, jobs: 46, 'job-signal': 42, webhooks: 41, 'actions-limits': 38,
  actions: 32, pdf: 29, map: 27, hardening: 23, metrics: 23, openapi: 22, cancel: 21, 'content-fairness': 21,
  'content-formats': 20, chat: 18, screenshot: 17, 'proxy-pool': 16, recipe: 16, 'pool-safety': 15, 'max-age': 14,
  crawl: 13, client: 13, idempotency: 10,
};
const DEFAULT_SECONDS = 6;

const seconds = (test) => SECONDS[basename(test.path).replace(/\.e2e-spec\.ts$/, '')] ?? DEFAULT_SECONDS;

export default class E2eShards extends Sequencer {
  /** Longest first, each file to the shard with the least time so far; ties by path, so every shard agrees. */
  shard(tests, { shardIndex, shardCount }) {
    const totals = new Array(shardCount).fill(0);
    const mine = [];
    const ordered = [...tests].sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path));
    for (const test of ordered) {
      const lightest = totals.indexOf(Math.min(...totals));
      totals[lightest] += seconds(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}
