import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ServiceProcess } from './harness/service-process.js';

/** The processes whose environment holds `entry`: this test's service and anything it started. */
function processesWith(entry: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
    } catch {
      return false;
    }
  });
}

describe('the faults harness', () => {
  it('stops a service that never becomes ready instead of leaving it running', async () => {
    // A Redis that accepts connections and never answers: the service starts and is never ready.
    const silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const dataDir = mkdtempSync(join(tmpdir(), 'crawlgate-unready-'));
    try {
      await expect(ServiceProcess.start('unready', {
        ROLE: 'api', REDIS_URL: `redis://127.0.0.1:${(silent.address() as { port: number }).port}/0`, DATA_DIR: dataDir,
        ADMIN_TOKEN: 'x'.repeat(40), PROXY_STANDARD: 'http://127.0.0.1:9', PROXY_PREMIUM: 'http://127.0.0.1:9', LOG_LEVEL: 'info',
      }, 5_000)).rejects.toThrow('unready not ready within 5 s');
      expect(processesWith(`DATA_DIR=${dataDir}`)).toEqual([]);
    } finally {
      silent.close();
    }
  });
});
