import { DataSource } from 'typeorm';

const LOCK = 'crawlgate_migrations';

/**
 * Runs pending migrations once even when several replicas start together: on MySQL a named lock (GET_LOCK) makes
 * the others wait, then find nothing left to do. TypeORM takes no such lock itself, and MySQL DDL commits at once.
 */
export async function migrate(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'mysql') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    const [row] = await lock.query('SELECT GET_LOCK(?, 120) AS got', [LOCK]);
    if (Number(row.got) !== 1) throw new Error('could not take the migration lock within 120 s');
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT RELEASE_LOCK(?)', [LOCK]).catch(() => undefined);
    await lock.release();
  }
}
