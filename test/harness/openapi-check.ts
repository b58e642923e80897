import AjvModule from 'ajv';
import formatsModule from 'ajv-formats';
import type { CallResult } from './http.js';

// CommonJS packages seen from an ES module: the class is the default export or the module itself.
type AjvInstance = { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } };
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (options: object) => AjvInstance;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: AjvInstance) => void;

export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }>; headers?: Record<string, unknown> }>; security?: object[]; parameters?: Array<{ in: string; name: string; required?: boolean }> }>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, Record<string, string>> };
};

/** Validates real answers against the schema the document gives for their route, status and content type. */
export class AnswerChecker {
  private readonly ajv: AjvInstance;

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
  }

  /** Throws with ajv's errors when the answer does not match; returns the schema's content type. */
  check(method: string, path: string, answer: CallResult): string {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${path} is not documented`);
    const response = operation.responses[String(answer.status)];
    if (!response) throw new Error(`${method} ${path} does not document status ${answer.status}`);
    const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim();
    if (!response.content) {
      if (answer.text !== '') throw new Error(`${method} ${path} ${answer.status} documents no body but got one`);
      return '';
    }
    const media = response.content[type];
    if (!media) throw new Error(`${method} ${path} ${answer.status} does not document ${type}`);
    const body = type === 'application/json' ? JSON.parse(answer.text) : answer.text;
    const validate = this.ajv.compile({ ...media.schema, components: this.document.components });
    if (!validate(body)) throw new Error(`${method} ${path} ${answer.status}: ${JSON.stringify(validate.errors)}`);
    return type;
  }
}
