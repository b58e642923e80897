import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface WebhookRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** How the receiver's name becomes addresses: the network policy's lookup. */
  readonly lookup: LookupFunction;
  readonly timeoutMs: number;
}

/** One POST; resolves with the receiver's status as soon as its head arrives, rejects on no answer within timeoutMs. */
export function postWebhook({ url, headers, body, lookup, timeoutMs }: WebhookRequest): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise((resolve, reject) => {
    // A new connection per attempt (agent: false), so every attempt goes through the lookup; TLS checks the URL's host name.
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent: false, signal }, (response) => {
      // Only the status counts; the body is not read.
      response.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', (error) => reject(signal.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error));
    request.end(body);
  });
}
