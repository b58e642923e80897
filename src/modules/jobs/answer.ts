import type { FastifyReply } from 'fastify';

/** What a route answers: status, headers and a body that is either a page (text/html) or JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly html?: string;
  readonly json?: object;
}

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  void reply.status(answer.status).headers(answer.headers);
  if (answer.html !== undefined) return reply.type('text/html; charset=utf-8').send(answer.html);
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
