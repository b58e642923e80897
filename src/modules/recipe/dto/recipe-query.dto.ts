import { StrictBoolean } from '../../../common/validation/boolean-text.js';
import { withContentParams } from '../../jobs/dto/content-query.js';
import { StrictPageQuery } from '../../jobs/dto/page-query.dto.js';

/** POST /crawl's query: the shared page parameters as JSON-style booleans, and the content ones (decisions.md 8.1). */
export class RecipeQuery extends withContentParams(StrictPageQuery, StrictBoolean) {}
