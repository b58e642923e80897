import type { SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { paramDocOf } from './param-doc.js';

/** A query parameter of the OpenAPI document. */
export interface QueryParameter {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema: SchemaObject;
}

/** Boolean text in any case (the spec's words): stated as a case-insensitive pattern, an enum being case-sensitive. */
const BOOLEAN_TEXT = (): SchemaObject => ({ type: 'string', pattern: caseless('^(true|false|1|0|yes|no|on|off)$'), example: 'true' });

/** A case-insensitive pattern in the ECMA dialect OpenAPI uses: each letter outside a class becomes [xX]. */
function caseless(source: string): string {
  let inClass = false;
  let escaped = false;
  let out = '';
  for (const char of source) {
    if (!escaped && !inClass && /[A-Za-z]/.test(char)) out += `[${char.toUpperCase()}${char.toLowerCase()}]`;
    else out += char;
    if (!escaped && char === '[') inClass = true;
    else if (!escaped && char === ']') inClass = false;
    escaped = !escaped && char === '\\';
  }
  return out;
}

/** What one class-validator rule says in JSON Schema; a rule without a mapping fails the document's build loudly. */
function ruleSchema(rule: ValidationMetadata, where: string): SchemaObject | null {
  const [first] = (rule.constraints ?? []) as unknown[];
  switch (rule.name) {
    case 'isOptional':
    case 'allow':
      return null;
    case 'isString':
    case 'selectorList':
      return { type: 'string' };
    case 'isNumber':
      return { type: 'number' };
    case 'isInt':
      return { type: 'integer' };
    case 'booleanText':
      return BOOLEAN_TEXT();
    case 'strictBoolean':
      return { type: 'string', enum: ['true', 'false'] };
    case 'isIn':
      return { type: 'string', enum: [...(first as readonly string[])] };
    case 'matches': {
      const pattern = first as RegExp;
      return { type: 'string', pattern: pattern.flags.includes('i') ? caseless(pattern.source) : pattern.source };
    }
    case 'maxLength':
      return { maxLength: first as number };
    case 'minLength':
      return { minLength: first as number };
    case 'isIntBetween':
      return { type: 'integer', minimum: first as number, maximum: (rule.constraints as number[])[1] };
    case 'min':
      return { minimum: first as number };
    case 'max':
      return { maximum: first as number };
    default: {
      // A route's own rule states its schema beside it: registerDecorator({ constraints: [{ openapi: {...} }] }).
      const own = (rule.constraints ?? []).find((constraint: unknown) => typeof constraint === 'object' && constraint !== null && 'openapi' in constraint) as
        | { openapi: SchemaObject }
        | undefined;
      if (own) return own.openapi;
      throw new Error(`OpenAPI: no schema for the rule ${rule.name ?? rule.type} of ${where}`);
    }
  }
}

/**
 * The query parameters of a route, from its DTO: each property's schema from its class-validator rules (the rules
 * that validate it), its description from @ParamDoc. A property without @ParamDoc fails the build of the document.
 */
export function queryParameters(dto: abstract new () => object): QueryParameter[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto as new () => object, '', true, false);
  // Base classes' parameters first, each class's in the order it declares them.
  const chain: unknown[] = [];
  for (let type: unknown = dto; typeof type === 'function' && type.name; type = Object.getPrototypeOf(type)) chain.unshift(type);
  const depth = (rule: ValidationMetadata) => chain.indexOf(rule.target);
  const ordered = rules.map((rule, index) => ({ rule, index })).sort((a, b) => depth(a.rule) - depth(b.rule) || a.index - b.index);
  const properties = [...new Set(ordered.map(({ rule }) => rule.propertyName))];
  return properties.flatMap((property) => {
    const where = `${dto.name}.${property}`;
    const doc = paramDocOf(dto, property);
    if (!doc) throw new Error(`OpenAPI: ${where} has no @ParamDoc`);
    if (doc.hidden) return [];
    const own = rules.filter((rule) => rule.propertyName === property);
    const stated = { ...(doc.format ? { format: doc.format } : {}), ...(doc.default !== undefined ? { default: doc.default } : {}), ...(doc.example ? { example: doc.example } : {}) };
    const schema = Object.assign({}, ...own.map((rule) => ruleSchema(rule, where)), stated) as SchemaObject;
    return [{ name: property, required: doc.required ?? false, description: doc.description, schema }];
  });
}
