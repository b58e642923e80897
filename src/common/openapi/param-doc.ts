import 'reflect-metadata';

const PARAM_DOC = Symbol('crawlgate:param-doc');

/** What a query parameter's rules cannot say: its meaning, an example, and whether the route requires it. */
export interface ParamDocument {
  readonly description: string;
  readonly example?: string;
  /** Required by the route (checked after the DTO, e.g. `url` on GET /crawl); the DTO's rules stay the only rules. */
  readonly required?: boolean;
  /** The value an absent parameter takes, as the query writes it (the parser applies it; this only states it). */
  readonly default?: string;
  /** OpenAPI `format` (uri, date): a hint for clients, not a rule. */
  readonly format?: string;
  /** Documented elsewhere (the `key` security scheme): left out of the parameters. */
  readonly hidden?: boolean;
}

/** Documents a DTO query property for OpenAPI; its schema comes from the property's class-validator rules. */
export function ParamDoc(doc: ParamDocument | string): PropertyDecorator {
  return (target, propertyKey) => Reflect.defineMetadata(PARAM_DOC, typeof doc === 'string' ? { description: doc } : doc, target, propertyKey);
}

export function paramDocOf(dto: abstract new () => object, property: string): ParamDocument | undefined {
  return Reflect.getMetadata(PARAM_DOC, dto.prototype as object, property) as ParamDocument | undefined;
}
