import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declareScopeAccess, type TRouteAccess } from './access';
import { describeOperations } from './openapi-operations';
import { rewritePatterns } from './openapi-patterns';

/** Where the reference page is served; its document is `${DOCS_PREFIX}/json` (and `/yaml`). */
export const DOCS_PREFIX = '/docs';

/** Routes the document leaves out: the reference itself, the scrape target, the web app's files (wildcard routes). */
const UNDOCUMENTED = [/^\/docs(\/|$)/, /^\/metrics$/, /\*/];

const SECURITY: Record<TRouteAccess, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ session: [] }],
  admin: [{ session: [] }],
  email: [{ pendingSignIn: [] }],
  tfa: [{ pendingSignIn: [] }],
  signed: [],
};

const ACCESS_NOTE: Record<TRouteAccess, string> = {
  public: 'Anyone may call this.',
  user: 'A signed-in user (a session token).',
  admin:
    'A member of staff whose role holds this permission (`x-permission`), with a second factor on (a session token).',
  email: 'A sign-up or sign-in waiting for its e-mailed code (its pending token).',
  tfa: 'A sign-in waiting for its two-factor code (its pending token).',
  signed:
    'A link this server signed (its `expires` and `signature` query parameters), unaltered and unexpired.',
};

/** The group a route is listed under: the first segment of its path ("orders", "admin"). */
const tagOf = (url: string) => url.split('/')[1] || 'root';

/**
 * Each route's schema as OpenAPI 3.1 (the zod schemas turned into JSON Schema), with who may call
 * it: its security requirement, a sentence, and `x-access` / `x-api-scope` / `x-permission` for
 * programs.
 */
const transform: SwaggerTransform = (input) => {
  const { route, url } = input;
  const access = route.config?.access as TRouteAccess | undefined;
  if (!access || UNDOCUMENTED.some((pattern) => pattern.test(url))) {
    return { schema: { hide: true } as FastifySchema, url };
  }
  const converted = input.schema
    ? jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0])
    : { schema: {} as FastifySchema, url };
  const apiScope = route.config?.apiScope;
  const permission = route.config?.permission;
  const security = [
    ...SECURITY[access],
    ...(apiScope ? [{ apiKey: [], apiTimestamp: [], apiSignature: [] }] : []),
  ];
  const description = `${ACCESS_NOTE[access]}${apiScope ? ` Also an API key with the \`${apiScope}\` scope (a signed request).` : ''}`;
  return {
    url: converted.url,
    schema: {
      ...converted.schema,
      tags: [tagOf(url)],
      description,
      security,
      'x-access': access,
      ...(apiScope ? { 'x-api-scope': apiScope } : {}),
      ...(permission ? { 'x-permission': permission } : {}),
    } as FastifySchema,
  };
};

/**
 * Collects every route registered after it into an OpenAPI 3.1 document; call before the routes.
 * The reference page (`registerApiReference`) serves it.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string; title: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.title} API`,
        version: '1.0.0',
        contact: { name: options.title, url: options.publicUrl },
        description:
          'Every answer is an envelope: `{ "message", "data" }` on success, `{ "code", "message", "details"? }` on failure. ' +
          'Money and prices are decimal strings. Programs sign their requests with an API key (create one under Security); ' +
          'the signing scheme: `X-API-KEY`, `X-API-TIMESTAMP` (milliseconds since 1970) and `X-API-SIGNATURE`, the lower-case hex ' +
          'HMAC-SHA256 with the key\'s secret of "timestamp\\nMETHOD\\npath\\nquery\\n" followed by the body as sent. ' +
          'A request is accepted within 5 seconds of its timestamp (`X-API-RECV-WINDOW`, up to 60,000 ms) and once.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from sign-in.',
          },
          pendingSignIn: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token of a sign-in waiting for its e-mailed or two-factor code.',
          },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: "The key's public half." },
          apiTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-TIMESTAMP',
            description: 'The time of the request in milliseconds since 1970.',
          },
          apiSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-SIGNATURE',
            description:
              "HMAC-SHA256 (lower-case hex) of timestamp, method, path, query and body with the key's secret.",
          },
        },
      },
    },
    transform,
    transformObject: (input) => {
      const document = describeOperations(jsonSchemaTransformObject(input));
      rewritePatterns(document);
      return document;
    },
  });
}

const REFERENCE_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** The reference page at /docs (Swagger UI, served from the package's own files), public. */
export async function registerApiReference(app: FastifyInstance) {
  // The viewer's routes cannot carry a config: its scope declares them public.
  const reference: FastifyPluginAsync = async (scope) => {
    declareScopeAccess(scope, 'public');
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Its own files only, nothing fetched elsewhere (no online validator); the viewer sets styles
      // inline as it renders, so styles alone may be inline.
      staticCSP: REFERENCE_CSP,
      uiConfig: {
        // Tags closed, opened one at a time: with every operation listed at once (over 130), the
        // viewer stops rendering after the first few.
        docExpansion: 'none',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        validatorUrl: null,
        // Without the viewer's own top bar (its logo and a box to load other documents).
        layout: 'BaseLayout',
      },
      theme: { title: 'Trading Desk API' },
    });
  };
  await app.register(reference);
}
