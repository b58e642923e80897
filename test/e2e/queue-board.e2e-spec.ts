import { describe, expect, it } from '@jest/globals';
import { testEnv } from '../harness/env.js';
import { call } from '../harness/http.js';

const env = testEnv();
const basic = (user: string, password: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

describe('GET /admin/queues (Bull Board)', () => {
  it.each([
    ['no credentials', {}],
    ['a wrong password', basic('admin', 'wrong')],
    ['the token as the user name', basic(env.adminToken, '')],
    ['the token as a bearer', { authorization: `Bearer ${env.adminToken}` }],
  ])('answers 401 with a Basic challenge to %s', async (_, headers) => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/favicon-32x32.png']) {
      const answer = await call(path, { headers });
      expect([answer.status, answer.headers.get('www-authenticate'), answer.body]).toEqual([
        401,
        'Basic realm="Crawlgate queues", charset="UTF-8"',
        { message: 'A valid admin token is required.' },
      ]);
    }
  });

  it('shows the board with the admin token as the password, whatever the user name', async () => {
    const page = await call('/admin/queues', { headers: basic('operator', env.adminToken) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<base href="/admin/queues/" />');
    expect(page.text).toContain('<title>Crawlgate</title>');
    const icon = await call('/admin/queues/static/favicon-32x32.png', { headers: basic('operator', env.adminToken) });
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await call('/admin/queues/static/favicon-32x32.png')).status).toBe(401);
    const queues = await call('/admin/queues/api/queues', { headers: basic('', env.adminToken) });
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name)).toEqual(['jobs']);
    expect(Object.keys(queues.body.queues[0].counts).sort()).toEqual(['active', 'completed', 'delayed', 'failed', 'paused', 'waiting']);
  });

  it('is read-only without QUEUE_BOARD_WRITE: write routes answer 405 and pause-all changes nothing', async () => {
    const admin = basic('operator', env.adminToken);
    const writes: Array<[string, string]> = [
      ['PUT', '/admin/queues/api/queues/pause'],
      ['PUT', '/admin/queues/api/queues/jobs/pause'],
      ['PUT', '/admin/queues/api/queues/jobs/retry/failed'],
      ['PUT', '/admin/queues/api/queues/jobs/promote'],
      ['PUT', '/admin/queues/api/queues/jobs/clean/completed'],
      ['POST', '/admin/queues/api/queues/jobs/add'],
      ['PUT', '/admin/queues/api/queues/jobs/empty'],
      ['PUT', '/admin/queues/api/queues/jobs/some-job/remove-unprocessed-children'],
    ];
    for (const [method, path] of writes) {
      const answer = await call(path, { method, headers: admin, body: {} });
      expect([method, path, answer.status, answer.headers.get('allow')]).toEqual([method, path, 405, 'GET, HEAD']);
    }
    const queues = await call('/admin/queues/api/queues', { headers: admin });
    expect(queues.body.queues.map((queue: { isPaused: boolean; readOnlyMode: boolean }) => [queue.isPaused, queue.readOnlyMode])).toEqual([[false, true]]);
  });
});
