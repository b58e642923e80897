import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { dataSourceOptions } from '../src/infra/database/data-source-options.js';
import { SqlProgramRunner } from '../src/infra/database/sql-program.js';
import { LedgerService } from '../src/modules/billing/ledger.service.js';
import { percentile, printTable } from './table.js';

const CALLERS = 32;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const MARIADB_URL = process.env.BENCH_DATABASE_URL ?? 'mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_bench';

async function open(kind: 'sqlite' | 'mariadb'): Promise<DataSource> {
  const env = kind === 'sqlite' ? { DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-bench-')) } : { DATABASE_URL: MARIADB_URL };
  const dataSource = new DataSource(dataSourceOptions(loadConfig(env)));
  await dataSource.initialize();
  if (kind === 'mariadb') {
    for (const table of ['job_result', 'job', 'daily_quota', 'usage_tally', 'ledger_entry', 'user', 'api_key', 'organization', 'migrations']) {
      await dataSource.query(`DROP TABLE IF EXISTS \`${table}\``);
    }
    await dataSource.query('DROP PROCEDURE IF EXISTS crawlgate_charge');
  }
  await dataSource.runMigrations();
  return dataSource;
}

/** 32 callers charge 1 credit in a loop for the duration; contended: one organization, spread: one per caller. */
async function run(kind: 'sqlite' | 'mariadb', mode: 'contended' | 'spread') {
  const db = await open(kind);
  const ledger = new LedgerService(new SqlProgramRunner(db));
  const orgs = Array.from({ length: mode === 'contended' ? 1 : CALLERS }, (_, i) => `bench${mode}${i}`);
  for (const id of orgs) {
    await db.query('INSERT INTO organization (id, public_id, name, plan, balance) VALUES (?, ?, ?, ?, ?)', [id, id.slice(-12), id, 'pro', 0]);
    await ledger.grant(id, 10_000_000, 'bench credits');
  }
  const latencies: number[] = [];
  let sequence = 0;
  const until = Date.now() + DURATION_MS;
  const started = Date.now();
  await Promise.all(Array.from({ length: CALLERS }, async (_, caller) => {
    const organizationId = orgs[caller % orgs.length];
    while (Date.now() < until) {
      const key = `b${(sequence += 1)}`;
      const t0 = performance.now();
      await ledger.charge({ organizationId, requestKey: key, amount: 1, reason: 'bench', jobId: key, host: 'bench.example' });
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const [sum] = await db.query('SELECT SUM(amount) AS total FROM ledger_entry');
  const [balance] = await db.query('SELECT SUM(balance) AS total FROM organization');
  await db.destroy();
  return {
    database: kind === 'mariadb' ? 'MariaDB (flush_log_at_trx_commit=1)' : 'SQLite (WAL)',
    mode,
    'charges/s': latencies.length / seconds,
    'p50 ms': percentile(latencies, 50),
    'p99 ms': percentile(latencies, 99),
    'balance == sum(ledger)': String(Number(sum.total) === Number(balance.total)),
  };
}

async function main(): Promise<void> {
  const rows = [];
  for (const kind of ['mariadb', 'sqlite'] as const) {
    for (const mode of ['spread', 'contended'] as const) rows.push(await run(kind, mode));
  }
  printTable(`Billing: ${CALLERS} concurrent callers, ${DURATION_MS / 1000} s each`, rows);
}

void main();
