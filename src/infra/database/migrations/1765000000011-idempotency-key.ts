import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * decisions.md 7.3's keys, kept in the database beside the job each one made: written in the transaction that writes
 * the job's row (the charge's, or a site crawl's creation), so that a key outlives a Redis that restarts empty or a
 * first request whose pending claim lapsed, and a duplicate then replays the first job instead of charging again.
 * Redis stays the fast path (IdempotencyService). A row lives 24 hours, or until its job's row is deleted.
 */
export class IdempotencyKey1765000000011 implements MigrationInterface {
  name = 'IdempotencyKey1765000000011';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    await queryRunner.createTable(new Table({
      name: 'idempotency_key',
      columns: [
        { name: 'organization_id', type: 'varchar', length: '32', isPrimary: true },
        // SHA-256 of the key, hex: the key itself is the caller's and never stored.
        { name: 'key_hash', type: 'varchar', length: '64', isPrimary: true },
        // The request's parameters' SHA-256, hex (fingerprintOf): the same key with others is 422.
        { name: 'fingerprint', type: 'varchar', length: '64' },
        { name: 'job_id', type: 'varchar', length: '64' },
        { name: 'created_at', type: 'datetime', ...(mysql ? { precision: 6 } : {}) },
      ],
      indices: [new TableIndex({ name: 'IDX_idempotency_key_created', columnNames: ['created_at'] })],
    }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_key');
  }
}
