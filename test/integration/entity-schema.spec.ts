import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../../src/infra/database/entities/index.js';
import { openDatabase } from './database.js';

/**
 * What the entities tell TypeORM (entities/columns.ts and each entity) is what the frozen migrations made: every
 * column the entities name exists with the same type, length, nullability and key. The tables may hold more (columns
 * read only by plain SQL), never less or other.
 */
describe.each(['sqlite', 'mariadb'] as const)('the entities against the migrated schema on %s', (kind) => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openDatabase(kind, '_schema');
  });
  afterAll(async () => dataSource?.destroy());

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))('%s', async (_name, entity) => {
    const metadata = dataSource.getMetadata(entity);
    const runner = dataSource.createQueryRunner();
    try {
      const table = await runner.getTable(metadata.tableName);
      const described = metadata.columns.map((column) => ({
        name: column.databaseName,
        type: baseType(dataSource.driver.normalizeType(column)),
        length: column.length || dataSource.driver.getColumnLength(column) || '',
        nullable: column.isNullable,
        primary: column.isPrimary,
      }));
      const migrated = described.map(({ name }) => {
        const found = table?.findColumnByName(name);
        return found && { name, type: baseType(found.type), length: found.length || '', nullable: found.isNullable, primary: found.isPrimary };
      });
      expect(migrated).toEqual(described);
    } finally {
      await runner.release();
    }
  });
});

/** The type's family: the migrations widened some (MEDIUMTEXT options, LONGBLOB bodies on MySQL; SQLite's integer). */
function baseType(type: string): string {
  return type.toLowerCase().replace(/^(medium|long)(text|blob)$/, '$2').replace(/^integer$/, 'int').replace(/^bigint$/, 'int');
}
