import fc from 'fast-check';
import type { DeclaredRoute } from '../platform/http/access';
import { createSchemaArbitraries, type JsonSchema } from './json-schema-arbitrary';
import { openApiPath } from './openapi-conformance';
import { type Location, type Sample, textOf } from './route-samples';

/**
 * Requests made from the served OpenAPI document's own schemas, for the contract fuzzing: one part
 * of the fixture's request (its path parameters, its query or its JSON body) regenerated from what
 * the document says of it, as a client generated from the document would send it (`valid`), or
 * broken in one way the document states (`invalid`). Whether the document describes the request is
 * then decided by the document's validator, not by the generator.
 */

type TParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export interface DocumentSample extends Sample {
  /** How it was made: from the document's schemas, or broken in one way they state. */
  made: 'valid' | 'invalid';
}

export function createDocumentSamples(document: unknown) {
  const doc = document as { paths: Record<string, Record<string, TOperation>> };
  const arbitraries = createSchemaArbitraries(document);

  /** A part made of parameters (path or query): each required one, and each optional one or not; one broken when asked. */
  const parametersOf = (
    parameters: TParameter[],
    isBroken: boolean,
  ): fc.Arbitrary<Record<string, unknown>> => {
    const entries = parameters.map((parameter) => {
      const schema = parameter.schema ?? {};
      const valid = arbitraries.validOf(schema);
      return { parameter, valid, broken: arbitraries.invalidOf(schema) };
    });
    const brokenAt = isBroken ? fc.nat(Math.max(0, entries.length - 1)) : fc.constant(-1);
    return brokenAt.chain((broken) =>
      fc
        .tuple(
          ...entries.map(({ parameter, valid, broken: invalid }, index) =>
            index === broken
              ? invalid.map((value) => [parameter.name, value] as const)
              : parameter.required
                ? valid.map((value) => [parameter.name, value] as const)
                : fc.option(valid, { nil: undefined }).map((value) => [parameter.name, value] as const),
          ),
        )
        .map((pairs) =>
          Object.fromEntries(
            pairs
              .filter(([, value]) => value !== undefined)
              // Parameters travel as text: a list as repeated keys, anything else as its text.
              .map(([name, value]) => [name, Array.isArray(value) ? value.map(textOf) : textOf(value)]),
          ),
        ),
    );
  };

  /** Requests for one route: the fixture's, with one part made from the document. */
  return function documentSamplesOf(route: DeclaredRoute, base: Sample): fc.Arbitrary<DocumentSample> {
    const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? {};
    const parameters = operation.parameters ?? [];
    const inPath = parameters.filter((parameter) => parameter.in === 'path');
    const inQuery = parameters.filter((parameter) => parameter.in === 'query');
    const body = operation.requestBody?.content?.['application/json']?.schema;
    const parts: Location[] = [];
    if (inPath.length) parts.push('params');
    if (inQuery.length) parts.push('querystring');
    if (body && base.body !== undefined) parts.push('body');
    if (!parts.length) return fc.constant({ ...base, label: 'fixture', made: 'valid' as const });
    return fc
      .tuple(fc.constantFrom(...parts), fc.constantFrom<DocumentSample['made']>('valid', 'valid', 'invalid'))
      .chain(([part, made]) => {
        const isBroken = made === 'invalid';
        const label = `document ${made} ${part}`;
        if (part === 'body') {
          const schema = body ?? {};
          return (isBroken ? arbitraries.invalidOf(schema) : arbitraries.validOf(schema)).map(
            (value): DocumentSample => ({ ...base, body: value, label, made }),
          );
        }
        return parametersOf(part === 'params' ? inPath : inQuery, isBroken).map(
          (values): DocumentSample =>
            part === 'params'
              ? { ...base, params: { ...base.params, ...values }, label, made }
              : { ...base, query: values, label, made },
        );
      });
  };
}
