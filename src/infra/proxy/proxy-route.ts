import type { ProxyTier } from '../../config/json-files.js';

/** One proxy chosen for one job, its placeholders filled; safe to put in a job payload (Redis), not in logs (password). */
export type ProxyRoute = {
  /** The proxy of the pool it came from (tier, server, user name template): every session of one proxy has the same id. */
  id: string;
  tier: ProxyTier;
  /** scheme://host:port only, e.g. 'http://127.0.0.1:8000'. */
  server: string;
  username?: string;
  password?: string;
  /** Lower-case ISO code asked for, or null: the pool's choice. */
  country: string | null;
  /** The city as the pool spells it, or null. */
  city: string | null;
  /**
   * The credentials carry the caller's country or city: a 407 to them may be the caller's doing (a city the provider
   * does not know), so it fails the job but never sets the proxy aside (decisions 8.5).
   */
  callerCredentials: boolean;
  /** The built-in egress: the worker's relay connects to the checked addresses itself, no upstream proxy. */
  builtin: boolean;
  /** Position of the proxy in its pool's list. */
  sourceIndex: number;
};
