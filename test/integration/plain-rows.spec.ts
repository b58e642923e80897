import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ApiKey, Job, JobResult, Organization } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { ApiKeyRepository } from '../../src/modules/auth/api-key.repository.js';
import { JobRepository } from '../../src/modules/jobs/job.repository.js';
import { insertOrganization, openDatabase } from './database.js';

/** The hot reads in plain SQL (key lookup, job collection) answer exactly what TypeORM's hydration answered. */
describe.each(['sqlite', 'mariadb'] as const)('plain-row reads on %s', (kind) => {
  let dataSource: DataSource;
  let keys: ApiKeyRepository;
  let jobs: JobRepository;
  const org = `it-rows-${kind}`;

  beforeAll(async () => {
    dataSource = await openDatabase(kind, '_rows');
    const sql = new SqlProgramRunner(dataSource);
    keys = new ApiKeyRepository(dataSource.getRepository(ApiKey), sql);
    jobs = new JobRepository(dataSource.getRepository(Job), dataSource.getRepository(JobResult), sql);
    await insertOrganization(dataSource, org, 42);
    await dataSource.query('UPDATE organization SET daily_limit_override = -1 WHERE id = ?', [org]);
    await dataSource.getRepository(ApiKey).insert({ id: `${org}-k`, organizationId: org, prefix: 'cg_x', keyHash: 'h'.repeat(64), revokedAt: null });
    const job = Object.assign(new Job(), {
      id: 'itrows_job1', organizationId: org, kind: 'crawl', status: 'running', host: 'example.test', price: 3, refunded: true,
      options: '{"url":"x"}', webhookUrl: null, errorCode: null, errorMessage: null, startedAt: new Date('2026-11-25T21:00:00.123Z'),
      finishedAt: null, expiresAt: new Date('2026-11-26T21:00:00.000Z'),
    });
    await jobs.insert(job);
    await jobs.finish(org, job.id, { type: 'page', mediaType: 'text/html', body: Buffer.from('<p>é</p>'), targetStatus: 201, finalUrl: 'http://example.test/' });
  });
  afterAll(async () => dataSource?.destroy());

  it('reads the key and its organization as the entity', async () => {
    const found = await keys.findActiveByHash('h'.repeat(64));
    expect(found?.keyHash).toBe('h'.repeat(64));
    expect(found?.organization).toEqual(await dataSource.getRepository(Organization).findOneByOrFail({ id: org }));
    expect(found?.organization.dailyLimitOverride).toBe(-1);
    expect(await keys.findActiveByHash('n'.repeat(64))).toBeNull();
  });

  it('collects the job with its output as the entity, in one query with the key', async () => {
    const entity = await dataSource.getRepository(Job).findOneByOrFail({ id: 'itrows_job1' });
    const collected = await jobs.collectByKey('h'.repeat(64), 'itrows_job1');
    expect(collected?.organizationId).toBe(org);
    expect(collected?.found?.job).toEqual(entity);
    expect(collected?.found?.job.finishedAt).toBeInstanceOf(Date);
    expect(collected?.found?.output).toEqual({ type: 'page', mediaType: 'text/html', body: Buffer.from('<p>é</p>'), targetStatus: 201, finalUrl: 'http://example.test/' });
    expect((await jobs.collectByKey('h'.repeat(64), 'itrows_nope'))?.found).toBeNull();
    expect(await jobs.collectByKey('n'.repeat(64), 'itrows_job1')).toBeNull();
    expect((await jobs.getWithOutput(org, 'itrows_job1'))?.job).toEqual(entity);
  });
});
