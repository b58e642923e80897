import type { SchemaObject } from '@nestjs/swagger';

/** POST /crawl's body (service-spec Recipe, decisions.md 2 and 8.3): one named schema per block type. */
const selector: SchemaObject = { type: 'string', maxLength: 2000, description: 'A CSS selector' };
const details = (properties: Record<string, SchemaObject>, required: string[] = []): SchemaObject => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length > 0 ? { required } : {}),
});

function block(type: string, description: string, detailsSchema: SchemaObject): SchemaObject {
  return {
    type: 'object',
    description,
    required: ['type', 'details'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: [type] },
      id: { type: 'string', minLength: 1, maxLength: 100, description: 'Unique in the recipe; a paginate startBlock names it' },
      optional: { type: 'boolean', description: 'Default false: an action that fails (action_failed) is skipped instead of failing the job' },
      details: detailsSchema,
    },
  };
}

const BLOCKS = {
  RecipeStartBlock: block('start', 'Opens source with the query\'s wait condition; first and only once', details({ type: { type: 'string', enum: ['url'] }, source: { type: 'string', format: 'uri', maxLength: 8192 } }, ['type', 'source'])),
  RecipeExtractBlock: block(
    'extract',
    'Reads property (textContent by default, trimmed; else the attribute of that name) of every match, under name',
    details({ selector, name: { type: 'string', minLength: 1, maxLength: 200 }, property: { type: 'string', minLength: 1, maxLength: 200 } }, ['selector', 'name']),
  ),
  RecipePaginateBlock: block(
    'paginate',
    'Clicks the next-page control and runs the recipe again from startBlock; stops when the control is missing or disabled, a page repeats, or RECIPE_MAX_PAGES pages were read',
    details({ selector, startBlock: { type: 'string', minLength: 1, maxLength: 100 } }, ['selector', 'startBlock']),
  ),
  RecipeClickBlock: block(
    'click',
    'Clicks the first match (every match with all), then waits for a navigation it started; no match is action_failed',
    details({ selector, all: { type: 'boolean', description: 'Default false: the first match only' } }, ['selector']),
  ),
  RecipeTypeBlock: block(
    'type',
    'Focuses the match and types text as a person would: one key press per character, each with keydown, input and keyup',
    details({ selector, text: { type: 'string', maxLength: 1000 } }, ['selector', 'text']),
  ),
  RecipePressBlock: block(
    'press',
    'Presses one key, then waits for a navigation it started (Enter submits a form)',
    details({ key: { type: 'string', description: 'A key as Puppeteer names it, case-sensitive, no combinations: Enter, Tab, Escape, ArrowDown, a, ...' } }, ['key']),
  ),
  RecipeWaitBlock: block('wait', 'Waits milliseconds, or until a match of selector is present and visible (action_failed after 10 s); exactly one of the two', {
    oneOf: [
      details({ milliseconds: { type: 'integer', minimum: 1, maximum: 10000, description: 'The recipe\'s waits add up to at most 60000' } }, ['milliseconds']),
      details({ selector }, ['selector']),
    ],
  }),
  RecipeScrollBlock: block('scroll', 'Scrolls the window by pixels (default one viewport) down or up, or brings the match of selector into view', {
    oneOf: [
      details({ direction: { type: 'string', enum: ['down', 'up'], description: 'Default down' }, pixels: { type: 'integer', minimum: 1, maximum: 1000000, description: 'Default one viewport' } }),
      details({ selector }, ['selector']),
    ],
  }),
  RecipeScreenshotBlock: block(
    'screenshot',
    'Appends a base64 JPEG of the viewport, or of the full page, to data.screenshots',
    details({ full_page: { type: 'boolean', description: 'Default false: the viewport' } }),
  ),
  RecipeContentBlock: block(
    'content',
    'Appends {url, format, content} of the page as it is now to data.contents',
    details({ format: { type: 'string', enum: ['html', 'markdown', 'text'], description: 'Default markdown' }, main_content: { type: 'boolean', description: 'Default true' } }),
  ),
  RecipeEvaluateBlock: block(
    'evaluate',
    'Runs the expression in the page (js=true only), awaits a promise, appends its JSON value (undefined as null) to data.evaluations; a throw, more than 5 s, or a value that is not JSON or over 1 MiB is action_failed',
    details({ script: { type: 'string', minLength: 1, maxLength: 10000 } }, ['script']),
  ),
} satisfies Record<string, SchemaObject>;

const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` }) as SchemaObject;

export const RECIPE_SCHEMAS = {
  ...BLOCKS,
  RecipeBlock: { oneOf: Object.keys(BLOCKS).map(ref) },
  RecipeBody: {
    type: 'object',
    required: ['blocks'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200 },
      expectedOutput: { type: 'string', maxLength: 100, description: '"list" zips the extracts into items' },
      blocks: { type: 'array', minItems: 1, maxItems: 50, description: 'At most 50 blocks, start first', items: ref('RecipeBlock') },
    },
  },
} satisfies Record<string, SchemaObject>;

/** The block types documented, in order. */
export const DOCUMENTED_BLOCK_TYPES: readonly string[] = Object.values(BLOCKS).map((schema: SchemaObject) => (schema.properties!.type as SchemaObject).enum![0] as string);
