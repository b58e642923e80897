import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Job as BullJob, Queue } from 'bull';
import type { Redis } from 'ioredis';
import { closeServer } from '../../../test/fixtures/close-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fixtures/webhook-receiver.js';
import { loadConfig } from '../../config/app-config.js';
import { NetworkPolicy, type HostResolver } from '../../infra/network/network-policy.js';
import type { WebhookPayload } from '../../infra/queue/queue.constants.js';
import { DEFER_MS, DELIVERY_TURNS, DeliveryDeferred, webhookBackoff } from '../../infra/queue/webhook-retry.js';
import type { OrganizationRepository } from '../auth/organization.repository.js';
import type { WebhookBacklog } from './webhook-backlog.js';
import type { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSender } from './webhook-sender.service.js';

const STRICT = { ALLOW_PRIVATE_TARGETS: 'false' };
const LIFTED = { ALLOW_PRIVATE_TARGETS: 'true' };
const BODY = '{"event":"job.finished"}';

function sender(env: Record<string, string>, resolver?: HostResolver, webhookSecret: string | null = 'whsec_test', redis = {} as Redis,
  backlog = {} as WebhookBacklog, outbox = {} as WebhookOutbox): WebhookSender {
  const config = loadConfig(env);
  const organizations = { getById: async () => ({ webhookSecret }) } as unknown as OrganizationRepository;
  // No page event of these was dropped while in flight, unless the double says so.
  const withDrops = Object.assign({ droppedInFlight: async () => false }, backlog) as unknown as WebhookBacklog;
  return new WebhookSender(config, {} as Queue<WebhookPayload>, organizations, new NetworkPolicy(config, resolver), redis, withDrops, outbox);
}

const delivery = (url: string): WebhookPayload => ({ deliveryId: 'dlv_test', organizationId: 'org1', url, body: BODY });

