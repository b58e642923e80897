import type { FastifyBodyParser, FastifyInstance } from 'fastify';

/**
 * No body of the API nests deeper than a few levels (a recipe's blocks, their details, an extraction rule's output).
 * A body nested thousands of levels deep is small on the wire and still overflows the stack of every recursive reader
 * after the parse (the validator's transform, the idempotency fingerprint): refused at the parse, well below that.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The parser of `application/json` bodies: Fastify's own (its prototype-poisoning checks included), except that an
 * empty body is no body, as HTTP has it, rather than an error (clients that set the content type on every request
 * send it with DELETE and bodiless POSTs), and that nesting is bounded. Its errors are 400s, which the exception
 * filter answers as 422 on `body`.
 */
export function jsonBodyParser(fastify: FastifyInstance): FastifyBodyParser<Buffer> {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    const text = body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (nestsDeeperThan(value, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
      done(null, value);
    });
  };
}

/** Whether `value` holds arrays or objects more than `limit` levels deep; iterative, so a deep value cannot overflow it. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(next)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function tooDeep(): Error {
  return Object.assign(new Error(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`), { statusCode: 400 });
}
