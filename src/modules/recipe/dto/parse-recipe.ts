import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppError, FieldErrors } from '../../../common/errors/app-error.js';
import { toFieldErrors } from '../../../common/validation/validate-dto.js';
import { BLOCK_REGISTRY } from '../blocks/block-registry.js';
import type { Recipe, RecipeBlock } from '../recipe.types.js';
import { BlockDto, MAX_BLOCKS, RecipeBodyDto } from './recipe.dto.js';

const BODY_FIELDS = ['name', 'expectedOutput', 'blocks'];
const QUERY_PARAMETERS = new Set([
  'url', 'premium', 'js', 'images', 'adblock', 'mobile', 'landscape', 'touch', 'wait_until', 'waitUntil', 'viewport',
  'device_scale_factor', 'user_agent', 'country', 'city', 'key', 'ai_query',
]);
const STRICT = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true };

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function add(into: FieldErrors, path: string, messages: string[]): void {
  if (messages.length > 0) into[path] = [...(into[path] ?? []), ...messages];
}

function addAll(into: FieldErrors, prefix: string, errors: FieldErrors): void {
  for (const [path, messages] of Object.entries(errors)) add(into, prefix ? `${prefix}.${path}` : path, messages);
}

function validateAs<T extends object>(dto: ClassConstructor<T>, input: Plain, prefix: string, errors: FieldErrors): T | null {
  const instance = plainToInstance(dto, input);
  const found = toFieldErrors(validateSync(instance, STRICT));
  addAll(errors, prefix, found);
  return Object.keys(found).length === 0 ? instance : null;
}

function unknownFieldErrors(body: Plain): FieldErrors {
  const unknown = Object.keys(body).filter((key) => !BODY_FIELDS.includes(key));
  // fromEntries, not assignment: a `__proto__` key stays a reported field.
  return Object.fromEntries(
    unknown.map((field) => [
      field,
      [
        QUERY_PARAMETERS.has(field)
          ? `${field} belongs in the query string, not in the recipe`
          : `${field} is not a recipe field (a recipe has name, expectedOutput and blocks)`,
      ],
    ]),
  );
}

/** A block of a supported type with valid details, or null (its errors added under `blocks.N`). */
function parseBlock(input: unknown, path: string, errors: FieldErrors): RecipeBlock | null {
  if (!isPlain(input)) {
    add(errors, path, ['each block must be an object with type, details and an optional id']);
    return null;
  }
  // The block's own `id: null` is its parsed form (no id), as recipes are written back; its details' nulls are refused.
  const nulls = nullFields(input.details, `${path}.details`);
  for (const field of nulls) add(errors, field, [`${field.split('.').pop()} must not be null: leave it out for its default`]);
  if (nulls.length > 0) return null;
  const block = validateAs(BlockDto, input, path, errors);
  if (!block) return null;
  const details = validateAs(BLOCK_REGISTRY.get(block.type)!.details, block.details, `${path}.details`, errors);
  if (!details) return null;
  const fields = Object.entries(details).filter(([, value]) => value !== undefined);
  const parsed = { type: block.type, id: block.id ?? null, details: Object.fromEntries(fields) };
  return block.optional ? { ...parsed, optional: true } : parsed;
}

/**
 * The paths of `value`'s fields that are null. A detail is left out or given a value of its type: class-validator's
 * IsOptional takes null as left out, so `{"selector": null}` passed validation and failed in the page (a 500), and
 * `{"milliseconds": null}` waited for nothing.
 */
function nullFields(value: unknown, path: string): string[] {
  return isPlain(value) ? Object.keys(value).filter((name) => value[name] === null).map((name) => `${path}.${name}`) : [];
}

/** Rules across blocks: one start block, first; unique ids; each type's own checks (paginate's startBlock). */
function recipeRules(raw: readonly unknown[], blocks: readonly (RecipeBlock | null)[]): FieldErrors {
  const errors: FieldErrors = {};
  const ids = new Set<string>();
  raw.forEach((input, index) => {
    if (!isPlain(input)) return;
    if (index === 0 && typeof input.type === 'string' && input.type !== 'start') add(errors, 'blocks.0.type', ['the first block must be a start block']);
    if (index > 0 && input.type === 'start') add(errors, `blocks.${index}.type`, ['a recipe has one start block, and it comes first']);
    if (typeof input.id !== 'string') return;
    if (ids.has(input.id)) add(errors, `blocks.${index}.id`, [`id "${input.id}" is already used by an earlier block`]);
    ids.add(input.id);
  });
  blocks.forEach((block, index) => {
    const runner = block ? BLOCK_REGISTRY.get(block.type) : undefined;
    const earlier = blocks.slice(0, index).filter((other): other is RecipeBlock => other !== null);
    if (block && runner?.check) addAll(errors, `blocks.${index}.details`, runner.check(block.details, { ids, earlier }));
  });
  return errors;
}

/** Validates POST /crawl's body; throws the 422 AppError with every problem keyed by path (`blocks.2.details.selector`). */
export function parseRecipe(body: unknown): Recipe {
  if (!isPlain(body)) throw AppError.field('body', 'must be a JSON object holding a recipe');
  const errors = unknownFieldErrors(body);
  const known = Object.fromEntries(BODY_FIELDS.filter((field) => Object.hasOwn(body, field)).map((field) => [field, body[field]]));
  const recipe = validateAs(RecipeBodyDto, known, '', errors);
  const raw = Array.isArray(body.blocks) && body.blocks.length <= MAX_BLOCKS ? body.blocks : [];
  const blocks = raw.map((block, index) => parseBlock(block, `blocks.${index}`, errors));
  addAll(errors, '', recipeRules(raw, blocks));
  if (Object.keys(errors).length > 0 || !recipe) throw AppError.validation(errors);
  return { name: recipe.name ?? null, expectedOutput: recipe.expectedOutput ?? null, blocks: blocks as RecipeBlock[] };
}

/** Rules between the recipe and the query: a block that runs the caller's script needs js=true (422 on `js`). */
export function pageOptionErrors(recipe: Recipe, options: { js: boolean }): FieldErrors {
  const scripted = recipe.blocks.findIndex((block) => BLOCK_REGISTRY.get(block.type)?.needsScripts);
  if (options.js || scripted < 0) return {};
  return { js: [`blocks.${scripted} (${recipe.blocks[scripted].type}) runs a script in the page: it needs js=true`] };
}
