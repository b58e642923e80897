import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppError } from '../../../common/errors/app-error.js';
import { toFieldErrors } from '../../../common/validation/validate-dto.js';
import { BLOCK_REGISTRY } from '../blocks/block-registry.js';
import { BlockDto, MAX_BLOCKS, RecipeBodyDto } from './recipe.dto.js';
const BODY_FIELDS = ['name', 'expectedOutput', 'blocks'];
const QUERY_PARAMETERS = new Set([
    'url', 'premium', 'js', 'images', 'adblock', 'mobile', 'landscape', 'touch', 'wait_until', 'waitUntil', 'viewport',
    'device_scale_factor', 'user_agent', 'country', 'city', 'key', 'ai_query',
]);
const STRICT = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true };
function isPlain(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
function add(into, path, messages) {
    if (messages.length > 0)
        into[path] = [...(into[path] ?? []), ...messages];
}
function addAll(into, prefix, errors) {
    for (const [path, messages] of Object.entries(errors))
        add(into, prefix ? `${prefix}.${path}` : path, messages);
}
function validateAs(dto, input, prefix, errors) {
    const instance = plainToInstance(dto, input);
    const found = toFieldErrors(validateSync(instance, STRICT));
    addAll(errors, prefix, found);
    return Object.keys(found).length === 0 ? instance : null;
}
function unknownFieldErrors(body) {
    const unknown = Object.keys(body).filter((key) => !BODY_FIELDS.includes(key));
    // fromEntries, not assignment: a `__proto__` key stays a reported field.
    return Object.fromEntries(unknown.map((field) => [
        field,
        [
            QUERY_PARAMETERS.has(field)
                ? `${field} belongs in the query string, not in the recipe`
                : `${field} is not a recipe field (a recipe has name, expectedOutput and blocks)`,
        ],
    ]));
}
/** A block of a supported type with valid details, or null (its errors added under `blocks.N`). */
function parseBlock(input, path, errors) {
    if (!isPlain(input)) {
        add(errors, path, ['each block must be an object with type, details and an optional id']);
        return null;
    }
    const block = validateAs(BlockDto, input, path, errors);
    if (!block)
        return null;
    const details = validateAs(BLOCK_REGISTRY.get(block.type).details, block.details, `${path}.details`, errors);
    if (!details)
        return null;
    const fields = Object.entries(details).filter(([, value]) => value !== undefined);
    return { type: block.type, id: block.id ?? null, details: Object.fromEntries(fields) };
}
/** Rules across blocks: one start block, first; unique ids; each type's own checks (paginate's startBlock). */
function recipeRules(raw, blocks) {
    const errors = {};
    const ids = new Set();
    raw.forEach((input, index) => {
        if (!isPlain(input))
            return;
        if (index === 0 && typeof input.type === 'string' && input.type !== 'start')
            add(errors, 'blocks.0.type', ['the first block must be a start block']);
        if (index > 0 && input.type === 'start')
            add(errors, `blocks.${index}.type`, ['a recipe has one start block, and it comes first']);
        if (typeof input.id !== 'string')
            return;
        if (ids.has(input.id))
            add(errors, `blocks.${index}.id`, [`id "${input.id}" is already used by an earlier block`]);
        ids.add(input.id);
    });
    blocks.forEach((block, index) => {
        const runner = block ? BLOCK_REGISTRY.get(block.type) : undefined;
        if (block && runner?.check)
            addAll(errors, `blocks.${index}.details`, runner.check(block.details, ids));
    });
    return errors;
}
/** Validates POST /crawl's body; throws the 422 AppError with every problem keyed by path (`blocks.2.details.selector`). */
export function parseRecipe(body) {
    if (!isPlain(body))
        throw AppError.field('body', 'must be a JSON object holding a recipe');
    const errors = unknownFieldErrors(body);
    const known = Object.fromEntries(BODY_FIELDS.filter((field) => Object.hasOwn(body, field)).map((field) => [field, body[field]]));
    const recipe = validateAs(RecipeBodyDto, known, '', errors);
    const raw = Array.isArray(body.blocks) && body.blocks.length <= MAX_BLOCKS ? body.blocks : [];
    const blocks = raw.map((block, index) => parseBlock(block, `blocks.${index}`, errors));
    addAll(errors, '', recipeRules(raw, blocks));
    if (Object.keys(errors).length > 0 || !recipe)
        throw AppError.validation(errors);
    return { name: recipe.name ?? null, expectedOutput: recipe.expectedOutput ?? null, blocks: blocks };
}