async function listen(server: Server | ReturnType<typeof createTlsServer>): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('WebhookSender: the address connected to is the address the network policy checked', () => {
  let receiver: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    port = new URL(receiver.url).port;
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('checks a name once per attempt, at connect time, and connects to that answer only (DNS rebinding)', async () => {
    // The name answered a public address when the API accepted the webhook; it answers 127.0.0.1 now.
    const asked: string[] = [];
    const rebound: HostResolver = async (host) => {
      asked.push(host);
      return ['127.0.0.1'];
    };
    const attempt = sender(STRICT, rebound).send(delivery(`http://rebind.example:${port}/rebind`), 1);
    await expect(attempt).rejects.toThrow(/^rebind\.example resolves to a non-public address\.$/);
    // One lookup: no earlier check whose answer could differ from the one the socket uses.
    expect(asked).toEqual(['rebind.example']);
    expect(receiver.deliveries.filter((entry) => entry.path === '/rebind')).toHaveLength(0);
  });

  it('never signs with an empty key: without a secret nothing is sent, and nothing is retried', async () => {
    await expect(sender(LIFTED, undefined, null).send(delivery(`${receiver.url}/unsigned`), 1)).resolves.toBeUndefined();
    await expect(sender(LIFTED, undefined, '').send(delivery(`${receiver.url}/unsigned`), 1)).resolves.toBeUndefined();
    expect(receiver.deliveries.filter((entry) => entry.path === '/unsigned')).toHaveLength(0);
  });

  it('refuses a private address before connecting', async () => {
    await expect(sender(STRICT).send(delivery(`${receiver.url}/literal`), 1)).rejects.toThrow(/^127\.0\.0\.1 is not a public address\.$/);
    expect(receiver.deliveries.filter((entry) => entry.path === '/literal')).toHaveLength(0);
  });

  it('delivers to a name under ALLOW_PRIVATE_TARGETS, signed, with the delivery id', async () => {
    await sender(LIFTED).send(delivery(`http://localhost:${port}/lifted`), 1);
    const [received] = await receiver.waitFor('/lifted', 1);
    expect(received.body).toBe(BODY);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['user-agent']).toBe('Crawlgate-Webhook/1');
    expect(received.headers['x-crawlgate-delivery']).toBe('dlv_test');
    expect(received.headers['x-crawlgate-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});

describe('WebhookSender: redirects and TLS', () => {
  it('does not follow a redirect: the 3xx is a failed attempt and its Location sees no request', async () => {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(307, { location: '/landed' }).end();
    });
    const redirecting = await listen(server);
    try {
      await expect(sender(LIFTED).send(delivery(`http://127.0.0.1:${redirecting}/moved`), 1)).rejects.toThrow('the receiver answered 307');
      expect(paths).toEqual(['/moved']);
    } finally {
      await closeServer(server);
    }
  });

  it('sends the host name, not the address, as the TLS server name over https', async () => {
    const names: string[] = [];
    // No certificate: the handshake stops after the client hello, which is all this test reads.
    const server = createTlsServer({ SNICallback: (name, done) => (names.push(name), done(new Error('no certificate'))) });
    server.on('tlsClientError', () => undefined);
    const tlsPort = await listen(server);
    try {
      await expect(sender(LIFTED).send(delivery(`https://localhost:${tlsPort}/tls`), 1)).rejects.toThrow();
      expect(names).toEqual(['localhost']);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe('WebhookSender: a failed attempt', () => {
  it('is what Bull hears even when its count cannot be written (Redis gone meanwhile): never a plain error read as given up', async () => {
    // The lease is taken and dropped; the job's own update fails as Redis would.
    const redis = { eval: async () => 1 } as unknown as Redis;
    const job = {
      id: 7, attemptsMade: 0, data: delivery('http://127.0.0.1:9/refused'),
      update: async () => { throw new Error('Connection is closed.'); },
    } as unknown as BullJob<WebhookPayload>;
    const backlog = { droppedInFlight: async () => false } as unknown as WebhookBacklog;
    await expect(sender(STRICT, undefined, 'whsec_test', redis, backlog).sendInTurn(job)).rejects.toMatchObject({
      name: 'DeliveryFailed', message: '127.0.0.1 is not a public address.', failures: 1,
    });
  });
});

describe('WebhookSender: bookkeeping that fails is no failed send', () => {
  const redisDown = async () => { throw new Error('Connection is closed.'); };
  const turn = (data: WebhookPayload, attemptsMade = 0) => ({ id: 'webhook:j1', attemptsMade, opts: { attempts: DELIVERY_TURNS }, data }) as unknown as BullJob<WebhookPayload>;
  const deferredByBackoff = (error: unknown) => {
    const delay = webhookBackoff(1000)(1, error as Error);
    return delay >= DEFER_MS && delay < 2 * DEFER_MS;
  };

  it('defers, spending no attempt, when the deliveries it follows cannot be read', async () => {
    const backlog = { pendingWith: redisDown } as unknown as WebhookBacklog;
    const attempt = sender(LIFTED, undefined, 'whsec_test', { zrem: async () => 0 } as unknown as Redis, backlog)
      .sendInTurn(turn({ ...delivery('http://127.0.0.1:9/after'), after: 'webhook:crawl1:page:' }));
    const error = await attempt.then(() => null, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DeliveryDeferred);
    expect((error as Error).message).toBe('its turn could not be checked: Connection is closed.');
    expect(deferredByBackoff(error)).toBe(true);
  });

  it('defers, spending no attempt, when the lease cannot be taken, and lets go of a lease the lost answer may have taken', async () => {
    const dropped: string[] = [];
    const redis = { eval: redisDown, zrem: async (key: string, holder: string) => (dropped.push(`${key} ${holder}`), 1) } as unknown as Redis;
    const error = await sender(LIFTED, undefined, 'whsec_test', redis).sendInTurn(turn(delivery('http://127.0.0.1:9/lease'), 3)).then(() => null, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DeliveryDeferred);
    expect(deferredByBackoff(error)).toBe(true);
    expect(dropped).toEqual(['crawlgate:webhook-senders:org1 webhook:j1:3']);
  });

  it('answers a delivered webhook as delivered when settling it fails afterwards', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const redis = { eval: async () => 1, zrem: async () => 1 } as unknown as Redis;
      const backlog = { settle: redisDown } as unknown as WebhookBacklog;
      await expect(sender(LIFTED, undefined, 'whsec_test', redis, backlog).sendInTurn(turn(delivery(`${receiver.url}/settle-fails`)))).resolves.toBeUndefined();
      expect(receiver.deliveries.filter((entry) => entry.path === '/settle-fails')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('gives up, unsent and settled, a page event dropped while an earlier turn of it held its lock', async () => {
    const settled: string[] = [];
    const backlog = {
      droppedInFlight: async (id: string) => id === 'webhook:j1:page:3',
      settle: async (organizationId: string, id: string) => void settled.push(`backlog ${organizationId} ${id}`),
    } as unknown as WebhookBacklog;
    const outbox = { settle: async (id: string) => void settled.push(`outbox ${id}`) } as unknown as WebhookOutbox;
    // No lease, no receiver: a send would fail on the empty Redis double.
    const page = { ...turn(delivery('http://127.0.0.1:9/never')), id: 'webhook:j1:page:3' } as unknown as BullJob<WebhookPayload>;
    await expect(sender(LIFTED, undefined, 'whsec_test', {} as Redis, backlog, outbox).sendInTurn(page)).resolves.toBeUndefined();
    expect(settled).toEqual(['backlog org1 webhook:j1:page:3', 'outbox webhook:j1:page:3']);
  });

  it('logs a page event deferred DELIVERY_TURNS times as given up, and settles it; a deferral before that is silent', async () => {
    const settled: string[] = [];
    const backlog = { settle: async (organizationId: string, id: string) => void settled.push(`backlog ${organizationId} ${id}`) } as unknown as WebhookBacklog;
    const outbox = { settle: async (id: string) => void settled.push(`outbox ${id}`) } as unknown as WebhookOutbox;
    const subject = sender(LIFTED, undefined, 'whsec_test', {} as Redis, backlog, outbox);
    const warn = jest.spyOn((subject as unknown as { logger: { warn: (...args: unknown[]) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const deferred = new DeliveryDeferred('the organization has its share of deliveries in flight');
    const pageTurn = (turns: number) => ({ ...turn(delivery('https://receiver.example/hook?token=secret'), turns), id: 'webhook:j1:page:3' }) as unknown as BullJob<WebhookPayload>;
    subject.turnFailed(pageTurn(DELIVERY_TURNS - 1), deferred);
    expect(warn).not.toHaveBeenCalled();
    subject.turnFailed(pageTurn(DELIVERY_TURNS), deferred);
    expect(warn.mock.calls).toEqual([[
      { deliveryId: 'dlv_test', url: 'https://receiver.example/hook?[redacted]', turns: DELIVERY_TURNS, reason: 'the organization has its share of deliveries in flight' },
      'webhook given up: deferred too many times',
    ]]);
    await new Promise((done) => setImmediate(done));
    expect(settled).toEqual(['backlog org1 webhook:j1:page:3', 'outbox webhook:j1:page:3']);
  });

  it('parks a job.finished deferred DELIVERY_TURNS times, never gives it up: the backlog owes it again and takes it out of Bull (webhook-backlog.ts)', async () => {
    const steps: string[] = [];
    const backlog = { park: async (organizationId: string, job: BullJob<WebhookPayload>) => void steps.push(`park ${organizationId} ${job.id}`) } as unknown as WebhookBacklog;
    const outbox = { settle: async (id: string) => void steps.push(`outbox ${id}`) } as unknown as WebhookOutbox;
    const subject = sender(LIFTED, undefined, 'whsec_test', {} as Redis, backlog, outbox);
    const warn = jest.spyOn((subject as unknown as { logger: { warn: (...args: unknown[]) => void } }).logger, 'warn').mockImplementation(() => undefined);
    subject.turnFailed(turn(delivery('https://receiver.example/hook'), DELIVERY_TURNS), new DeliveryDeferred('the organization has its share of deliveries in flight'));
    await new Promise((done) => setImmediate(done));
    expect(steps).toEqual(['park org1 webhook:j1']);
    expect(warn.mock.calls.map(([, message]) => message)).toEqual(['webhook parked until the owed-webhooks sweep: deferred too many times']);
  });
});
