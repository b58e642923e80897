import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { ApiKey, Organization, User } from '../../src/infra/database/entities/index.js';
import { SqlProgramRunner } from '../../src/infra/database/sql-program.js';
import { OrganizationsService } from '../../src/modules/admin/organizations.service.js';
import type { CreateOrganizationDto } from '../../src/modules/admin/dto/create-organization.dto.js';
import { ApiKeyRepository } from '../../src/modules/auth/api-key.repository.js';
import { OrganizationRepository } from '../../src/modules/auth/organization.repository.js';
import { sha256 } from '../../src/modules/auth/secrets.js';
import { UserRepository } from '../../src/modules/auth/user.repository.js';
import { LedgerService } from '../../src/modules/billing/ledger.service.js';
import { balanceOf, ledgerSum, openDatabase } from './database.js';

/** An organization is created with its first key and its initial credits in one transaction: all of them or nothing. */
describe.each(['sqlite', 'mariadb'] as const)('creating an organization on %s', (kind) => {
  let db: DataSource;
  let keys: ApiKeyRepository;
  let service: OrganizationsService;
  const create = (name: string, credits?: number) => service.createOrganization({ name, plan: 'lite', ...(credits === undefined ? {} : { credits }) } as CreateOrganizationDto);
  const named = async (name: string) => (await db.query('SELECT id FROM organization WHERE name = ?', [name])).map((row: { id: string }) => row.id);

  beforeAll(async () => {
    db = await openDatabase(kind, '_orgcreate');
    const sql = new SqlProgramRunner(db);
    keys = new ApiKeyRepository(db.getRepository(ApiKey), sql);
    service = new OrganizationsService(loadConfig({}), new OrganizationRepository(db.getRepository(Organization)), keys, new UserRepository(db.getRepository(User)), new LedgerService(sql));
  });
  afterAll(async () => db?.destroy());

  it('writes the organization, its key (hashed) and its initial grant: the key authenticates, the balance is the ledger', async () => {
    const created = await create('acme', 250);
    expect(created).toEqual({ id: expect.any(String), name: 'acme', plan: 'lite', credits_remaining: 250, api_key: expect.any(String), api_key_id: expect.any(String) });
    const found = await keys.findActiveByHash(sha256(created.api_key));
    expect([found?.organization.id, found?.organization.name, found?.organization.balance]).toEqual([created.id, 'acme', 250]);
    expect([await balanceOf(db, created.id), await ledgerSum(db, created.id)]).toEqual([250, 250]);
    const free = await create('no-credits', 0);
    expect([free.credits_remaining, await balanceOf(db, free.id), (await db.query('SELECT COUNT(*) AS n FROM ledger_entry WHERE organization_id = ?', [free.id]))[0].n])
      .toEqual([0, 0, kind === 'sqlite' ? 0 : '0']);
  });

  it('writes nothing when its key cannot be written: no organization with credits and no key, nothing to retry into a second one', async () => {
    if (kind === 'sqlite') await db.query("CREATE TRIGGER refuse_keys BEFORE INSERT ON api_key BEGIN SELECT RAISE(ABORT, 'no keys today'); END");
    else await db.query("CREATE TRIGGER refuse_keys BEFORE INSERT ON api_key FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no keys today'");
    try {
      // Matched by its message: better-sqlite3's error class comes from the realm of the first test file that loaded it.
      await expect(create('half-made', 500)).rejects.toMatchObject({ message: expect.stringMatching(/no keys today/) });
    } finally {
      await db.query('DROP TRIGGER refuse_keys');
    }
    expect(await named('half-made')).toEqual([]);
    expect((await db.query("SELECT COUNT(*) AS n FROM ledger_entry WHERE reason = 'initial credits' AND organization_id NOT IN (SELECT id FROM organization)"))[0].n)
      .toEqual(kind === 'sqlite' ? 0 : '0');
    const retried = await create('half-made', 500);
    expect([await named('half-made'), retried.credits_remaining]).toEqual([[retried.id], 500]);
  });
});
