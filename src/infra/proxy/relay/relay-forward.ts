import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/** Headers that belong to one hop (the browser's connection to the relay), never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade']);

function endToEnd(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) {
    if (!HOP_BY_HOP.has(raw[index].toLowerCase())) kept.push(raw[index], raw[index + 1]);
  }
  return kept;
}

/**
 * `host:port` of a CONNECT request line (the port is required there); null when it is not one. The port is read from
 * the text, not from URL parsing, which elides a scheme's default port (`host:80` would read as no port).
 */
export function parseAuthority(authority: string | undefined): { host: string; port: number } | null {
  const port = /:(\d{1,5})$/.exec(authority ?? '')?.[1];
  if (!authority || !port || Number(port) < 1 || Number(port) > 65535) return null;
  try {
    const url = new URL(`http://${authority}`);
    return url.hostname && url.pathname === '/' ? { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(port) } : null;
  } catch {
    return null;
  }
}

/** Answers a CONNECT on the raw client socket and closes it. */
export function refuseTunnel(client: Duplex, status: number, reason: string, headers: Readonly<Record<string, string>> = {}): void {
  const body = `${reason}\n`;
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  client.end(`HTTP/1.1 ${status} ${reason.replace(/[\r\n]/g, ' ')}\r\n${extra}connection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** Joins the browser's tunnel to the upstream socket, the CONNECT's early bytes included. */
export function spliceTunnel(client: Duplex, upstream: Socket, head: Buffer): void {
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length > 0) upstream.write(head);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  client.pipe(upstream).pipe(client);
}

/** Sends one plain-http request over a fresh tunnel to its target and pipes the answer back, whatever its status. */
export function forwardRequest(request: IncomingMessage, response: ServerResponse, url: URL, tunnel: Socket): void {
  const upstream = httpRequest(
    {
      createConnection: () => tunnel,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: [...endToEnd(request.rawHeaders), 'connection', 'close'],
      setHost: false,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    },
  );
  // A target that hangs up mid-answer: the browser sees its connection close, as it would without a proxy.
  upstream.on('error', () => response.destroy());
  response.on('close', () => tunnel.destroy());
  request.pipe(upstream);
}
