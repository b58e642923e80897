import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingProxy, RecordingProxy } from '../../fixtures/recording-proxy.js';
import { startTargetSite, TargetSite } from '../../fixtures/target-site.js';
import { createOrganization, TestOrganization } from '../../factories/organization.factory.js';
import { HoldSite, startHoldSite } from './hold-site.js';
import { OwnMariadb } from './own-mariadb.js';
import { OwnRedis } from './own-redis.js';
import { ServiceProcess } from './service-process.js';

export const ADMIN_TOKEN = 'faults-admin-token';
/** Short limits so every fault recovers in seconds: the suite's wall time stays a few minutes. */
/** The heartbeat is left at its default (JOB_HEARTBEAT_MS 2000): a lost job must be found within 10 s as shipped. */
export const TIMES = { syncWaitMs: 12_000, jobTimeoutMs: 30_000, hangMs: 3000 } as const;

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly ms: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The fault suite's world: its own Redis and MariaDB, a target site and a proxy, one API process, workers on demand. */
export class FaultStack {
  readonly workers: ServiceProcess[] = [];
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'crawlgate-faults-data-'));
  private workerCount = 0;

  private constructor(
    /** Prefixes the processes' log names: the fault files run side by side, each with a stack of its own. */
    private readonly label: string,
    readonly redis: OwnRedis,
    readonly mariadb: OwnMariadb,
    readonly target: TargetSite,
    readonly proxy: RecordingProxy,
    readonly hold: HoldSite,
    public api: ServiceProcess | null = null,
  ) {}

  static async start(label: string): Promise<FaultStack> {
    const stack = new FaultStack(label, await OwnRedis.start(), await OwnMariadb.start(), await startTargetSite(), await startRecordingProxy(), await startHoldSite());
    stack.api = await ServiceProcess.start(`${label}-api`, stack.env('api'));
    return stack;
  }

  env(role: 'api' | 'worker'): Record<string, string> {
    return {
      ROLE: role, REDIS_URL: this.redis.url, DATABASE_URL: this.mariadb.url, DATA_DIR: this.dataDir, ADMIN_TOKEN,
      ALLOW_PRIVATE_TARGETS: 'true', PROXY_STANDARD: this.proxy.url, PROXY_PREMIUM: this.proxy.url,
      SYNC_WAIT_MS: String(TIMES.syncWaitMs), JOB_TIMEOUT_MS: String(TIMES.jobTimeoutMs),
      BROWSER_CONCURRENCY: '3', BROWSER_HANG_MS: String(TIMES.hangMs), LOG_LEVEL: 'info',
    };
  }

  async startWorker(env: Record<string, string> = {}): Promise<ServiceProcess> {
    const worker = await ServiceProcess.start(`${this.label}-worker-${++this.workerCount}`, { ...this.env('worker'), ...env });
    this.workers.push(worker);
    return worker;
  }

  organization(): Promise<TestOrganization> {
    return createOrganization(this.api!.baseUrl, ADMIN_TOKEN, { plan: 'lite', credits: 1000 });
  }

  /** A crawl of the target's page that answers after `ms`. */
  crawl(key: string, ms: number, tag: string): Promise<Answer> {
    return this.call(`/crawl?url=${encodeURIComponent(`${this.target.url}/slow?ms=${ms}&tag=${tag}`)}`, key);
  }

  /** A crawl of a page that is shown at once and keeps loading for `ms` (its renderer is live meanwhile). */
  crawlHeld(key: string, ms: number, tag: string): Promise<Answer> {
    return this.call(`/crawl?url=${encodeURIComponent(`${this.hold.url}/hold?ms=${ms}&tag=${tag}`)}`, key);
  }

  async call(path: string, key?: string): Promise<Answer> {
    const started = Date.now();
    const response = await fetch(new URL(path, this.api!.baseUrl), { headers: key ? { authorization: `Bearer ${key}` } : {} });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a page
    }
    return { status: response.status, headers: response.headers, ms: Date.now() - started, body };
  }

  /** Polls the job until `done(answer)` or the timeout; answers the last poll. */
  async pollUntil(jobId: string, key: string, done: (answer: Answer) => boolean, timeoutMs = 60_000): Promise<Answer> {
    for (const until = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const answer = await this.call(`/crawl/${jobId}`, key);
      if (done(answer) || Date.now() > until) return answer;
    }
  }

  /** How many times the target served a request carrying this tag (a job run twice would show 2). */
  hits(tag: string): number {
    return this.target.requests().filter((request) => request.path.includes(`tag=${tag}`)).length;
  }

  /** One row per organization: balance and the sum of its ledger, straight from the database. */
  ledgerTotals(): Array<{ organization: string; balance: number; ledger: number }> {
    const rows = this.mariadb.sql(
      'SELECT o.id, o.balance, COALESCE((SELECT SUM(l.amount) FROM crawlgate.ledger_entry l WHERE l.organization_id = o.id), 0) FROM crawlgate.organization o',
    );
    return rows.trim().split('\n').filter(Boolean).map((line) => {
      const [organization, balance, ledger] = line.split('\t');
      return { organization, balance: Number(balance), ledger: Number(ledger) };
    });
  }

  jobStatuses(): Record<string, number> {
    const rows = this.mariadb.sql('SELECT status, COUNT(*) FROM crawlgate.job GROUP BY status');
    return Object.fromEntries(rows.trim().split('\n').filter(Boolean).map((line) => [line.split('\t')[0], Number(line.split('\t')[1])]));
  }

  async stop(): Promise<void> {
    for (const service of [...this.workers, this.api]) await service?.terminate(30_000).catch(() => undefined);
    await this.target.close();
    await this.proxy.close();
    await this.hold.close();
    await this.redis.down();
    await this.mariadb.remove();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
