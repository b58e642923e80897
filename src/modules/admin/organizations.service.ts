import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { PlanName } from '../../config/json-files.js';
import { ApiKey, Organization, User } from '../../infra/database/entities/index.js';
import { ApiKeyRepository } from '../auth/api-key.repository.js';
import { UserRepository } from '../auth/user.repository.js';
import { OrganizationRepository } from '../auth/organization.repository.js';
import { newApiKey, newUserToken, randomId, sha256 } from '../auth/secrets.js';
import { LedgerService } from '../billing/ledger.service.js';
import { monthlyAllowance } from '../billing/plan-limits.js';
import type { CreateOrganizationDto } from './dto/create-organization.dto.js';
import type { CreateUserDto } from './dto/create-user.dto.js';
import type { GrantCreditsDto } from './dto/grant-credits.dto.js';
import type { UpdateOrganizationDto } from './dto/update-organization.dto.js';
import { isDuplicateKey } from '../../common/errors/store-errors.js';
import { organizationChanges } from './organization-changes.js';
import { CreatedOrganizationView, OrganizationView, organizationView } from './organization.view.js';

const KEY_PREFIX_LENGTH = 10;
const PUBLIC_ID_ATTEMPTS = 5;
/** The demo organization of a self-hosted instance: a paid plan (no 1-a-second burst) and credits for thousands of pages. */
const DEMO = { plan: 'pro', credits: 100_000 } as const satisfies { plan: PlanName; credits: number };

export interface DemoKey {
  readonly organization_id: string;
  readonly plan: PlanName;
  readonly credits_remaining: number;
  readonly api_key: string;
}

