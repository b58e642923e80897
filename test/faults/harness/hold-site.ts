import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../../fixtures/close-server.js';

/** A page that is on screen at once but keeps loading: `/hold?ms=N&tag=T` commits, its script answers after N ms. */
export interface HoldSite {
  readonly url: string;
  /** How many times the page (not its script) with this tag was requested. */
  hits(tag: string): number;
  /** True once the page with this tag committed and asked for its script (the page is on screen, still loading). */
  loading(tag: string): boolean;
  close(): Promise<void>;
}

export async function startHoldSite(): Promise<HoldSite> {
  const pages: string[] = [];
  const scripts: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hold.invalid');
    const ms = Number(url.searchParams.get('ms') ?? 1000);
    const tag = url.searchParams.get('tag') ?? '';
    if (url.pathname === '/hold') {
      pages.push(tag);
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><h1>Hold</h1><script src="/asset.js?ms=${ms}&tag=${encodeURIComponent(tag)}"></script>`);
      return;
    }
    scripts.push(tag);
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.held = true;'), ms);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (tag) => pages.filter((seen) => seen === tag).length,
    loading: (tag) => scripts.includes(tag),
    close: () => closeServer(server),
  };
}
