import { testEnv } from './env.js';

/** Samples of a Prometheus text answer, keyed `name{label="value",...}` with labels sorted by name. */
export type Samples = ReadonlyMap<string, number>;

function sampleKey(name: string, labels: string | undefined): string {
  if (!labels) return name;
  const pairs = [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => `${key}="${value}"`).sort();
  return `${name}{${pairs.join(',')}}`;
}

export function parseSamples(text: string): Samples {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match) samples.set(sampleKey(match[1], match[2]), Number(match[3]));
  }
  return samples;
}

/** GET /metrics of a process with the admin token; throws on anything but 200. */
export async function scrape(baseUrl = testEnv().baseUrl): Promise<Samples> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${testEnv().adminToken}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: ${text}`);
  return parseSamples(text);
}

/** A sample's value, 0 when the series does not exist yet (a counter never incremented). */
export function value(samples: Samples, key: string): number {
  return samples.get(key) ?? 0;
}

/** Polls until `done` holds for a fresh scrape, or throws after `ms`. */
export async function scrapeUntil(done: (samples: Samples) => boolean, ms = 20_000, baseUrl?: string): Promise<Samples> {
  const until = Date.now() + ms;
  for (;;) {
    const samples = await scrape(baseUrl);
    if (done(samples)) return samples;
    if (Date.now() > until) throw new Error('the metrics did not reach the expected values in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
