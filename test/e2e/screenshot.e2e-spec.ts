import { beforeAll, describe, expect, it } from '@jest/globals';
import jpeg from 'jpeg-js';
import { createOrganization, getOrganization, updateOrganization } from '../factories/organization.factory.js';
import { testEnv } from '../harness/env.js';
import { call, collect } from '../harness/http.js';

const env = testEnv();
const target = (path: string) => `${env.target.url}${path}`;
const size = (base64: string) => {
  const image = jpeg.decode(Buffer.from(base64, 'base64'), { useTArray: true });
  return { width: image.width, height: image.height };
};

describe('GET /screenshot', () => {
  let org: { id: string; apiKey: string };
  beforeAll(async () => {
    org = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
  });

  it('returns a full-page JPEG of a 3000 px page at 1920 wide, flat 30 credits, images loaded by default', async () => {
    await fetch(`${env.target.url}/__reset`, { method: 'POST' });
    const result = await call('/screenshot', { key: org.apiKey, query: { url: target('/tall?h=3000'), premium: 'true', country: 'de', city: 'berlin' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-credits-charged')).toBe('30');
    const { screenshot, ...rest } = result.body;
    expect(rest).toEqual({
      url: target('/tall?h=3000'),
      domain: '127.0.0.1',
      ai_query: '',
      credits_charged: 30,
      credits_remaining: 970,
      job_id: result.headers.get('x-job-id'),
      status: 'done',
      data: { url: target('/tall?h=3000') },
      position: null,
      error: null,
      debug: null,
    });
    expect(screenshot).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(size(screenshot)).toEqual({ width: 1920, height: 3000 });
    const images = await call('/screenshot', { key: org.apiKey, query: { url: target('/images') } });
    expect(images.status).toBe(200);
    const requests = (await (await fetch(`${env.target.url}/__requests`)).json()) as Array<{ path: string }>;
    expect(requests.filter((request) => request.path.startsWith('/img/')).length).toBe(2);
  });

  it('captures a tall page with js=false at once (no lazy scroll waits on a page that runs no timers)', async () => {
    const result = await call('/screenshot', { key: org.apiKey, query: { url: target('/tall?h=3000'), js: 'false' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-credits-charged')).toBe('30');
    expect(size(result.body.screenshot)).toEqual({ width: 1920, height: 3000 });
  });

  it('doubles the pixels with device_scale_factor=2', async () => {
    const result = await call('/screenshot', { key: org.apiKey, query: { url: target('/tall?h=3000'), viewport: '800x600', device_scale_factor: '2' } });
    expect(size(result.body.screenshot)).toEqual({ width: 1600, height: 6000 });
  });

  it('captures the full height at device_scale_factor=2 on a 1920 wide viewport (3840 x 40,000: past one capture, joined from strips)', async () => {
    const answer = await call('/screenshot', { key: org.apiKey, query: { url: target('/tall?h=25000'), viewport: '1920x1080', device_scale_factor: '2', js: 'false' } });
    const result = answer.status === 202 ? await collect(answer.body.job_id, org.apiKey) : answer;
    const image = Buffer.from(answer.status === 202 ? result.body.data.screenshots[0] : result.body.screenshot, 'base64');
    // Its size from the frame header (decoding 154 megapixels here would take seconds).
    const frame = image.indexOf(Buffer.from([0xff, 0xc0]));
    expect([result.status, image.readUInt16BE(frame + 7), image.readUInt16BE(frame + 5)]).toEqual([200, 3840, 40000]);
  });

  it('answers ai_query for free beside the image', async () => {
    const result = await call('/screenshot', { key: org.apiKey, query: { url: target('/static'), ai_query: 'Summary?' } });
    expect(result.body.credits_charged).toBe(30);
    expect(result.body.data).toEqual({ url: target('/static'), answer: expect.stringMatching(/^Answer to "Summary\?"/) });
  });

  it('202s past the sync wait and serves the image at data.screenshots[0] on collection', async () => {
    const accepted = await call('/screenshot', { key: org.apiKey, query: { url: target('/slow?ms=10000') } });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ screenshot: null, status: 'running', credits_charged: 30 });
    const done = await collect(accepted.body.job_id, org.apiKey);
    expect(done.status).toBe(200);
    expect(done.body.screenshot).toBeNull();
    expect(done.body).not.toHaveProperty('credits_charged');
    expect(done.body.data).toEqual({ url: target('/slow?ms=10000'), screenshots: [expect.any(String)] });
    expect(size(done.body.data.screenshots[0]).width).toBe(1920);
  });

  it('refunds an unreachable target: 500, screenshot null, credits_charged 0', async () => {
    const before = (await getOrganization(env.baseUrl, env.adminToken, org.id)).credits_remaining;
    const result = await call('/screenshot', { key: org.apiKey, query: { url: 'http://127.0.0.1:9/' } });
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ screenshot: null, status: 'failed', credits_charged: 0, credits_remaining: before });
    expect(result.body.error).toEqual(expect.any(String));
  });

  it('answers 402 once the daily limit is reached, charging nothing', async () => {
    const limited = await createOrganization(env.baseUrl, env.adminToken, { plan: 'standard', credits: 1000 });
    await updateOrganization(env.baseUrl, env.adminToken, limited.id, { daily_limit: 1 });
    expect((await call('/screenshot', { key: limited.apiKey, query: { url: target('/static') } })).status).toBe(200);
    const refused = await call('/screenshot', { key: limited.apiKey, query: { url: target('/static') } });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect((await getOrganization(env.baseUrl, env.adminToken, limited.id)).credits_remaining).toBe(970);
  });
});
