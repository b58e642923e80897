import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** decisions.md 7.4: a job's `webhook_url` and the organization's signing secret. Same columns on MySQL and SQLite. */
export class Webhooks1764000000000 implements MigrationInterface {
  name = 'Webhooks1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('organization', new TableColumn({ name: 'webhook_secret', type: 'varchar', length: '128', isNullable: true }));
    await queryRunner.addColumn('job', new TableColumn({ name: 'webhook_url', type: 'varchar', length: '2048', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('job', 'webhook_url');
    await queryRunner.dropColumn('organization', 'webhook_secret');
  }
}
