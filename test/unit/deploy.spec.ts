import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from '@jest/globals';
import { parseAllDocuments, parseDocument } from 'yaml';
import { shutdownDrainMs } from '../../src/config/app-config.js';

// Offline checks of docker/ and k8s/ against the code: no engine, no cluster.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');

type Env = { name: string; value?: string };
type Probe = { httpGet?: { path?: string; port?: number | string } };
type Resources = { requests?: Record<string, string>; limits?: Record<string, string> };
type Container = {
  name: string;
  image?: string;
  env?: Env[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: Resources;
  volumeMounts?: { name: string; mountPath: string }[];
};
type PodSpec = {
  containers: Container[];
  volumes?: { name: string; emptyDir?: { medium?: string } }[];
  securityContext?: { runAsNonRoot?: boolean };
  terminationGracePeriodSeconds?: number;
};
type Manifest = {
  file: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  resources?: string[];
};
type ComposeService = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
};

const k8sFiles = readdirSync(`${ROOT}k8s`).filter((file) => /\.ya?ml$/.test(file)).sort();
const parseErrors: string[] = [];

function loadManifests(): Manifest[] {
  return k8sFiles.flatMap((file) =>
    parseAllDocuments(read(`k8s/${file}`)).map((doc) => {
      parseErrors.push(...doc.errors.map((error) => `k8s/${file}: ${error.message}`));
      return { ...(doc.toJS() as Omit<Manifest, 'file'>), file };
    }),
  );
}

function loadCompose(): { services: Record<string, ComposeService> } {
  // Compose files use `<<: *anchor` merge keys.
  const doc = parseDocument(read('docker/compose.yaml'), { merge: true });
  parseErrors.push(...doc.errors.map((error) => `docker/compose.yaml: ${error.message}`));
  return doc.toJS() as { services: Record<string, ComposeService> };
}

