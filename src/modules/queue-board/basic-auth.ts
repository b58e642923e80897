import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../auth/secrets.js';

/** The password of an `Authorization: Basic` header (any user name), or null. */
export function basicPassword(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** A Fastify onRequest hook: 401 with a Basic challenge unless the password is `secret`, compared in constant time. */
export function basicAuthHook(secret: string, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const password = basicPassword(request.headers.authorization);
    if (password !== null && safeEqual(password, secret)) return;
    await reply.status(401).header('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`).send({ message: 'A valid admin token is required.' });
  };
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** A Fastify onRequest hook for a read-only board: every method that could change something answers 405. */
export async function readOnlyHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (READ_METHODS.has(request.method)) return;
  await reply.status(405).header('Allow', 'GET, HEAD').send({ message: 'The queue dashboard is read-only (QUEUE_BOARD_WRITE is off).' });
}
