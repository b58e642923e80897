import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Webhooks owed (decisions.md 7.4, 9.3): a row per announcement a job or a site page owes its caller, written with the
 * state it announces (or before it) and deleted once its delivery ended. Bull holds deliveries in Redis; this is what
 * survives a worker killed between a job's end and its delivery's queueing, or a Redis that restarts empty.
 */
export class WebhookOutbox1765000000009 implements MigrationInterface {
  name = 'WebhookOutbox1765000000009';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    await queryRunner.createTable(new Table({
      name: 'webhook_outbox',
      columns: [
        // The delivery's Bull job id (`webhook:<job>` or `webhook:<crawl>:page:<page>`): one row, one delivery.
        { name: 'delivery', type: 'varchar', length: '128', isPrimary: true },
        { name: 'organization_id', type: 'varchar', length: '32' },
        { name: 'job_id', type: 'varchar', length: '64' },
        { name: 'page_id', type: 'varchar', length: '32', isNullable: true },
        { name: 'created_at', type: 'datetime', ...(mysql ? { precision: 6 } : {}) },
      ],
      indices: [new TableIndex({ name: 'IDX_webhook_outbox_created', columnNames: ['created_at'] })],
    }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_outbox');
  }
}
