import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Letters and digits only, from crypto randomness (rejection sampling keeps it unbiased). */
export function randomId(length) {
    let out = '';
    while (out.length < length) {
        for (const byte of randomBytes(length * 2)) {
            if (byte < 248 && out.length < length)
                out += BASE62[byte % 62];
        }
    }
    return out;
}
/** 43 base62 characters carry 256 bits of entropy. */
export function newApiKey() {
    return `cg_${randomId(43)}`;
}
export function newUserToken() {
    return `cgu_${randomId(43)}`;
}
export function sha256(text) {
    return createHash('sha256').update(text).digest('hex');
}
/** Constant-time comparison of two strings of any length. */
export function safeEqual(a, b) {
    const left = createHash('sha256').update(a).digest();
    const right = createHash('sha256').update(b).digest();
    return timingSafeEqual(left, right) && a.length === b.length;
}
