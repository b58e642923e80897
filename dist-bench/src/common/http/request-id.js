import { randomUUID } from 'node:crypto';
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** Keeps a caller's X-Request-Id when it is safe to echo, else makes one; the same id reaches logs and bodies. */
export function requestIdFor(req) {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
    req.id = id;
    return id;
}
