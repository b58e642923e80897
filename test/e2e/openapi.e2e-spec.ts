import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, CallResult, collect } from '../harness/http.js';
import { AnswerChecker, OpenApiDocument } from '../harness/openapi-check.js';

const env = testEnv();
const page = (path: string) => `${env.target.url}${path}`;
const METERED = [200, 202, 401, 402, 422, 429, 500, 503];

/** Every route of the contract and every status it can answer. */
const ROUTES: Record<string, number[]> = {
  'get /crawl': METERED,
  'post /crawl': METERED,
  'get /screenshot': METERED,
  'get /chat': METERED,
  'get /map': METERED,
  'post /site': [202, 401, 402, 422, 429, 503],
  'get /crawl/{job}': [200, 202, 401, 404, 422, 500],
  'delete /crawl/{job}': [200, 401, 404, 409],
  'get /account': [200, 401],
  'get /account/usage': [200, 401, 422],
  'get /account/jobs': [200, 401, 422],
  'get /metrics': [200, 401],
  'post /account/webhook-secret': [201, 401],
  'post /admin/organizations': [201, 401, 422],
  'get /admin/organizations/{id}': [200, 401, 404],
  'patch /admin/organizations/{id}': [200, 401, 404, 422],
  'post /admin/organizations/{id}/api-keys': [201, 401, 404],
  'delete /admin/api-keys/{id}': [204, 401, 404],
  'post /admin/organizations/{id}/credits': [201, 401, 404, 422],
  'get /admin/organizations/{id}/ledger': [200, 401, 404],
  'get /admin/organizations/{id}/usage': [200, 401, 404, 422],
  'post /admin/users': [201, 401, 404, 422],
  'get /health/live': [200, 422],
  'get /health/ready': [200, 422, 503],
  'get /dashboard': [200, 422],
  'get /admin/queues': [200, 401],
  'get /openapi.json': [200, 422],
  'get /docs': [200, 422],
};

let document: OpenApiDocument;
let checker: AnswerChecker;

beforeAll(async () => {
  const answer = await call('/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body as unknown as OpenApiDocument;
  checker = new AnswerChecker(document);
});

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI document, served without a key', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route with every status, and nothing else', () => {
    const documented: Record<string, number[]> = {};
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        documented[`${method} ${path}`] = Object.keys(operation.responses).map(Number).sort((a, b) => a - b);
      }
    }
    expect(documented).toEqual(ROUTES);
  });

  it('documents the job route\'s one query parameter, a site crawl\'s cursor (decisions 9.3)', () => {
    const parameters = document.paths['/crawl/{job}'].get.parameters ?? [];
    expect(parameters.map((parameter) => `${parameter.in} ${parameter.name}`).sort()).toEqual(['path job', 'query cursor']);
  });

  it('has the bearer and key security schemes, the key only on metered routes', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      key: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'key' }),
      admin: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      adminBasic: expect.objectContaining({ type: 'http', scheme: 'basic' }),
    });
    // Neither token is a JWT (Nest's default bearerFormat).
    expect([document.components.securitySchemes.bearer.bearerFormat, document.components.securitySchemes.admin.bearerFormat]).toEqual(['API key (cg_...)', 'ADMIN_TOKEN']);
    expect(document.paths['/screenshot'].get.security).toEqual([{ bearer: [] }, { key: [] }]);
    expect(document.paths['/account'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/map'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/admin/users'].post.security).toEqual([{ admin: [] }]);
  });

  it('documents the pages too (decisions 7.5): the dashboard and the document\'s own routes need no key, the queue board ADMIN_TOKEN by HTTP Basic', () => {
    const pages = ['/dashboard', '/docs', '/openapi.json', '/admin/queues'].map((path) => [path, document.paths[path].get.security]);
    expect(pages).toEqual([['/dashboard', []], ['/docs', []], ['/openapi.json', []], ['/admin/queues', [{ adminBasic: [] }]]]);
    expect(Object.keys(document.paths['/dashboard'].get.responses['200'].content ?? {})).toEqual(['text/html']);
    expect(Object.keys(document.paths['/admin/queues'].get.responses['401'].headers ?? {})).toEqual(['WWW-Authenticate']);
    // The dashboard's own files are loaded by its page, not called: they stay out.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/dashboard/') || path.startsWith('/docs/'))).toEqual([]);
  });

  it('lists Idempotency-Key on every metered route, POST /site included (decisions 7.3)', () => {
    const headerOf = (operation: OpenApiDocument['paths'][string][string]) => operation.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    for (const [path, method] of [['/crawl', 'get'], ['/screenshot', 'get'], ['/map', 'get'], ['/site', 'post']] as const) {
      expect([path, headerOf(document.paths[path][method])]).toEqual([path, expect.objectContaining({ required: false })]);
    }
    // An admin grant takes one too, optional (decisions 4), and no other header.
    const grant = document.paths['/admin/organizations/{id}/credits'].post.parameters?.filter((p) => p.in === 'header');
    expect(grant).toEqual([expect.objectContaining({ name: 'Idempotency-Key', required: false })]);
  });

  it('documents the headers of a collected answer: the target\'s and the stored copy\'s on 200, the failure\'s code on 500 (decisions 2, 9.6)', () => {
    const responses = document.paths['/crawl/{job}'].get.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(Object.keys(responses['200'].headers ?? {})).toEqual(['X-Job-Id', 'X-Target-Status', 'X-Final-Url', 'X-Cache', 'X-Cache-Age']);
    expect(Object.keys(responses['202'].headers ?? {})).toEqual(['X-Job-Id', 'X-Cache', 'X-Cache-Age']);
    expect(Object.keys(responses['500'].headers ?? {})).toEqual(['X-Job-Id', 'X-Error-Code']);
  });
});