/** Organizations, their keys, credits and users: the rules behind the admin API and the CLI. */
@Injectable()
export class OrganizationsService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly organizations: OrganizationRepository,
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * The organization, its first key and its initial credits in one transaction: all of them, or nothing (a failure
   * midway left an organization with credits and no key, and the admin's retry a second one). The credits go through
   * the ledger like any grant, so the ledger sum equals the balance from the start.
   */
  async createOrganization(input: CreateOrganizationDto): Promise<CreatedOrganizationView> {
    const plan = input.plan ?? 'free';
    const now = new Date();
    const organization = Object.assign(new Organization(), {
      id: randomId(24), publicId: await this.unusedPublicId(), name: input.name, plan, balance: 0,
      concurrencyOverride: null, dailyLimitOverride: null, webhookSecret: null, createdAt: now,
    });
    const apiKey = newApiKey();
    const key = this.apiKeyRow(organization.id, apiKey, now);
    const rows = [this.organizations.insertStatement(organization), this.keys.insertStatement(key)];
    const credits = input.credits ?? this.defaultCredits(plan);
    // A zero grant would change no balance, so it writes no entry.
    const balance = await this.ledger.grantAfter(function* () {
      for (const row of rows) yield row;
    }, organization.id, credits, 'initial credits', `initial:${organization.id}`);
    return { id: organization.id, name: organization.name, plan, credits_remaining: balance, api_key: apiKey, api_key_id: key.id };
  }

  async getOrganization(id: string): Promise<OrganizationView> {
    return organizationView(this.config.plans, await this.requireOrganization(id));
  }

  async updateOrganization(id: string, patch: UpdateOrganizationDto): Promise<OrganizationView> {
    await this.requireOrganization(id);
    const changes = organizationChanges(patch);
    if (Object.keys(changes).length > 0) await this.organizations.update(id, changes);
    return this.getOrganization(id);
  }

  /** The key is shown once here; only its hash and a short prefix are stored. */
  async createApiKey(organizationId: string): Promise<{ id: string; api_key: string }> {
    await this.requireOrganization(organizationId);
    return this.issueApiKey(organizationId);
  }

  /** Revoking an already revoked key is a success: the key is dead either way. */
  async revokeApiKey(id: string): Promise<void> {
    if (!(await this.keys.getById(id))) throw AppError.notFound('No such API key.');
    await this.keys.revoke(id);
  }

  /** With an Idempotency-Key, a retried grant answers the first one's entry and moves nothing again. */
  async grantCredits(organizationId: string, grant: GrantCreditsDto, idempotencyKey: string | null = null): Promise<{ entry_id: string; credits_remaining: number }> {
    await this.requireOrganization(organizationId);
    const requestKey = idempotencyKey === null ? null : `grant:${sha256(`${organizationId}:${idempotencyKey}`)}`;
    const apply = () => this.ledger.grant(organizationId, grant.amount, grant.reason, 'grant', requestKey);
    // A concurrent duplicate loses on the ledger's unique (request_key, kind); asked again, it finds the winner's entry.
    const move = await apply().catch((error: unknown) => (requestKey && isDuplicateKey(error) ? apply() : Promise.reject(error)));
    return { entry_id: move.entryId, credits_remaining: move.balanceAfter };
  }

  /** A dashboard user's token: stored hashed, and never an organization caller (OrgKeyGuard only knows API keys). */
  async createUser(input: CreateUserDto): Promise<{ id: string; token: string }> {
    await this.requireOrganization(input.organization_id);
    const token = newUserToken();
    const user = await this.users.insert(
      Object.assign(new User(), { id: randomId(24), email: input.email, organizationId: input.organization_id, tokenHash: sha256(token) }),
    );
    return { id: user.id, token };
  }

  /**
   * scripts/run.sh: the demo organization and a fresh key (keys are shown only once). Its owner tries everything at once,
   * so it is on DEMO.plan with at least DEMO.credits; a demo made by an older version (free plan) is brought up to that.
   */
  async demoKey(name = 'demo'): Promise<DemoKey> {
    const existing = await this.organizations.getByName(name);
    if (!existing) {
      const created = await this.createOrganization({ name, plan: DEMO.plan, credits: DEMO.credits } as CreateOrganizationDto);
      return { organization_id: created.id, plan: created.plan, credits_remaining: created.credits_remaining, api_key: created.api_key };
    }
    if (existing.plan !== DEMO.plan) await this.organizations.update(existing.id, { plan: DEMO.plan });
    const balance = existing.balance < DEMO.credits
      ? (await this.ledger.grant(existing.id, DEMO.credits - existing.balance, 'demo top-up', 'grant', null)).balanceAfter
      : existing.balance;
    return { organization_id: existing.id, plan: DEMO.plan, credits_remaining: balance, api_key: (await this.createApiKey(existing.id)).api_key };
  }

  async requireOrganization(id: string): Promise<Organization> {
    const organization = await this.organizations.getById(id);
    if (!organization) throw AppError.notFound('No such organization.');
    return organization;
  }

  private defaultCredits(plan: PlanName): number {
    return monthlyAllowance(plan, this.config.freeMonthlyCredits);
  }

  private async issueApiKey(organizationId: string): Promise<{ id: string; api_key: string }> {
    const apiKey = newApiKey();
    const key = await this.keys.insert(this.apiKeyRow(organizationId, apiKey, new Date()));
    return { id: key.id, api_key: apiKey };
  }

  /** A key's row: only its hash and a short prefix are stored. */
  private apiKeyRow(organizationId: string, apiKey: string, createdAt: Date): ApiKey {
    return Object.assign(new ApiKey(), { id: randomId(24), organizationId, prefix: apiKey.slice(0, KEY_PREFIX_LENGTH), keyHash: sha256(apiKey), revokedAt: null, createdAt });
  }

  /** Job ids start with it, so it stays short and lower-case; a clash is checked rather than assumed away. */
  private async unusedPublicId(): Promise<string> {
    for (let attempt = 0; attempt < PUBLIC_ID_ATTEMPTS; attempt += 1) {
      const candidate = randomId(8).toLowerCase();
      if (!(await this.organizations.getByPublicId(candidate))) return candidate;
    }
    throw new Error('no unused public id found');
  }
}
