import { Allow } from 'class-validator';
import { ParamDoc } from '../../common/openapi/param-doc.js';

/**
 * The query of a header-only organization route (job collection, /account): decisions.md section 3 says `key` never
 * authenticates there and, next to a valid header, is ignored rather than refused. Any other parameter is refused.
 */
export class HeaderOnlyQuery {
  /** Ignored, so left out of the document: these routes take the key in the header only. */
  @ParamDoc({ description: 'Ignored: these routes take the key in the header only', hidden: true })
  @Allow()
  key?: unknown;
}
