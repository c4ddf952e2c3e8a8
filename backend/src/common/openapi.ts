import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { BUSINESS } from '@towing/contracts';
import { ROUTE_KEY_EXTENSION } from './endpoint.js';

type Schema = Record<string, unknown>;
interface RouteSchema {
  properties: { body?: Schema; query?: Schema; answer: Schema };
  required?: string[];
}
type ContractSchemas = Record<string, Schema> & { ApiRoutes: { properties: Record<string, RouteSchema> } };

/** The JSON Schemas of the REST contract, generated from contracts' types at build time. */
function loadContractSchemas(): ContractSchemas {
  const path = createRequire(import.meta.url).resolve('@towing/contracts/api-schema.json');
  return JSON.parse(readFileSync(path, 'utf8')) as ContractSchemas;
}

function deref(schema: Schema, definitions: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? definitions[ref.slice('#/components/schemas/'.length)] ?? schema : schema;
}

type Operation = {
  [ROUTE_KEY_EXTENSION]?: string;
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

function describe(operation: Operation, route: RouteSchema, key: string, definitions: Record<string, Schema>): void {
  operation.operationId = key;
  const { body, query, answer } = route.properties;
  if (body) {
    const multipart = deref(body, definitions);
    const field = (multipart.properties as Record<string, Schema> | undefined)?.multipart?.const;
    operation.requestBody =
      typeof field === 'string'
        ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { [field]: { type: 'string', format: 'binary' } }, required: [field] } } } }
        : { required: true, content: { 'application/json': { schema: body } } };
  } else {
    delete operation.requestBody;
  }
  if (query) {
    const resolved = deref(query, definitions);
    const required = new Set((resolved.required as string[] | undefined) ?? []);
    const path = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    const fromQuery = Object.entries((resolved.properties as Record<string, Schema>) ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    }));
    operation.parameters = [...path, ...fromQuery];
  }
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? '200';
  const file = (deref(answer, definitions).properties as Record<string, Schema> | undefined)?.file?.const;
  const isVoid = answer.type === 'null' || (answer as { not?: unknown }).not !== undefined;
  operation.responses = {
    [isVoid ? '204' : success]: isVoid
      ? { description: 'No Content' }
      : typeof file === 'string'
        ? { description: 'A file', content: { [file]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'OK', content: { 'application/json': { schema: answer } } },
    '4XX': { description: 'The one error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
  };
}

/**
 * The OpenAPI 3.1 document of the running API: the routes as Nest mounted them, each described
 * by its entry in the REST contract. An operation without one is left undescribed, which the
 * OpenAPI test catches.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${BUSINESS.name} dispatch API`)
    .setDescription('REST under /api. Money in integer cents; times ISO 8601 in UTC. Errors: {statusCode, error, message, errors[]}.')
    .setVersion('1')
    .addCookieAuth('sid')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const { ApiRoutes: routes, ...definitions } = loadContractSchemas();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      const key = operation[ROUTE_KEY_EXTENSION];
      const route = key ? routes.properties[key] : undefined;
      if (key && route) describe(operation, route, key, definitions);
    }
  }
  document.openapi = '3.1.0';
  document.components = { ...document.components, schemas: definitions as NonNullable<OpenAPIObject['components']>['schemas'] };
  return document;
}

/** Where Swagger UI is served; the document is at the same path plus .json. */
export const OPENAPI_PATH = '/api/docs';

/** Serves the document at /api/docs.json and Swagger UI at /api/docs. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_PATH.slice(1), app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${OPENAPI_PATH.slice(1)}.json`,
    raw: ['json'],
    useGlobalPrefix: false,
  });
}
