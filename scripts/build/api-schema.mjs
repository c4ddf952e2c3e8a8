// Generates the JSON Schema of every type the REST contract (packages/contracts/src/api.ts)
// mentions, for the OpenAPI document the API serves at /api/docs. Run by `npm run build`,
// `npm start` and `npm test` before the TypeScript build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createGenerator } from 'ts-json-schema-generator';

const contracts = new URL('../../packages/contracts/', import.meta.url).pathname;
const { definitions } = createGenerator({
  path: `${contracts}src/api.ts`,
  tsconfig: `${contracts}tsconfig.json`,
  type: 'ApiContract',
  // The TypeScript build checks the types; this only reads them.
  skipTypeCheck: true,
  expose: 'export',
  topRef: true,
  additionalProperties: false,
}).createSchema('ApiContract');

// OpenAPI component names allow letters, digits, '.', '-' and '_' only ('FileAnswer<"image/*">').
const safeName = (name) => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '');
const components = Object.fromEntries(
  Object.entries(definitions)
    .filter(([name]) => name !== 'ApiContract')
    .map(([name, schema]) => [safeName(name), schema]),
);
const text = JSON.stringify(components).replace(
  /"#\/definitions\/([^"]+)"/g,
  (_, ref) => JSON.stringify(`#/components/schemas/${safeName(decodeURIComponent(ref))}`),
);

mkdirSync(`${contracts}dist`, { recursive: true });
writeFileSync(`${contracts}dist/api-schema.json`, `${text}\n`);
