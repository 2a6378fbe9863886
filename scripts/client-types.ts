// The runtime client's types (packages/client/src/openapi-types.ts), generated from the console's
// OpenAPI document — the one /api/runtime/openapi.json serves — by openapi-typescript.
//
//   npm run client:generate        writes the file
//
// server/runtime/client-types.test.ts fails when the committed file is not what this generates.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { runtimeOpenApiDocument } from '../server/runtime/openapi';

export const CLIENT_TYPES_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/client/src/openapi-types.ts');

const HEADER = `// Generated from the Memory Console's OpenAPI document (/api/runtime/openapi.json) by
// openapi-typescript. Do not edit: run \`npm run client:generate\` in the console's repository.
/* eslint-disable */
`;

/** The file's text as generated from the document the console serves now. */
export async function generateClientTypes(): Promise<string> {
  const document = runtimeOpenApiDocument();
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(CLIENT_TYPES_PATH, await generateClientTypes());
  console.log(`Wrote ${path.relative(process.cwd(), CLIENT_TYPES_PATH)}.`);
}