const manifests = loadManifests();
const compose = loadCompose();
const dockerfile = read('docker/Dockerfile');
/** Property names of EnvSchema: the environment variables the code reads. */
const envNames = new Set([...read('src/config/env.schema.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]*)\??:/gm)].map((m) => m[1]));

const ofKind = (kind: string): Manifest[] => manifests.filter((m) => m.kind === kind);
const podSpec = (deployment: Manifest): PodSpec => (deployment.spec as { template: { spec: PodSpec } }).template.spec;
const deployment = (name: string): Manifest => {
  const found = ofKind('Deployment').find((m) => m.metadata.name === name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found;
};
/** Every environment variable name a Deployment's containers get, from ConfigMaps, Secrets and inline. */
function keysOf(name: string): string[] {
  const from = podSpec(deployment(name)).containers.flatMap((c) => c.envFrom ?? []);
  const names = new Set(from.map((ref) => (ref.configMapRef ?? ref.secretRef)?.name));
  const sources = [...ofKind('ConfigMap'), ...ofKind('Secret')].filter((m) => names.has(m.metadata.name));
  const inline = podSpec(deployment(name)).containers.flatMap((c) => (c.env ?? []).map((e) => e.name));
  return [...sources.flatMap((m) => Object.keys({ ...m.data, ...m.stringData })), ...inline];
}
const roleOf = (container: Container): string | undefined => container.env?.find((e) => e.name === 'ROLE')?.value;
const crawlgateServices = (): [string, ComposeService][] =>
  Object.entries(compose.services).filter(([, service]) => service.image?.startsWith('crawlgate') || service.build);

/** Every env name the manifests and compose hand to the app: container env, ConfigMap and Secret keys. */
function envNamesUsed(): { where: string; name: string }[] {
  const used: { where: string; name: string }[] = [];
  for (const m of ofKind('Deployment')) {
    for (const c of podSpec(m).containers) for (const e of c.env ?? []) used.push({ where: `${m.file} ${c.name}`, name: e.name });
  }
  for (const m of [...ofKind('ConfigMap'), ...ofKind('Secret')]) {
    for (const key of Object.keys({ ...m.data, ...m.stringData })) used.push({ where: m.file, name: key });
  }
  for (const [name, service] of crawlgateServices()) {
    for (const key of Object.keys(service.environment ?? {})) used.push({ where: `compose ${name}`, name: key });
  }
  return used;
}

describe('deployment files parse', () => {
  it('parses every YAML under k8s/ and docker/compose.yaml', () => {
    expect(parseErrors).toEqual([]);
  });

  it('finds the env schema and every manifest', () => {
    expect(envNames.size).toBeGreaterThan(20);
    expect(['PORT', 'ROLE', 'DATABASE_URL', 'REDIS_URL', 'CHAT_TIMEOUT_MS'].every((name) => envNames.has(name))).toBe(true);
    expect(ofKind('Deployment').map((m) => m.metadata.name).sort()).toEqual(['crawlgate-api', 'crawlgate-worker']);
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mysql', 'redis', 'worker']);
  });

  it('lists every manifest but the example Secret, the PodMonitor (it needs the operator) and the migration Job (its template cannot change in place) in the kustomization', () => {
    const [kustomization] = ofKind('Kustomization');
    const expected = k8sFiles.filter((file) => !['kustomization.yaml', 'secret.example.yaml', 'podmonitor.yaml', 'migrate-job.yaml'].includes(file));
    expect([...(kustomization.resources ?? [])].sort()).toEqual(expected);
  });
});

describe('Deployments', () => {
  it.each(['crawlgate-api', 'crawlgate-worker'])('%s: image, probes, requests and limits on every container', (name) => {
    const spec = podSpec(deployment(name));
    expect(spec.securityContext?.runAsNonRoot).toBe(true);
    for (const c of spec.containers) {
      expect(c.image).toMatch(/^\S+:\S+$/);
      expect(c.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(c.readinessProbe?.httpGet?.path).toBe('/health/ready');
      for (const kind of ['requests', 'limits'] as const) {
        expect(Object.keys(c.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('sets ROLE to the role each Deployment is named for, and nowhere else', () => {
    expect(podSpec(deployment('crawlgate-api')).containers.map(roleOf)).toEqual(['api']);
    expect(podSpec(deployment('crawlgate-worker')).containers.map(roleOf)).toEqual(['worker']);
    for (const m of [...ofKind('ConfigMap'), ...ofKind('Secret')]) expect(Object.keys({ ...m.data, ...m.stringData })).not.toContain('ROLE');
  });

  it('refers only to the ConfigMap and Secret defined under k8s/', () => {
    const defined = new Set([...ofKind('ConfigMap'), ...ofKind('Secret')].map((m) => m.metadata.name));
    const refs = ofKind('Deployment').flatMap((m) =>
      podSpec(m).containers.flatMap((c) => (c.envFrom ?? []).map((from) => (from.configMapRef ?? from.secretRef)?.name)),
    );
    expect(refs.length).toBe(5);
    for (const ref of refs) expect(defined.has(ref ?? '')).toBe(true);
  });

  it('keeps ADMIN_TOKEN out of the worker: only the API loads the Secret that holds it', () => {
    expect(keysOf('crawlgate-worker')).not.toContain('ADMIN_TOKEN');
    expect(keysOf('crawlgate-worker')).toEqual(expect.arrayContaining(['DATABASE_URL', 'PROXY_STANDARD', 'PROXY_PREMIUM', 'LLM_API_KEY']));
    expect(keysOf('crawlgate-api')).toContain('ADMIN_TOKEN');
  });

  it('gives ADMIN_TOKEN to the compose API service only', () => {
    expect(Object.keys(compose.services.worker.environment ?? {})).not.toContain('ADMIN_TOKEN');
    expect(Object.keys(compose.services.api.environment ?? {})).toContain('ADMIN_TOKEN');
  });

  it('gives the worker a memory /dev/shm and a grace period longer than the longest job', () => {
    const spec = podSpec(deployment('crawlgate-worker'));
    const mount = spec.containers[0].volumeMounts?.find((v) => v.mountPath === '/dev/shm');
    expect(spec.volumes?.find((v) => v.name === mount?.name)?.emptyDir?.medium).toBe('Memory');
    const [config] = ofKind('ConfigMap');
    const drainMs = shutdownDrainMs(Number(config.data?.JOB_TIMEOUT_MS), Number(config.data?.CHAT_TIMEOUT_MS));
    expect((spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(drainMs);
  });

  it("gives compose's worker a stop grace past its drain and the API one past the synchronous wait (Docker's default is 10 s)", () => {
    const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1] ?? 10);
    expect(seconds(compose.services.worker.stop_grace_period) * 1000).toBeGreaterThan(shutdownDrainMs(90_000, 150_000));
    expect(seconds(compose.services.api.stop_grace_period) * 1000).toBeGreaterThan(30_000);
  });
});

describe('the migration Job', () => {
  const [job] = ofKind('Job');
  const spec = podSpec(job);
  const [container] = spec.containers as Array<Container & { args?: string[]; command?: string[] }>;

  it('runs the CLI\'s db:migrate (a command the CLI has) once, in the Deployments\' image, non-root, with no ROLE', async () => {
    expect(job.metadata.name).toBe('crawlgate-migrate');
    expect(container.command).toBeUndefined(); // the image's tini entrypoint stays
    expect(container.args).toEqual(['node', 'dist/cli.js', 'db:migrate']);
    const { COMMANDS } = await import('../../src/cli/commands.js');
    expect(Object.keys(COMMANDS)).toContain('db:migrate');
    expect(container.image).toBe(podSpec(deployment('crawlgate-api')).containers[0].image);
    expect(spec.securityContext?.runAsNonRoot).toBe(true);
    expect((spec as PodSpec & { restartPolicy?: string }).restartPolicy).toBe('Never');
    expect(roleOf(container)).toBeUndefined();
  });

  it('reads the database from the same ConfigMap and Secret as the pods, and never the admin token', () => {
    const names = (container.envFrom ?? []).map((from) => (from.configMapRef ?? from.secretRef)?.name);
    expect(names).toEqual(['crawlgate-config', 'crawlgate-secrets']);
    const secret = ofKind('Secret').find((m) => m.metadata.name === 'crawlgate-secrets');
    expect(Object.keys({ ...secret?.data, ...secret?.stringData })).toEqual(expect.arrayContaining(['DATABASE_URL']));
    expect(Object.keys({ ...secret?.data, ...secret?.stringData })).not.toContain('ADMIN_TOKEN');
  });
});

describe('environment variables', () => {
  it('hands the app only variables that src/config/env.schema.ts reads', () => {
    const used = envNamesUsed();
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter(({ name }) => !envNames.has(name))).toEqual([]);
  });
});

describe('autoscaling and network policy', () => {
  it('scales the API on CPU at 70%', () => {
    const [hpa] = ofKind('HorizontalPodAutoscaler');
    const spec = hpa.spec as { scaleTargetRef: { name: string }; metrics: { resource: { name: string; target: { averageUtilization: number } } }[] };
    expect(spec.scaleTargetRef.name).toBe('crawlgate-api');
    expect(spec.metrics.map((m) => [m.resource.name, m.resource.target.averageUtilization])).toEqual([['cpu', 70]]);
  });

  it("scales workers on Bull's wait list, named as src/infra/queue names it", () => {
    const prefix = /prefix: '([^']+)'/.exec(read('src/infra/queue/queue.module.ts'))?.[1];
    const queue = /JOBS_QUEUE = '([^']+)'/.exec(read('src/infra/queue/queue.constants.ts'))?.[1];
    const [scaled] = ofKind('ScaledObject');
    const spec = scaled.spec as { scaleTargetRef: { name: string }; triggers: { type: string; metadata: Record<string, string> }[] };
    expect(spec.scaleTargetRef.name).toBe('crawlgate-worker');
    expect(spec.triggers.map((t) => [t.type, t.metadata.listName])).toEqual([['redis', `${prefix}:${queue}:wait`]]);
    expect(spec.triggers[0].metadata.address).toMatch(/^[^/:]+:\d+$/);
  });

  it('closes the workers to everything but named destinations', () => {
    const [policy] = ofKind('NetworkPolicy');
    const spec = policy.spec as {
      podSelector: { matchLabels: Record<string, string> };
      policyTypes: string[];
      ingress: { ports?: { port: number }[] }[];
      egress: { to?: { ipBlock?: { cidr: string; except?: string[] } }[]; ports?: { port: number }[] }[];
    };
    expect(spec.podSelector.matchLabels['app.kubernetes.io/component']).toBe('worker');
    expect(spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(spec.ingress.flatMap((rule) => (rule.ports ?? []).map((p) => p.port))).toEqual([3000]);
    const wide = /^0\.0\.0\.0\/0$|^::\/0$/;
    for (const rule of spec.egress) {
      expect(rule.to?.length).toBeGreaterThan(0);
      expect(rule.ports?.length).toBeGreaterThan(0);
      // The whole Internet only for webhooks: the http and https ports, never a private, link-local or loopback range.
      if (!(rule.to ?? []).some((peer) => wide.test(peer.ipBlock?.cidr ?? ''))) continue;
      expect(rule.ports?.map((p) => p.port).sort()).toEqual([443, 80]);
      for (const peer of rule.to ?? []) {
        const except = peer.ipBlock?.except ?? [];
        const needed = peer.ipBlock?.cidr === '::/0' ? ['fc00::/7', 'fe80::/10', '::1/128'] : ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8'];
        expect(except).toEqual(expect.arrayContaining(needed));
      }
    }
  });

  it('lets workers deliver webhooks to public receivers on ports 80 and 443', () => {
    const [policy] = ofKind('NetworkPolicy');
    const egress = (policy.spec as { egress: { to?: { ipBlock?: { cidr: string } }[]; ports?: { port: number }[] }[] }).egress;
    const publicRule = egress.find((rule) => (rule.to ?? []).some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
    expect(publicRule?.ports?.map((p) => p.port).sort()).toEqual([443, 80]);
  });
});

describe('metrics scraping', () => {
  type Template = { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec };
  const template = (name: string): Template => (deployment(name).spec as { template: Template }).template;
  const ports = (name: string) => (template(name).spec.containers[0] as Container & { ports?: { name: string; containerPort: number }[] }).ports ?? [];

  it.each(['crawlgate-api', 'crawlgate-worker'])('%s: pods carry the scrape annotations for their own /metrics', (name) => {
    const annotations = template(name).metadata.annotations ?? {};
    expect(annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '3000', 'prometheus.io/path': '/metrics' });
    expect(ports(name)).toEqual([{ name: 'http', containerPort: Number(annotations['prometheus.io/port']) }]);
  });

  it('has a PodMonitor that selects both Deployments and sends the scrape-only METRICS_TOKEN, which both load', () => {
    const [monitor] = ofKind('PodMonitor');
    const spec = monitor.spec as {
      selector: { matchLabels: Record<string, string> };
      podMetricsEndpoints: { port: string; path: string; authorization: { type: string; credentials: { name: string; key: string } } }[];
    };
    for (const name of ['crawlgate-api', 'crawlgate-worker']) expect(template(name).metadata.labels).toMatchObject(spec.selector.matchLabels);
    const secret = ofKind('Secret').find((m) => m.metadata.name === 'crawlgate-secrets')!;
    expect(spec.podMetricsEndpoints).toEqual([
      { port: 'http', path: '/metrics', interval: '30s', authorization: { type: 'Bearer', credentials: { name: 'crawlgate-secrets', key: 'METRICS_TOKEN' } } },
    ]);
    expect(Object.keys(secret.stringData ?? {})).toContain('METRICS_TOKEN');
    for (const name of ['crawlgate-api', 'crawlgate-worker']) expect(keysOf(name)).toContain('METRICS_TOKEN');
  });
});

describe('installs', () => {
  const installers = { 'scripts/lib/setup.sh': read('scripts/lib/setup.sh'), 'docker/Dockerfile': dockerfile, 'scripts/run.sh': read('scripts/run.sh'), 'scripts/test.sh': read('scripts/test.sh') };

  it('installs npm packages with npm ci, never falling back to npm install', () => {
    expect(read('scripts/lib/setup.sh')).toMatch(/^\s*npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm ci\s*$/m);
    for (const [file, text] of Object.entries(installers)) {
      const code = text.split('\n').filter((line) => !/^\s*#/.test(line));
      expect({ file, fallbacks: code.filter((line) => /\bnpm (install|i|add)\b|npm ci\b.*\|\|/.test(line)) }).toEqual({ file, fallbacks: [] });
    }
  });

  it('copies into the image what the code reads beside dist: config/ and the dashboard under public/', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^COPY config \.\/config$/m);
    expect(runtime).toMatch(/^COPY public \.\/public$/m);
    expect(readdirSync(`${ROOT}public/dashboard`).sort()).toEqual(['dashboard.css', 'dashboard.js', 'index.html']);
  });
});

describe('compose', () => {
  it('runs the api and two workers with their roles, after healthy dependencies', () => {
    const { api, worker, mysql, redis } = compose.services;
    expect([api.environment?.ROLE, worker.environment?.ROLE]).toEqual(['api', 'worker']);
    expect(worker.deploy?.replicas).toBe(2);
    for (const service of [api, worker]) {
      expect(service.environment?.DATABASE_URL).toMatch(/^mysql:\/\/[^/]+@mysql:3306\/\w+$/);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(Object.values(service.depends_on ?? {}).map((d) => d.condition)).toEqual(expect.arrayContaining(['service_healthy']));
      expect(Object.keys(service.depends_on ?? {})).toEqual(expect.arrayContaining(['mysql', 'redis']));
    }
    expect(mysql.healthcheck?.test.length).toBeGreaterThan(0);
    expect(redis.healthcheck?.test.length).toBeGreaterThan(0);
  });
});

describe('Dockerfile', () => {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs as a non-root user under tini', () => {
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", ?"--"\]/m);
    expect(runtime).toMatch(/^CMD \["node", ?"dist\/main\.js"\]/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/health\/live/m);
  });

  it('never lets puppeteer download a browser', () => {
    const skip = dockerfile.search(/PUPPETEER_SKIP_DOWNLOAD=true/);
    expect(skip).toBeGreaterThan(-1);
    expect(skip).toBeLessThan(dockerfile.search(/RUN npm ci/));
    expect(dockerfile).not.toMatch(/browsers install|puppeteer install/);
    expect(runtime).toMatch(/chromium-headless-shell/);
  });
});
