// Organizations, keys and credits for e2e suites, through the admin API of a running app (plain fetch, any base URL).
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUN_DIR } from '../harness/run-dir.js';

export type Plan = 'free' | 'lite' | 'standard' | 'pro' | 'enterprise';

export interface TestOrganization {
  readonly id: string;
  readonly apiKey: string;
  readonly apiKeyId: string;
}

export interface OrganizationBody {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
  readonly credits_remaining: number;
  readonly concurrency: number;
  readonly daily_limit: number | null;
}

export interface LedgerEntryBody {
  readonly id: string;
  readonly amount: number;
  readonly balance_after: number;
  readonly reason: string;
  readonly job_id?: string;
  readonly created_at: string;
}

export interface UsageDayBody {
  readonly date: string;
  readonly host: string;
  readonly crawls: number;
  readonly attempts: number;
  readonly credits: number;
}

let counter = 0;

/** Every API key and user token the suites were issued, so a test can check that none reached the app's log. */
export const ISSUED_SECRETS_FILE = resolve(RUN_DIR, 'issued-secrets.txt');

function recordIssuedSecrets(body: { api_key?: unknown; token?: unknown } | undefined): void {
  const secrets = [body?.api_key, body?.token].filter((value): value is string => typeof value === 'string');
  if (secrets.length > 0) appendFileSync(ISSUED_SECRETS_FILE, secrets.map((secret) => `${secret}\n`).join(''));
}

/** One admin call; anything but the expected status throws with the body, so a broken setup fails loudly. */
async function admin<T>(baseUrl: string, adminToken: string, method: string, path: string, body?: unknown, expected = method === 'GET' || method === 'PATCH' ? 200 : 201): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text}`);
  const parsed = text ? JSON.parse(text) : undefined;
  recordIssuedSecrets(parsed);
  return parsed as T;
}

/** A new organization with its first API key; credits default as the API says (the free allowance for `free`, else 0). */
export async function createOrganization(
  baseUrl: string,
  adminToken: string,
  options: { plan?: Plan; credits?: number; name?: string } = {},
): Promise<TestOrganization> {
  counter += 1;
  const created = await admin<{ id: string; api_key: string; api_key_id: string }>(baseUrl, adminToken, 'POST', '/admin/organizations', {
    name: options.name ?? `test-org-${process.pid}-${counter}`,
    ...(options.plan === undefined ? {} : { plan: options.plan }),
    ...(options.credits === undefined ? {} : { credits: options.credits }),
  });
  return { id: created.id, apiKey: created.api_key, apiKeyId: created.api_key_id };
}

/** Adds (or, negative, takes away) credits; answers the new balance. */
export async function grant(baseUrl: string, adminToken: string, organizationId: string, amount: number, reason = 'test grant'): Promise<{ entry_id: string; credits_remaining: number }> {
  return admin(baseUrl, adminToken, 'POST', `/admin/organizations/${organizationId}/credits`, { amount, reason });
}

export async function getOrganization(baseUrl: string, adminToken: string, organizationId: string): Promise<OrganizationBody> {
  return admin(baseUrl, adminToken, 'GET', `/admin/organizations/${organizationId}`);
}

export async function updateOrganization(
  baseUrl: string,
  adminToken: string,
  organizationId: string,
  patch: { plan?: Plan; concurrency?: number | null; daily_limit?: number | 'unlimited' | null },
): Promise<OrganizationBody> {
  return admin(baseUrl, adminToken, 'PATCH', `/admin/organizations/${organizationId}`, patch);
}

/** Newest entry first. */
export async function ledger(baseUrl: string, adminToken: string, organizationId: string): Promise<{ entries: LedgerEntryBody[] }> {
  return admin(baseUrl, adminToken, 'GET', `/admin/organizations/${organizationId}/ledger`);
}

/** Days (YYYY-MM-DD, both included); without them the current UTC month. */
export async function usage(baseUrl: string, adminToken: string, organizationId: string, from?: string, to?: string): Promise<{ days: UsageDayBody[] }> {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return admin(baseUrl, adminToken, 'GET', `/admin/organizations/${organizationId}/usage${query ? `?${query}` : ''}`);
}

export async function createApiKey(baseUrl: string, adminToken: string, organizationId: string): Promise<{ id: string; api_key: string }> {
  return admin(baseUrl, adminToken, 'POST', `/admin/organizations/${organizationId}/api-keys`);
}

export async function revokeApiKey(baseUrl: string, adminToken: string, apiKeyId: string): Promise<void> {
  await admin(baseUrl, adminToken, 'DELETE', `/admin/api-keys/${apiKeyId}`, undefined, 204);
}

/** A dashboard user; its token is not an organization key. */
export async function createUser(baseUrl: string, adminToken: string, organizationId: string, email = `user${counter}@example.test`): Promise<{ id: string; token: string }> {
  return admin(baseUrl, adminToken, 'POST', '/admin/users', { email, organization_id: organizationId });
}
