import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { CDPSession } from 'puppeteer';
import type { NetworkPolicy } from '../network/network-policy.js';
import { JobFootprint } from './job-footprint.js';
import { RequestGuard } from './request-guard.js';

const RELAY = { url: 'http://127.0.0.1:40001', credentials: { username: 'slot0', password: 'secret' } };

/** A tab session that records what the guard sends, and lets the test emit Fetch events. */
async function guarded() {
  const sent: Array<{ method: string; params: Record<string, unknown> }> = [];
  const session = Object.assign(new EventEmitter(), {
    send: async (method: string, params: Record<string, unknown> = {}) => {
      sent.push({ method, params });
      return {};
    },
  });
  const policy = { checkDuringCrawl: async (url: string) => (url.includes('10.0.0.1') ? 'private address' : null) } as unknown as NetworkPolicy;
  const guard = new RequestGuard(policy, RELAY, { mainFrameId: () => 'main', url: () => 'http://site.test/' });
  await guard.watch(session as unknown as CDPSession, 'page');
  const answers = (method: string) => sent.filter((call) => call.method === method).map((call) => call.params);
  const challenge = (requestId: string, source: 'Proxy' | 'Server', origin: string) =>
    session.emit('Fetch.authRequired', { requestId, request: { url: 'http://site.test/' }, frameId: 'main', resourceType: 'Document', authChallenge: { source, origin, scheme: 'basic', realm: 'r' } });
  const pause = (requestId: string, url: string, resourceType = 'Document', frameId = 'main') =>
    session.emit('Fetch.requestPaused', { requestId, request: { url, headers: {} }, frameId, resourceType });
  return { guard, sent, answers, challenge, pause };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestGuard', () => {
  it("intercepts every request of the session and takes its authentication challenges", async () => {
    const { sent } = await guarded();
    expect(sent).toEqual([{ method: 'Fetch.enable', params: { handleAuthRequests: true, patterns: [{ urlPattern: '*' }] } }]);
  });

  it("gives the slot's credentials to the relay's own challenge once a request, and cancels every other challenge", async () => {
    const { challenge, answers } = await guarded();
    challenge('r1', 'Proxy', RELAY.url);
    challenge('r1', 'Proxy', RELAY.url); // refused: the relay asks again
    challenge('r2', 'Server', 'http://site.test'); // the target's WWW-Authenticate
    challenge('r3', 'Server', RELAY.url);
    challenge('r4', 'Proxy', 'http://127.0.0.1:40002'); // another proxy than the slot's
    expect(answers('Fetch.continueWithAuth')).toEqual([
      { requestId: 'r1', authChallengeResponse: { response: 'ProvideCredentials', username: 'slot0', password: 'secret' } },
      { requestId: 'r1', authChallengeResponse: { response: 'CancelAuth' } },
      { requestId: 'r2', authChallengeResponse: { response: 'CancelAuth' } },
      { requestId: 'r3', authChallengeResponse: { response: 'CancelAuth' } },
      { requestId: 'r4', authChallengeResponse: { response: 'CancelAuth' } },
    ]);
  });

  it('refuses what the policy refuses, records the main document refused, and refuses everything outside a job', async () => {
    const { guard, pause, answers } = await guarded();
    pause('before', 'http://site.test/');
    await settle();
    const job = guard.begin({ checkPolicy: true, blockScripts: true, blockImages: false, adblock: null }, new JobFootprint());
    pause('ok', 'http://site.test/');
    pause('script', 'http://site.test/app.js', 'Script');
    pause('private', 'http://10.0.0.1/', 'Document');
    await settle();
    job.closed = true;
    pause('after', 'http://site.test/late', 'XHR');
    await settle();
    expect(answers('Fetch.continueRequest')).toEqual([{ requestId: 'ok' }]);
    expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['before', 'script', 'private', 'after']);
    expect([job.blockedNavigation, job.takeBlocked()]).toEqual(['private address', { url: 'http://10.0.0.1/', reason: 'private address' }]);
  });
});
