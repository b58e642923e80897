import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

/**
 * decisions.md 9.3: a site crawl's own state beside its job row (`site_crawl`), and its frontier (`site_page`), one row
 * per URL key of the crawl, so any worker picks a crawl up after a crash. Same tables on MySQL and SQLite.
 */
export class SiteCrawl1765000000003 implements MigrationInterface {
  name = 'SiteCrawl1765000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    const text = (name: string, nullable = true): TableColumnOptions => ({ name, type: mysql ? 'mediumtext' : 'text', isNullable: nullable });
    const time = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'datetime', ...(mysql ? { precision: 6 } : {}), isNullable: nullable });
    const count = (name: string): TableColumnOptions => ({ name, type: 'int', default: 0 });
    const varchar = (name: string, length: number, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable: nullable });
    await queryRunner.createTable(new Table({
      name: 'site_crawl',
      columns: [
        { ...varchar('job_id', 64), isPrimary: true },
        varchar('organization_id', 32),
        varchar('stop_reason', 16, true),
        varchar('stopping', 16, true),
        { name: 'robots_status', type: 'int', isNullable: true },
        text('robots_body'),
        count('admitted'), count('reserved'), count('finished'),
        count('skipped_robots'), count('skipped_scope'), count('skipped_excluded'), count('skipped_depth'), count('skipped_duplicate'), count('skipped_limit'),
      ],
      indices: [new TableIndex({ columnNames: ['organization_id'] })],
    }));
    await queryRunner.createTable(new Table({
      name: 'site_page',
      columns: [
        { name: 'id', type: mysql ? 'bigint' : 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
        varchar('crawl_id', 64), varchar('organization_id', 32), varchar('key_hash', 64),
        varchar('url', 2048), { name: 'depth', type: 'int' }, varchar('parent', 2048, true),
        varchar('state', 16), count('attempts'), count('retries'), time('lease_until'), time('queued_at', false),
        { name: 'seq', type: 'int', isNullable: true },
        { name: 'target_status', type: 'int', isNullable: true }, varchar('final_url', 2048, true), count('credits'),
        { name: 'content', type: mysql ? 'longtext' : 'text', isNullable: true },
        text('metadata'), text('links'), text('data'), varchar('error', 64, true), varchar('duplicate_of', 2048, true),
        time('finished_at'),
      ],
      indices: [
        new TableIndex({ name: 'UQ_site_page_crawl_key', columnNames: ['crawl_id', 'key_hash'], isUnique: true }),
        new TableIndex({ name: 'IDX_site_page_crawl_state', columnNames: ['crawl_id', 'state'] }),
        new TableIndex({ name: 'IDX_site_page_crawl_seq', columnNames: ['crawl_id', 'seq'] }),
      ],
    }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('site_page');
    await queryRunner.dropTable('site_crawl');
  }
}
