import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { dataSourceOptions } from '../../src/infra/database/data-source-options.js';
import type { LedgerService } from '../../src/modules/billing/ledger.service.js';

export const MARIADB_URL = process.env.IT_DATABASE_URL ?? 'mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_it';

/**
 * A migrated database of each kind: a fresh SQLite file, or a MariaDB test database emptied first. Jest runs spec
 * files in parallel workers, so each spec file that opens MariaDB names its own database (`crawlgate_it<suffix>`,
 * created by scripts/lib/setup.sh): two files emptying one database would drop each other's tables mid-test.
 */
export async function openDatabase(kind: 'sqlite' | 'mariadb', suffix = ''): Promise<DataSource> {
  const url = new URL(MARIADB_URL);
  url.pathname = `${url.pathname}${suffix}`;
  const env = kind === 'sqlite' ? { DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-it-')) } : { DATABASE_URL: url.toString() };
  const dataSource = new DataSource(dataSourceOptions(loadConfig(env)));
  await dataSource.initialize();
  if (kind === 'mariadb') {
    const tables = ['site_page', 'site_crawl', 'job_result', 'job', 'daily_quota', 'usage_tally', 'ledger_entry', 'user', 'api_key', 'organization', 'migrations'];
    for (const table of tables) await dataSource.query(`DROP TABLE IF EXISTS \`${table}\``);
    for (const procedure of ['crawlgate_charge', 'crawlgate_charge_job', 'crawlgate_finish', 'crawlgate_start']) await dataSource.query(`DROP PROCEDURE IF EXISTS ${procedure}`);
  }
  await dataSource.runMigrations();
  return dataSource;
}

/** The name of the last migration run. */
export async function lastMigration(dataSource: DataSource): Promise<string> {
  return (await dataSource.query('SELECT name FROM migrations ORDER BY id DESC LIMIT 1'))[0].name;
}

export async function insertOrganization(dataSource: DataSource, id: string, balance: number, plan = 'standard'): Promise<void> {
  await dataSource.query('INSERT INTO organization (id, public_id, name, plan, balance) VALUES (?, ?, ?, ?, ?)', [id, id.slice(0, 12), id, plan, balance]);
}

/** A new organization whose `balance` credits came as a ledger grant, so balance == sum(ledger) from the start. */
export async function fundedOrganization(dataSource: DataSource, ledger: LedgerService, id: string, balance: number): Promise<string> {
  await insertOrganization(dataSource, id, 0);
  if (balance > 0) await ledger.grant(id, balance, 'initial credits');
  return id;
}

export async function ledgerSum(dataSource: DataSource, organizationId: string): Promise<number> {
  const [row] = await dataSource.query('SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_entry WHERE organization_id = ?', [organizationId]);
  return Number(row.total);
}

export async function balanceOf(dataSource: DataSource, organizationId: string): Promise<number> {
  const [row] = await dataSource.query('SELECT balance FROM organization WHERE id = ?', [organizationId]);
  return Number(row.balance);
}
