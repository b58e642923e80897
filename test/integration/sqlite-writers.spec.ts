import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { exec, query, SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { openDatabase } from './database.js';

/** Another process (the CLI beside the app) that writes to the file, holding its write lock for `holdMs`. */
function otherWriter(file: string, holdMs: number) {
  const script = `
    const db = require('better-sqlite3')(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    db.prepare("INSERT INTO migrations (timestamp, name) VALUES (1, 'other-writer')").run();
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, file, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((done) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done()));
  return { locked, exited: once(child, 'exit') };
}

describe('SQLite programs beside another writing process', () => {
  let dataSource: DataSource;
  let runner: SqlProgramRunner;

  beforeAll(async () => {
    dataSource = await openDatabase('sqlite');
    runner = new SqlProgramRunner(dataSource);
  });

  afterAll(async () => {
    await dataSource.destroy();
  });

  it('a program that reads, then writes, waits for the other process\'s write lock instead of failing "database is locked"', async () => {
    const writer = otherWriter(dataSource.options.database as string, 300);
    await writer.locked;
    const counted = await runner.run(function* () {
      const [before] = (yield query('SELECT COUNT(*) AS n FROM migrations')) as Array<{ n: number }>;
      yield exec("INSERT INTO migrations (timestamp, name) VALUES (2, 'program')");
      return before.n;
    });
    await writer.exited;
    const names = (await dataSource.query("SELECT name FROM migrations WHERE name IN ('other-writer', 'program') ORDER BY id")) as Array<{ name: string }>;
    // The program began after the other writer committed: it counted that row, and its own came after it.
    expect(names.map((row) => row.name)).toEqual(['other-writer', 'program']);
    expect(counted).toBe((await dataSource.query('SELECT COUNT(*) AS n FROM migrations'))[0].n - 1);
  });
});
