import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * service-spec States: "A request that returns 202 is already paid and already tallied." A job answered 202 has its
 * attempt tallied then, and says so here, so that its end (crawlgate_finish, migration 1765000000008) does not count
 * it again. Read and written by plain SQL only, as from_copy is.
 */
export class EarlyAttempt1765000000007 implements MigrationInterface {
  name = 'EarlyAttempt1765000000007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('job', new TableColumn({ name: 'attempt_tallied_early', type: 'boolean', default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('job', 'attempt_tallied_early');
  }
}
