import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { CDPSession } from 'puppeteer';
import type { NetworkPolicy } from '../network/network-policy.js';
import { JobFootprint } from './job-footprint.js';
import { RequestGuard } from './request-guard.js';

const RELAY = { url: 'http://127.0.0.1:40001', credentials: { username: 'slot0', password: 'secret' }, receivedBytes: () => 0 };

/** A tab session that records what the guard sends, and lets the test emit Fetch events. */
async function guarded(replies: Record<string, () => unknown> = {}) {
  const sent: Array<{ method: string; params: Record<string, unknown> }> = [];
  const session = Object.assign(new EventEmitter(), {
    send: async (method: string, params: Record<string, unknown> = {}) => {
      sent.push({ method, params });
      return replies[method]?.() ?? {};
    },
  });
  const policy = { checkDuringCrawl: async (url: string) => (url.includes('10.0.0.1') ? 'private address' : null) } as unknown as NetworkPolicy;
  const guard = new RequestGuard(policy, RELAY, { mainFrameId: () => 'main', url: () => 'http://site.test/' });
  await guard.watch(session as unknown as CDPSession, 'page');
  const answers = (method: string) => sent.filter((call) => call.method === method).map((call) => call.params);
  const challenge = (requestId: string, source: 'Proxy' | 'Server', origin: string) =>
    session.emit('Fetch.authRequired', { requestId, request: { url: 'http://site.test/' }, frameId: 'main', resourceType: 'Document', authChallenge: { source, origin, scheme: 'basic', realm: 'r' } });
  const pause = (requestId: string, url: string, resourceType = 'Document', frameId = 'main', headers: Record<string, string> = {}) =>
    session.emit('Fetch.requestPaused', { requestId, request: { url, headers }, frameId, resourceType });
  const respond = (requestId: string, contentType: string, frameId = 'main', responseStatusCode = 200) =>
    session.emit('Fetch.requestPaused', {
      requestId, request: { url: 'http://site.test/doc', headers: {} }, frameId, resourceType: 'Document', responseStatusCode,
      responseHeaders: [{ name: 'Content-Type', value: contentType }, { name: 'Content-Length', value: '9' }],
    });
  return { guard, session, sent, answers, challenge, pause, respond };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestGuard', () => {
  it("intercepts every request of the session and takes its authentication challenges", async () => {
    const { sent } = await guarded();
    const responses = { urlPattern: '*', resourceType: 'Document', requestStage: 'Response' };
    expect(sent).toEqual([{ method: 'Fetch.enable', params: { handleAuthRequests: true, patterns: [{ urlPattern: '*' }, responses] } }]);
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
    expect(answers('Fetch.continueRequest').map(({ requestId }) => requestId)).toEqual(['ok']);
    expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['before', 'script', 'private', 'after']);
    expect([job.blockedNavigation, job.takeBlocked()]).toEqual(['private address', { url: 'http://10.0.0.1/', reason: 'private address' }]);
  });

  it("holds the main document to the job's NavigationRule before the policy, policy off too (a site crawl's bounds, decisions.md 9.1)", async () => {
    const { guard, pause, answers } = await guarded();
    const navigation = (url: string) => (url.includes('/blocked') ? 'robots' : url.startsWith('http://other.test') ? 'scope' : null);
    const job = guard.begin({ checkPolicy: false, blockScripts: false, blockImages: false, adblock: null, navigation }, new JobFootprint());
    pause('page', 'http://site.test/a');
    pause('hop', 'http://site.test/blocked/page');
    pause('next', 'http://other.test/');
    pause('frame', 'http://other.test/frame', 'Document', 'child');
    pause('asset', 'http://other.test/x.css', 'Stylesheet');
    await settle();
    expect(answers('Fetch.continueRequest').map(({ requestId }) => requestId)).toEqual(['page', 'frame', 'asset']);
    expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['hop', 'next']);
    expect([job.refusedNavigation, job.blockedNavigation, job.takeBlocked()]).toEqual([{ url: 'http://site.test/blocked/page', reason: 'robots' }, null, null]);
  });

  it('fails a refused sub-resource (an image, a fetch, a frame) alone: the request never leaves, the job is not told', async () => {
    const { guard, pause, answers } = await guarded();
    const job = guard.begin({ checkPolicy: true, blockScripts: false, blockImages: false, adblock: null }, new JobFootprint());
    pause('img', 'http://10.0.0.1/x.png', 'Image');
    pause('xhr', 'http://10.0.0.1/api', 'XHR');
    pause('frame', 'http://10.0.0.1/', 'Document', 'child');
    pause('ok', 'http://site.test/');
    await settle();
    expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['img', 'xhr', 'frame']);
    expect(answers('Fetch.continueRequest').map(({ requestId }) => requestId)).toEqual(['ok']);
    expect([job.blockedNavigation, job.takeBlocked()]).toEqual([null, null]);
  });

  it('continues a document (main or a frame) with the headers of a reload, its own kept (decisions 9.7); an asset as it is', async () => {
    const { guard, pause, answers } = await guarded();
    guard.begin({ checkPolicy: true, blockScripts: false, blockImages: false, adblock: null }, new JobFootprint());
    pause('doc', 'http://site.test/', 'Document', 'main', { Accept: 'text/html', 'cache-control': 'max-age=0' });
    pause('frame', 'http://site.test/frame', 'Document', 'child');
    pause('css', 'http://site.test/a.css', 'Stylesheet', 'main', { Accept: 'text/css' });
    await settle();
    const anew = [{ name: 'Cache-Control', value: 'no-cache' }, { name: 'Pragma', value: 'no-cache' }];
    expect(answers('Fetch.continueRequest')).toEqual([
      { requestId: 'doc', headers: [{ name: 'Accept', value: 'text/html' }, ...anew] },
      { requestId: 'frame', headers: anew },
      { requestId: 'css' },
    ]);
  });

  it('refuses a main document whose Content-Length passes pageMaxBytes at its response (js=false), and nothing else', async () => {
    const { guard, session, answers } = await guarded();
    const job = guard.begin({ checkPolicy: false, blockScripts: true, blockImages: false, adblock: null, pageMaxBytes: 100 }, new JobFootprint());
    const response = (requestId: string, length: string, frameId = 'main', responseStatusCode = 200) =>
      session.emit('Fetch.requestPaused', {
        requestId, request: { url: 'http://site.test/doc', headers: {} }, frameId, resourceType: 'Document', responseStatusCode,
        responseHeaders: [{ name: 'Content-Type', value: 'text/html' }, { name: 'Content-Length', value: length }],
      });
    response('small', '100');
    response('moved', '5000', 'main', 302);
    response('frame', '5000', 'child');
    response('big', '101');
    await settle();
    expect(answers('Fetch.continueRequest').map(({ requestId }) => requestId)).toEqual(['small', 'moved', 'frame']);
    expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['big']);
    expect(job.oversizedDocument).toEqual({ length: 101, maxBytes: 100 });
  });

  describe('documents (decisions.md 9.5)', () => {
    const RULES = { checkPolicy: true, blockScripts: false, blockImages: false, adblock: null };
    const chunks = (...bodies: string[]) => {
      let next = 0;
      return () => ({ data: Buffer.from(bodies[next]).toString('base64'), base64Encoded: true, eof: ++next === bodies.length });
    };
    const stream = () => ({ stream: 'body' });

    it("takes a main document's PDF from its response, bounded, and shows the tab an empty page with the target's status", async () => {
      const { guard, respond, answers } = await guarded({ 'Fetch.takeResponseBodyAsStream': stream, 'IO.read': chunks('%PDF-1.7 ', 'rest') });
      const job = guard.begin({ ...RULES, documents: { pdf: 100, download: 100 } }, new JobFootprint());
      respond('doc', 'application/pdf', 'main', 203);
      await settle();
      await settle();
      expect(Buffer.from((job.document as { bytes: Uint8Array }).bytes).toString()).toBe('%PDF-1.7 rest');
      const [fulfilled] = answers('Fetch.fulfillRequest');
      expect({ ...fulfilled, body: Buffer.from(fulfilled.body as string, 'base64').toString() }).toEqual({
        requestId: 'doc', responseCode: 203, responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
        body: '<!doctype html><html><head><title>Document</title></head><body></body></html>',
      });
      expect(answers('IO.close')).toEqual([{ handle: 'body' }]);
    });

    it('stops reading past the cap, and notes the document too large', async () => {
      const { guard, respond, answers } = await guarded({ 'Fetch.takeResponseBodyAsStream': stream, 'IO.read': chunks('%PDF-'.padEnd(60), 'x'.repeat(60), 'never read') });
      const job = guard.begin({ ...RULES, documents: { pdf: 100, download: 100 } }, new JobFootprint());
      respond('doc', 'application/pdf');
      for (let i = 0; i < 4; i += 1) await settle();
      expect(job.document).toEqual({ kind: 'pdf', tooLarge: true });
      expect(answers('IO.read')).toHaveLength(2);
    });

    it('hands a vaguely typed body that is not a PDF back to the tab as it came', async () => {
      const { guard, respond, answers } = await guarded({ 'Fetch.takeResponseBodyAsStream': stream, 'IO.read': chunks('plain text') });
      const job = guard.begin({ ...RULES, documents: { pdf: 100, download: 100 } }, new JobFootprint());
      respond('doc', 'application/octet-stream');
      for (let i = 0; i < 3; i += 1) await settle();
      expect(job.document).toBeNull();
      const [fulfilled] = answers('Fetch.fulfillRequest');
      expect({ ...fulfilled, body: Buffer.from(fulfilled.body as string, 'base64').toString() }).toEqual({
        requestId: 'doc', responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'application/octet-stream' }], body: 'plain text',
      });
    });

    it("reads the answer of the job's own navigation that a browser would save, whatever its type, and shows the tab an empty page", async () => {
      const { guard, session, answers } = await guarded({ 'Fetch.takeResponseBodyAsStream': stream, 'IO.read': chunks('<h1>x</h1>') });
      const job = guard.begin({ ...RULES, documents: { pdf: 100, download: 100 } }, new JobFootprint());
      job.awaitingDocument = true;
      const responseHeaders = [{ name: 'Content-Type', value: 'text/html' }, { name: 'Content-Disposition', value: 'attachment; filename="x.html"' }];
      const emit = (requestId: string, responseStatusCode: number) =>
        session.emit('Fetch.requestPaused', { requestId, request: { url: 'http://site.test/x', headers: {} }, frameId: 'main', resourceType: 'Document', responseStatusCode, responseHeaders });
      emit('moved', 302);
      emit('saved', 404);
      for (let i = 0; i < 3; i += 1) await settle();
      expect(job.document).toEqual({ kind: 'download', bytes: new Uint8Array(Buffer.from('<h1>x</h1>')), headers: { 'content-type': 'text/html', 'content-disposition': 'attachment; filename="x.html"' } });
      expect(answers('Fetch.continueRequest')).toEqual([{ requestId: 'moved' }]);
      expect(answers('Fetch.fulfillRequest').map(({ requestId, responseCode }) => [requestId, responseCode])).toEqual([['saved', 404]]);
      // Answered: a later download (a click, a refresh) is the browser's, which leaves the page as it was.
      emit('later', 200);
      await settle();
      expect(answers('Fetch.continueRequest')).toEqual([{ requestId: 'moved' }, { requestId: 'later' }]);
    });

    it('refuses a download whose Content-Length passes every cap at its response, naming MAX_PAGE_BYTES', async () => {
      const { guard, respond, answers } = await guarded();
      const job = guard.begin({ ...RULES, documents: { pdf: 4, download: 8 } }, new JobFootprint());
      job.awaitingDocument = true;
      respond('doc', 'application/zip');
      await settle();
      expect(answers('Fetch.failRequest').map(({ requestId }) => requestId)).toEqual(['doc']);
      expect(job.oversizedDocument).toEqual({ length: 9, maxBytes: 8 });
    });

    it("lets other responses through: HTML, a frame's PDF, and any PDF when the job reads no documents", async () => {
      const { guard, respond, answers } = await guarded();
      guard.begin({ ...RULES, documents: { pdf: 100, download: 100 } }, new JobFootprint());
      respond('html', 'text/html; charset=utf-8');
      respond('frame', 'application/pdf', 'child');
      await settle();
      guard.begin(RULES, new JobFootprint());
      respond('unread', 'application/pdf');
      await settle();
      expect(answers('Fetch.continueRequest')).toEqual([{ requestId: 'html' }, { requestId: 'frame' }, { requestId: 'unread' }]);
      expect(answers('Fetch.takeResponseBodyAsStream')).toEqual([]);
    });
  });
});
