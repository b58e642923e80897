import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A job's options hold the caller's recipe (50 blocks, evaluate scripts of 10,000 characters) or extraction rules and
 * schema: past MySQL's TEXT (65,535 bytes). MEDIUMTEXT holds 16 MiB; SQLite's TEXT has no such limit.
 */
export class JobOptionsMediumText1764300000000 implements MigrationInterface {
  name = 'JobOptionsMediumText1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === 'mysql') await queryRunner.query('ALTER TABLE `job` MODIFY `options` MEDIUMTEXT NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === 'mysql') await queryRunner.query('ALTER TABLE `job` MODIFY `options` TEXT NOT NULL');
  }
}
