import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks answers against the OpenAPI document the server serves, as a client generated from it
 * would read them: the status is one the operation lists, the content type one it names for that
 * status, and a JSON body valid against its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 */

type TMediaTypes = Record<string, { schema?: unknown }>;
type TResponse = { $ref?: string; content?: TMediaTypes };
type TParameter = { in: string; name: string; required?: boolean; schema?: unknown };
type TOperation = {
  responses?: Record<string, TResponse>;
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content?: TMediaTypes };
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components?: { responses?: Record<string, TResponse> };
};

const DOCUMENT_ID = 'https://openapi.local/document.json';
const UNCHECKED_FORMATS = ['cidrv4', 'cidrv6'];

/** JSON Pointer escaping of one path segment. */
const pointerOf = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Routes the document leaves out on purpose: the reference itself, the scrape target, wildcards. */
const UNDOCUMENTED = /^\/(docs|metrics)(\/|$)|\*/;

/** The route a request's path reaches: `intended` when it matches, else the first that does. */
function reachedRoute<R extends { method: string; url: string }>(
  routes: readonly R[],
  intended: R,
  path: string,
): R {
  const matches = (route: R) =>
    route.method === intended.method && new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(path);
  return matches(intended) ? intended : (routes.find(matches) ?? intended);
}

/**
 * `multipleOf` as the server reads a JSON number, by its text: a power of ten below 1 (0.01) is
 * "at most that many decimals" (so `1e-7` and `0.1 + 0.2` are not multiples of 0.00000001, and
 * `0.07` is one of 0.01, which binary division would deny); any other step within a rounding.
 */
export function isMultipleOf(step: number, value: number): boolean {
  const decimals = -Math.log10(step);
  if (
    Number.isInteger(Math.round(decimals)) &&
    Math.abs(decimals - Math.round(decimals)) < 1e-9 &&
    decimals >= 0
  ) {
    const match = /^-?\d+(?:\.(\d+))?$/.exec(String(value));
    return Boolean(match) && (match?.[1]?.length ?? 0) <= Math.round(decimals);
  }
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

/** An ajv instance reading JSON Schema 2020-12 as OpenAPI 3.1 does, with the formats and `multipleOf` above. */
function ajvOf(options: { coerceTypes?: 'array' }) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, ...options });
  addFormats(ajv);
  // Formats ajv-formats does not know (an address range): not checked here, the server checks them.
  for (const format of UNCHECKED_FORMATS) ajv.addFormat(format, true);
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: false,
    validate: (step: number, value: number) => isMultipleOf(step, value),
  });
  return ajv;
}

