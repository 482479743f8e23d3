import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks answers against the OpenAPI document the server serves, as a client generated from it
 * would read them: the status is one the operation lists, the content type one it names for that
 * status, and a JSON body valid against its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 */

type TMediaTypes = Record<string, { schema?: unknown }>;
type TResponse = { $ref?: string; content?: TMediaTypes };
type TDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, TResponse> }>>;
  components?: { responses?: Record<string, TResponse> };
};

const DOCUMENT_ID = 'https://openapi.local/document.json';

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

export function createConformance(document: unknown, routes: ReadonlyArray<{ method: string; url: string }>) {
  const doc = document as TDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();

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
