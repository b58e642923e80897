import { Allow } from 'class-validator';

/**
 * The query of a header-only organization route (job collection, /account): decisions.md section 3 says `key` never
 * authenticates there and, next to a valid header, is ignored rather than refused. Any other parameter is refused.
 */
export class HeaderOnlyQuery {
  @Allow()
  key?: unknown;
}
