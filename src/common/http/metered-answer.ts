/** The media types of target content answered bare: the page, or its content as Markdown or text. */
export type TargetMediaType = 'text/html' | 'text/markdown' | 'text/plain';

/**
 * What a metered or job route answers, before it becomes HTTP: the body and the facts the credit headers are made
 * from. CreditHeadersInterceptor (or its sendAnswer, for job collection) turns it into the response; controllers and
 * services never set those headers themselves.
 */
export class MeteredAnswer {
  constructor(
    readonly status: number,
    /** `page`: target content, answered bare in its media type (its UTF-8 bytes); `json`: the operation's envelope. */
    readonly body: { readonly page: Buffer; readonly mediaType: TargetMediaType } | { readonly json: object },
    readonly facts: AnswerFacts,
  ) {}
}

export interface AnswerFacts {
  readonly jobId: string;
  /** What this request cost and the balance after it; null when a job is collected (free). */
  readonly billing: { readonly charged: number; readonly remaining: number } | null;
  /** A page's own status and its URL after redirects. */
  readonly target?: { readonly status: number; readonly finalUrl: string };
  /** Why the job failed, for X-Error-Code. */
  readonly errorCode?: string;
  /** Answered from an earlier request with the same Idempotency-Key. */
  readonly replayed?: boolean;
  /** decisions.md 9.6, when max_age was asked: answered from a stored copy (with its age in seconds) or fetched. */
  readonly cache?: { readonly hit: true; readonly ageSeconds: number } | { readonly hit: false };
}

/** A stored copy fetched at `fetchedAt` (epoch ms) answered: X-Cache: hit, X-Cache-Age in whole seconds. */
export function copyCacheFacts(fetchedAt: number): NonNullable<AnswerFacts['cache']> {
  return { hit: true, ageSeconds: Math.max(0, Math.floor((Date.now() - fetchedAt) / 1000)) };
}

/** The same answer, saying how a stored copy was used (X-Cache). */
export function withCacheFacts(answer: MeteredAnswer, cache: NonNullable<AnswerFacts['cache']>): MeteredAnswer {
  return new MeteredAnswer(answer.status, answer.body, { ...answer.facts, cache });
}
