import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * decisions.md 9.6: an organization's stored copies of pages (max_age), compressed, and its running byte total, so that
 * neither a lookup nor an eviction reads more than one organization's index range.
 */
export class PageCopies1765000000005 implements MigrationInterface {
  name = 'PageCopies1765000000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    const time = { type: 'datetime', ...(mysql ? { precision: 6 } : {}) };
    await queryRunner.createTable(new Table({
      name: 'page_copy',
      columns: [
        { name: 'id', type: mysql ? 'bigint' : 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
        { name: 'organization_id', type: 'varchar', length: '32' },
        // sha256 of the page key and the fetch options' hash: one short column for the lookup index.
        { name: 'lookup_hash', type: 'varchar', length: '64' },
        { name: 'page_key', type: 'text' },
        { name: 'media_type', type: 'varchar', length: '100' },
        { name: 'rendered', type: 'boolean' },
        { name: 'body', type: mysql ? 'longblob' : 'blob' },
        { name: 'final_url', type: 'text' },
        { name: 'target_status', type: 'int' },
        { name: 'fetched_at', ...time },
        { name: 'byte_size', type: 'int' },
      ],
      indices: [
        new TableIndex({ name: 'IDX_page_copy_lookup', columnNames: ['organization_id', 'lookup_hash', 'fetched_at'] }),
        new TableIndex({ name: 'IDX_page_copy_org_age', columnNames: ['organization_id', 'fetched_at', 'byte_size'] }),
        new TableIndex({ name: 'IDX_page_copy_age', columnNames: ['fetched_at'] }),
      ],
    }));
    await queryRunner.createTable(new Table({
      name: 'page_copy_total',
      columns: [
        { name: 'organization_id', type: 'varchar', length: '32', isPrimary: true },
        { name: 'bytes', type: 'bigint', default: 0 },
      ],
      indices: [new TableIndex({ name: 'IDX_page_copy_total_bytes', columnNames: ['bytes'] })],
    }));
    // A job answered from a stored copy says so in the organization's job list.
    await queryRunner.addColumn('job', new TableColumn({ name: 'from_copy', type: 'boolean', default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('job', 'from_copy');
    await queryRunner.dropTable('page_copy_total');
    await queryRunner.dropTable('page_copy');
  }
}
