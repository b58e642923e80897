import { Logger } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { ENTITIES } from './entities/index.js';
import { InitialSchema1763769600000 } from './migrations/1763769600000-initial-schema.js';
import { Webhooks1764000000000 } from './migrations/1764000000000-webhooks.js';
import { JobStatusIndex1764100000000 } from './migrations/1764100000000-job-status-index.js';
import { ChargeProcedure1764200000000 } from './migrations/1764200000000-charge-procedure.js';
import { JobOptionsMediumText1764300000000 } from './migrations/1764300000000-job-options-medium-text.js';
import { FinishProcedure1764400000000 } from './migrations/1764400000000-finish-procedure.js';
import { StartProcedure1764500000000 } from './migrations/1764500000000-start-procedure.js';
import { ChargeWithJob1764600000000 } from './migrations/1764600000000-charge-with-job.js';
import { SiteCrawl1765000000003 } from './migrations/1765000000003-site-crawl.js';
import { PageCopies1765000000005 } from './migrations/1765000000005-page-copies.js';
import { KeepCopyProcedure1765000000006 } from './migrations/1765000000006-keep-copy-procedure.js';
import { EarlyAttempt1765000000007 } from './migrations/1765000000007-early-attempt.js';
import { FinishAfterEarlyAttempt1765000000008 } from './migrations/1765000000008-finish-after-early-attempt.js';
import { WebhookOutbox1765000000009 } from './migrations/1765000000009-webhook-outbox.js';
import { SitePageHeld1765000000010 } from './migrations/1765000000010-site-page-held.js';
import { IdempotencyKey1765000000011 } from './migrations/1765000000011-idempotency-key.js';
import { ChargeWithKey1765000000012 } from './migrations/1765000000012-charge-with-key.js';
import { ChargeKeyedInsertFirst1765000000013 } from './migrations/1765000000013-charge-keyed-insert-first.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';
import { keepSqliteConnection, SqliteConnection } from './sqlite-connection.js';

export const MIGRATIONS = [InitialSchema1763769600000, Webhooks1764000000000, JobStatusIndex1764100000000, ChargeProcedure1764200000000, JobOptionsMediumText1764300000000,
  FinishProcedure1764400000000, StartProcedure1764500000000, ChargeWithJob1764600000000,
  SiteCrawl1765000000003, PageCopies1765000000005, KeepCopyProcedure1765000000006, EarlyAttempt1765000000007, FinishAfterEarlyAttempt1765000000008,
  WebhookOutbox1765000000009, SitePageHeld1765000000010, IdempotencyKey1765000000011, ChargeWithKey1765000000012,
  ChargeKeyedInsertFirst1765000000013];

/** MySQL when DATABASE_URL is set, else the embedded SQLite file under DATA_DIR (created by loadConfig). Migrations, never synchronize. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    logging: ['error'] as ('error')[],
  };
  if (config.database.url) {
    return {
      ...common,
      type: 'mysql',
      url: config.database.url,
      timezone: 'Z',
      charset: 'utf8mb4',
      poolSize: 32,
      supportBigNumbers: true,
      bigNumberStrings: true,
      extra: { connectionLimit: 32, waitForConnections: true },
    };
  }
  if (config.role !== 'all') {
    // Scaled apart without DATABASE_URL: only processes sharing this file on one machine see each other's jobs.
    new Logger('Database').warn(`ROLE=${config.role} on the embedded SQLite (${config.database.sqlitePath}): set DATABASE_URL when the API and workers run on more than one machine`);
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.database.sqlitePath,
    // WAL: readers never wait on the writer; busy_timeout lets a second process (CLI, worker) wait its turn.
    prepareDatabase: (db: SqliteConnection) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      keepSqliteConnection(config.database.sqlitePath, db);
    },
  };
}