export function createConformance(document: unknown, routes: ReadonlyArray<{ method: string; url: string }>) {
  const doc = document as TDocument;
  const ajv = ajvOf({});
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  // Requests: path and query values arrive as text, read as the types their schemas name.
  const requestAjv = ajvOf({ coerceTypes: 'array' });
  requestAjv.addSchema(document as object, DOCUMENT_ID);
  const requestValidators = new Map<string, ValidateFunction>();
  /** With `requestAjv` (text read as numbers and booleans), or as it is. */
  const requestValidator = (key: string, schema: object, isCoerced: boolean) => {
    let validate = requestValidators.get(key);
    if (!validate) {
      validate = (isCoerced ? requestAjv : ajv).compile(schema);
      requestValidators.set(key, validate);
    }
    return validate;
  };

  const responseOf = (path: string, method: string, status: number) => {
    const responses = doc.paths[path]?.[method]?.responses ?? {};
    const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
    if (!key) return undefined;
    const response = responses[key] ?? {};
    const name = response.$ref?.replace('#/components/responses/', '');
    if (name)
      return {
        key: `#/components/responses/${pointerOf(name)}`,
        response: doc.components?.responses?.[name] ?? {},
      };
    return { key: `#/paths/${pointerOf(path)}/${method}/responses/${key}`, response };
  };

  return {
    /** What the document's schema at `pointer` (`#/components/…`) refuses of a value, or undefined. */
    valueProblemOf(pointer: string, value: unknown): string | undefined {
      const validate = requestValidator(
        `${DOCUMENT_ID}${pointer}`,
        { $ref: `${DOCUMENT_ID}${pointer}` },
        false,
      );
      if (validate(structuredClone(value))) return undefined;
      const [first] = validate.errors ?? [];
      return `${first?.instancePath || '/'} ${first?.message ?? ''}`;
    },

    /**
     * What makes this request one the document does not describe (a required parameter or body
     * missing, a value its schema refuses), or undefined when the document describes it: path and
     * query parameters as their schemas read text, a JSON body against its schema.
     */
    requestProblemOf(
      route: { method: string; url: string },
      request: { params: Record<string, string>; url: string; body: unknown },
    ): string | undefined {
      const path = openApiPath(route.url);
      const method = route.method.toLowerCase();
      const operation = doc.paths[path]?.[method];
      if (!operation) return `${route.method} ${path} is not in the document`;
      const base = `${DOCUMENT_ID}#/paths/${pointerOf(path)}/${method}`;
      const query = new URL(request.url, 'http://localhost').searchParams;
      for (const [index, parameter] of (operation.parameters ?? []).entries()) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        const values =
          parameter.in === 'path' ? [request.params[parameter.name]] : query.getAll(parameter.name);
        const present = values.filter((value) => value !== undefined);
        if (present.length === 0) {
          if (parameter.required) return `${parameter.in} parameter ${parameter.name} is missing`;
          continue;
        }
        if (present.length > 1) return `${parameter.in} parameter ${parameter.name} is repeated`;
        // Text is read as a number or a boolean only when it is written as one ("7", "true"; not " ").
        const value = present[0] ?? '';
        const isLiteral = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false)$/.test(value);
        const schema = {
          type: 'object',
          properties: { value: { $ref: `${base}/parameters/${index}/schema` } },
        };
        const validate = requestValidator(`${base}/parameters/${index}/${isLiteral}`, schema, isLiteral);
        if (!validate({ value })) {
          return `${parameter.in} parameter ${parameter.name} ${validate.errors?.[0]?.message ?? ''}`;
        }
      }
      const json = operation.requestBody?.content?.['application/json'];
      if (request.body === undefined) {
        return operation.requestBody?.required ? 'the body is missing' : undefined;
      }
      if (!json?.schema) return operation.requestBody ? undefined : 'the operation takes no body';
      const validate = requestValidator(
        `${base}/body`,
        {
          $ref: `${base}/requestBody/content/${pointerOf('application/json')}/schema`,
        },
        false,
      );
      if (validate(structuredClone(request.body))) return undefined;
      const [first] = validate.errors ?? [];
      return `body${first?.instancePath ?? ''} ${first?.message ?? ''}`;
    },

    /** What is wrong with this answer by the document, or undefined when nothing is. */
    problemOf(
      intended: { method: string; url: string },
      requestUrl: string,
      answer: { statusCode: number; headers: Record<string, unknown>; body: string },
    ) {
      // A sample without its path parameter reaches another route (`/admin/users/` is the list).
      // The server ignores a trailing slash.
      const requested = (requestUrl.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
      const route = reachedRoute(routes, intended, requested);
      if (UNDOCUMENTED.test(route.url)) return undefined;
      const path = openApiPath(route.url);
      const method = route.method.toLowerCase();
      if (!doc.paths[path]?.[method]) return `${route.method} ${path} is not in the document`;
      const found = responseOf(path, method, answer.statusCode);
      if (!found) return `status ${answer.statusCode} is not documented`;
      const content = found.response.content;
      if (!content || answer.body === '') return undefined;
      const type =
        String(answer.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      const mediaType = Object.keys(content).find(
        (name) => name === type || (name.endsWith('/*') && type.startsWith(name.slice(0, -1))),
      );
      if (!mediaType)
        return `content type ${type} is not documented for ${answer.statusCode} (${Object.keys(content).join(', ')})`;
      if (mediaType !== 'application/json' || content[mediaType]?.schema === undefined) return undefined;
      const ref = `${DOCUMENT_ID}${found.key}/content/${pointerOf(mediaType)}/schema`;
      let validate = compiled.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        compiled.set(ref, validate);
      }
      if (validate(JSON.parse(answer.body))) return undefined;
      const [first] = validate.errors ?? [];
      return `the ${answer.statusCode} body is not as documented: ${first?.instancePath || '/'} ${first?.message ?? ''}`;
    },
  };
}
