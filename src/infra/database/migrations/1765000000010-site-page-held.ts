import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * decisions.md 9.3, `max_depth`: link hops from the start page. A waiting site page is `held` (not queued) while a page
 * two or more hops shallower is still waiting or running, since that page may yet link to it by a shorter path
 * (frontier-programs.ts, `releaseLevel`). The crawl's pending pages are read by depth: the state index gains it. And
 * the site sweep reads running and waiting pages across crawls every few seconds: indexed, not a scan of every page kept.
 */
export class SitePageHeld1765000000010 implements MigrationInterface {
  name = 'SitePageHeld1765000000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('site_page', new TableColumn({ name: 'held', type: 'boolean', default: false }));
    await queryRunner.createIndex('site_page', new TableIndex({ name: 'IDX_site_page_crawl_state_depth', columnNames: ['crawl_id', 'state', 'depth'] }));
    await queryRunner.dropIndex('site_page', 'IDX_site_page_crawl_state');
    // The site sweep's two reads across crawls, each period: running pages past their lease, waiting pages queued long ago.
    await queryRunner.createIndex('site_page', new TableIndex({ name: 'IDX_site_page_state_lease', columnNames: ['state', 'lease_until'] }));
    await queryRunner.createIndex('site_page', new TableIndex({ name: 'IDX_site_page_state_queued', columnNames: ['state', 'queued_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('site_page', 'IDX_site_page_state_queued');
    await queryRunner.dropIndex('site_page', 'IDX_site_page_state_lease');
    await queryRunner.createIndex('site_page', new TableIndex({ name: 'IDX_site_page_crawl_state', columnNames: ['crawl_id', 'state'] }));
    await queryRunner.dropIndex('site_page', 'IDX_site_page_crawl_state_depth');
    await queryRunner.dropColumn('site_page', 'held');
  }
}