describe('real answers match the documented schemas', () => {
  let key: string;
  let orgId: string;
  const seen: string[] = [];
  /** With `status`, the answer's status is asserted too: a schema check alone passes on any documented status. */
  const check = (method: string, path: string, answer: CallResult, status?: number) => {
    if (status !== undefined) expect(`${method} ${path} ${answer.status}`).toBe(`${method} ${path} ${status}`);
    seen.push(`${method} ${path} ${answer.status} ${checker.check(method, path, answer)}`);
  };
  beforeAll(async () => {
    ({ apiKey: key, id: orgId } = await createOrganization(env.baseUrl, env.adminToken, { plan: 'lite', credits: 1000 }));
  });
  afterAll(() => {
    // Proof of coverage when a check is dropped by mistake.
    expect(seen.length).toBeGreaterThanOrEqual(20);
  });

  it('metered answers: pages, envelopes, 202 and its collection', async () => {
    check('GET', '/crawl', await call('/crawl', { key, query: { url: page('/static'), js: 'false' } }));
    check('GET', '/crawl', await call('/crawl', { key, query: { url: page('/static'), ai_query: 'What is this?' } }));
    check('GET', '/crawl', await call('/crawl', { key, query: { url: page('/extract/product'), js: 'false', extract: '{"name": "h1", "specs": {"selector": "li", "type": "list"}}', ai_schema: '{"type": "object"}' } }));
    check('GET', '/screenshot', await call('/screenshot', { key, query: { url: page('/static') } }));
    const recipe = { expectedOutput: 'list', blocks: [{ type: 'start', details: { type: 'url', source: page('/static') } }, { type: 'extract', details: { selector: 'h1', name: 'title' } }] };
    check('POST', '/crawl', await call('/crawl', { key, method: 'POST', body: recipe }));
    check('GET', '/chat', await call('/chat', { key, query: { prompt: 'hello' } }));
    check('GET', '/map', await call('/map', { key, query: { url: page('/static') } }), 200);
    const slow = await call('/crawl', { key, query: { url: page('/slow?ms=9500'), js: 'false' } });
    expect(slow.status).toBe(202);
    check('GET', '/crawl', slow);
    const jobId = slow.headers.get('x-job-id')!;
    check('GET', '/crawl/{job}', await call(`/crawl/${jobId}`, { key }));
    check('GET', '/crawl/{job}', await collect(jobId, key));
    const failed = await call('/crawl', { key, query: { url: 'http://127.0.0.1:9/', js: 'false' } });
    expect(failed.status).toBe(500);
    check('GET', '/crawl', failed);
    check('GET', '/crawl/{job}', await call(`/crawl/${failed.headers.get('x-job-id')}`, { key }));
    const crawl = await call('/site', { key, method: 'POST', query: { url: page('/static'), js: 'false', max_depth: '0' } });
    check('POST', '/site', crawl, 202);
    check('GET', '/crawl/{job}', await collect(crawl.body.job_id as string, key));
  });

  it('refusals: 401, 402, 404, 422, 429', async () => {
    check('GET', '/crawl', await call('/crawl', { query: { url: page('/static') } }), 401);
    check('GET', '/crawl', await call('/crawl', { key, query: { url: 'ftp://x' } }), 422);
    check('GET', '/map', await call('/map', { key, query: { url: page('/static'), include_paths: 'static' } }), 422);
    check('GET', '/map', await call('/map', { query: { url: page('/static'), key } }), 401);
    check('GET', '/crawl/{job}', await call('/crawl/abc_def', { key }), 404);
    const poor = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free', credits: 0 });
    check('GET', '/screenshot', await call('/screenshot', { key: poor.apiKey, query: { url: page('/static') } }), 402);
    const free = await createOrganization(env.baseUrl, env.adminToken, { plan: 'free' });
    const burst = await Promise.all([1, 2, 3].map(() => call('/crawl', { key: free.apiKey, query: { url: page('/static'), js: 'false' } })));
    expect(burst.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
    const limited = burst.find((answer) => answer.status === 429)!;
    check('GET', '/crawl', limited);
  });

  it('account, webhook secret, admin and health answers', async () => {
    check('GET', '/account', await call('/account', { key }));
    check('POST', '/account/webhook-secret', await call('/account/webhook-secret', { key, method: 'POST' }));
    check('GET', '/account/usage', await call('/account/usage', { key }));
    check('GET', '/account/usage', await call('/account/usage', { key, query: { from: 'yesterday' } }));
    check('GET', '/account/jobs', await call('/account/jobs', { key, query: { limit: '5' } }));
    check('GET', '/account/jobs', await call('/account/jobs', { key, query: { limit: '0' } }));
    check('GET', '/metrics', await call('/metrics', { key: 'wrong' }));
    const admin = { key: env.adminToken };
    const created = await call('/admin/organizations', { ...admin, method: 'POST', body: { name: 'OpenAPI Org', plan: 'pro', credits: 10 } });
    check('POST', '/admin/organizations', created, 201);
    const id = created.body.id as string;
    check('POST', '/admin/organizations', await call('/admin/organizations', { ...admin, method: 'POST', body: { name: '' } }), 422);
    check('GET', '/admin/organizations/{id}', await call(`/admin/organizations/${id}`, admin), 200);
    check('GET', '/admin/organizations/{id}', await call('/admin/organizations/nope', admin), 404);
    check('GET', '/admin/organizations/{id}', await call(`/admin/organizations/${id}`, { key: 'wrong' }), 401);
    check('PATCH', '/admin/organizations/{id}', await call(`/admin/organizations/${id}`, { ...admin, method: 'PATCH', body: { daily_limit: 'unlimited' } }), 200);
    const apiKey = await call(`/admin/organizations/${id}/api-keys`, { ...admin, method: 'POST' });
    check('POST', '/admin/organizations/{id}/api-keys', apiKey, 201);
    check('DELETE', '/admin/api-keys/{id}', await call(`/admin/api-keys/${apiKey.body.id}`, { ...admin, method: 'DELETE' }), 204);
    check('POST', '/admin/organizations/{id}/credits', await call(`/admin/organizations/${id}/credits`, { ...admin, method: 'POST', body: { amount: 5, reason: 'docs' } }), 201);
    check('GET', '/admin/organizations/{id}/ledger', await call(`/admin/organizations/${orgId}/ledger`, admin), 200);
    check('GET', '/admin/organizations/{id}/usage', await call(`/admin/organizations/${orgId}/usage`, admin), 200);
    check('POST', '/admin/users', await call('/admin/users', { ...admin, method: 'POST', body: { email: 'docs@example.test', organization_id: id } }), 201);
    check('GET', '/health/live', await call('/health/live'), 200);
    check('GET', '/health/ready', await call('/health/ready'), 200);
    check('GET', '/health/live', await call('/health/live', { query: { verbose: '1' } }), 422);
    check('GET', '/health/ready', await call('/health/ready', { query: { verbose: '1' } }), 422);
  });

  it('pages: the dashboard, the document and its UI, the queue board', async () => {
    for (const path of ['/dashboard', '/docs', '/openapi.json']) {
      check('GET', path, await call(path), 200);
      check('GET', path, await call(path, { query: { key } }), 422);
    }
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`ops:${password}`).toString('base64')}` });
    check('GET', '/admin/queues', await call('/admin/queues', { headers: basic(env.adminToken) }), 200);
    const refused = await call('/admin/queues', { headers: basic('wrong') });
    check('GET', '/admin/queues', refused, 401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Crawlgate queues", charset="UTF-8"');
  });
});
