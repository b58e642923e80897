import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** Every process sweeps running and queued jobs each heartbeat period: an index on (status, created_at) keeps it cheap. */
export class JobStatusIndex1764100000000 implements MigrationInterface {
  name = 'JobStatusIndex1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('job', new TableIndex({ name: 'IDX_job_status_created_at', columnNames: ['status', 'created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('job', 'IDX_job_status_created_at');
  }
}
