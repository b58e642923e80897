import { createHash } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ChargeProcedure1764200000000 } from './1764200000000-charge-procedure.js';
import { FinishProcedure1764400000000 } from './1764400000000-finish-procedure.js';
import { StartProcedure1764500000000 } from './1764500000000-start-procedure.js';
import { ChargeWithJob1764600000000 } from './1764600000000-charge-with-job.js';
import { KeepCopyProcedure1765000000006 } from './1765000000006-keep-copy-procedure.js';
import { FinishAfterEarlyAttempt1765000000008 } from './1765000000008-finish-after-early-attempt.js';
import { ChargeWithKey1765000000012 } from './1765000000012-charge-with-key.js';
import { ChargeKeyedInsertFirst1765000000013 } from './1765000000013-charge-keyed-insert-first.js';

/**
 * A migration that has run on a database is never run again there, so its SQL must never change: a changed text would
 * make databases migrated before and after the change differ. These are the SHA-256 digests of the SQL each procedure
 * migration sends to MySQL, as first released (a replacement's statements joined by a new line); a shared fragment
 * (CHARGE_STEPS) is held by both procedures that use it.
 */
const FROZEN: [new () => MigrationInterface, string][] = [
  [ChargeProcedure1764200000000, '64c8302b755dc203b4d2c0a585c156feaf834f190613c97e1aa92315f5ff6a14'],
  [FinishProcedure1764400000000, 'd18288f7bd24ebd5c158e3ef3657bd09805ebf1b7233f061277389e562526a44'],
  [StartProcedure1764500000000, 'ea07ec9bdc6002cf354f35bb9e6673adc5c4570204774596199b74d8ea14ffa3'],
  [ChargeWithJob1764600000000, 'b75e68372c9fd9fb202296bdc7c5382bd5a8e9fde54263f26222067a938644ca'],
  [KeepCopyProcedure1765000000006, '6af55fb8c3a41a0ddcabb448361d98a8d9d6981baca7df2395be9e418bfef206'],
  [FinishAfterEarlyAttempt1765000000008, '552cb13bed6a80e6e0e47b66e00ce823aa3056b7c665bf0fed64255ca7aaf171'],
  [ChargeWithKey1765000000012, '0dad83c002cf357eeb795ed317c07755e350a83632b260ad558c9e43678bdf88'],
  [ChargeKeyedInsertFirst1765000000013, '07dc21bb3bef2ed4c40b54a6ce34236e37a840b97cb82a43c5b3d4a118938bb2'],
];

async function sqlSentToMysql(migration: MigrationInterface): Promise<string[]> {
  const sent: string[] = [];
  const runner = { connection: { driver: { options: { type: 'mysql' } } }, query: async (sql: string) => sent.push(sql) };
  await migration.up(runner as unknown as QueryRunner);
  return sent;
}

describe('procedure migrations: frozen SQL', () => {
  it.each(FROZEN.map(([migration, digest]) => [migration.name, migration, digest] as const))('%s sends the SQL it was released with', async (_, Migration, digest) => {
    const sent = await sqlSentToMysql(new Migration());
    expect(sent.at(-1)).toMatch(/^\s*CREATE PROCEDURE /);
    expect(createHash('sha256').update(sent.join('\n')).digest('hex')).toBe(digest);
  });
});
