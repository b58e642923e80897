import { describe, expect, it, jest } from '@jest/globals';
import { ProxyProbe } from './proxy-probe.js';

describe('ProxyProbe', () => {
  it('does not keep a check that failed: its callers get the error, the next call checks again', async () => {
    const answers: Array<() => Promise<boolean>> = [() => Promise.reject(new Error('bad server URL')), () => Promise.resolve(true)];
    const checked: string[] = [];
    const probe = new ProxyProbe(60_000, (server) => {
      checked.push(server);
      return answers.shift()!();
    });
    await expect(probe.status('http://127.0.0.1:1')).rejects.toThrow('bad server URL');
    await expect(probe.status('http://127.0.0.1:1')).resolves.toMatchObject({ up: true });
    expect(checked).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:1']);
  });

  it('a check that throws at once is a rejection, not a synchronous throw', async () => {
    const probe = new ProxyProbe(60_000, () => {
      throw new TypeError('Invalid URL');
    });
    const status = probe.status('not a url');
    await expect(status).rejects.toThrow('Invalid URL');
  });

  it('runs one check at a time per server and reuses its answer while younger than the TTL', async () => {
    let release: (up: boolean) => void = () => undefined;
    let calls = 0;
    const probe = new ProxyProbe(60_000, () => {
      calls++;
      return new Promise<boolean>((resolve) => (release = resolve));
    });
    const first = probe.status('http://127.0.0.1:2');
    const second = probe.status('http://127.0.0.1:2');
    release(false);
    expect(await first).toBe(await second);
    expect((await probe.status('http://127.0.0.1:2')).up).toBe(false);
    expect(calls).toBe(1);
  });

  it('checks again for a caller that asks for a check started at `since` or later; an older check ending last does not replace it', async () => {
    const releases: Array<(up: boolean) => void> = [];
    const probe = new ProxyProbe(60_000, () => new Promise<boolean>((resolve) => releases.push(resolve)));
    const now = jest.spyOn(Date, 'now').mockReturnValue(1000);
    try {
      const older = probe.status('http://127.0.0.1:3');
      expect(probe.status('http://127.0.0.1:3')).toBe(older);
      now.mockReturnValue(1001);
      const newer = probe.status('http://127.0.0.1:3', 1001);
      expect(releases).toHaveLength(2);
      releases[1](false);
      releases[0](true);
      expect(await newer).toEqual({ up: false, at: 1001 });
      expect(await older).toEqual({ up: true, at: 1000 });
      await expect(probe.status('http://127.0.0.1:3')).resolves.toEqual({ up: false, at: 1001 });
      await expect(probe.status('http://127.0.0.1:3', 1001)).resolves.toEqual({ up: false, at: 1001 });
      expect(releases).toHaveLength(2);
    } finally {
      now.mockRestore();
    }
  });
});
