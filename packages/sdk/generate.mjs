// Writes the API's TypeScript types from its OpenAPI document (openapi-typescript): `src/api.d.ts`
// at build time, or another path (the test that checks the committed types are current).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));

/** The types of `document` (an OpenAPI object), as the text of a declaration file. */
export async function typesOf(document) {
  const header = '// Generated from openapi.json by `npm run build -w @td/sdk`: do not edit.\n\n';
  return header + astToString(await openapiTS(document, { rootTypes: true, alphabetize: true }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = JSON.parse(readFileSync(join(here, 'openapi.json'), 'utf8'));
  writeFileSync(join(here, process.argv[2] ?? 'src/api.d.ts'), await typesOf(document));
}
