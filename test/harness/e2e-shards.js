// Splits the e2e files into shards of about equal duration (jest --shard=i/n), so scripts/test.sh can run each shard
// against a stack of its own, side by side. Jest's own split is by path hash, which put the two longest files together.
import Sequencer from '@jest/test-sequencer';
import { basename } from 'node:path';

/**
 * Seconds each file took in a CI run on 2 cores, shards side by side (only for balancing: a file missing here counts DEFAULT_SECONDS, and a
 * wrong figure makes a shard longer, never a test fail).
 */
const SECONDS = {
  site: 151, 'python-client': 92, extract: 62, jobs: 49, 'actions-limits': 43, 'job-signal': 43, actions: 33,
  client: 32, pdf: 28, webhooks: 27, map: 27, cancel: 22, openapi: 21, 'content-formats': 21, 'content-fairness': 21,
  hardening: 21, chat: 19, screenshot: 19, 'proxy-pool': 17, 'pool-safety': 17, recipe: 16, 'max-age': 25, 'model-wait-debug': 15, downloads: 22,
  metrics: 12, 'builtin-proxy': 12, crawl: 10, 'egress-leaks': 9, idempotency: 9, 'max-age-eviction': 9,
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
