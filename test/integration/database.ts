import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { dataSourceOptions } from '../../src/infra/database/data-source-options.js';
import type { LedgerService } from '../../src/modules/billing/ledger.service.js';

export const MARIADB_URL = process.env.IT_DATABASE_URL ?? 'mysql://crawlgate:crawlgate@127.0.0.1:3306/crawlgate_it';

/**
 * A migrated database of each kind: a fresh SQLite file, or a MariaDB database made anew (dropped and created here,
 * with whatever tables and procedures later migrations add). Jest runs spec files in parallel workers, so each spec
 * file that opens MariaDB names its own database (`crawlgate_it<suffix>`): two files sharing one would drop each
 * other's tables mid-test. The user needs rights on `crawlgate\_it%` databases (scripts/lib/setup.sh grants them).
 */
export async function openDatabase(kind: 'sqlite' | 'mariadb', suffix = ''): Promise<DataSource> {
  const url = new URL(MARIADB_URL);
  url.pathname = `${url.pathname}${suffix}`;
  if (kind === 'mariadb') await recreateDatabase(url);
  const env = kind === 'sqlite' ? { DATA_DIR: mkdtempSync(join(tmpdir(), 'crawlgate-it-')) } : { DATABASE_URL: url.toString() };
  const dataSource = new DataSource(dataSourceOptions(loadConfig(env)));
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

async function recreateDatabase(url: URL): Promise<void> {
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^crawlgate_it\w*$/.test(name)) throw new Error(`not a test database name: ${name}`);
  const server = new URL(url);
  server.pathname = '/';
  const connection = await createConnection(server.toString());
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await connection.end();
  }
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
