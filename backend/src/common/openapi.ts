import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { INestApplication } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { BUSINESS, type RouteKey, SESSION_COOKIE } from '@towing/contracts';
import type { Environment } from '@towing/platform';
import { type Access, accessOf, rolesAdmitted } from './access.js';
import { ROUTE_KEY_EXTENSION, ROUTE_KEY_METADATA } from './endpoint.js';

type Schema = Record<string, unknown>;
interface RouteSchema {
  properties: { body?: Schema; query?: Schema; answer: Schema };
  required?: string[];
  description?: string;
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

/** The security scheme of the session cookie. */
const SESSION_SCHEME = 'session';
/** Where each operation lists the roles it admits. */
const ROLES_EXTENSION = 'x-roles';
/** Where each operation names its access level (common/access.ts): 'driver' admits an admin only when the account drives. */
export const ACCESS_EXTENSION = 'x-access';

type Operation = {
  [ROUTE_KEY_EXTENSION]?: string;
  [ROLES_EXTENSION]?: readonly string[];
  [ACCESS_EXTENSION]?: Access;
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

/** A URL-safe operationId from the route key: "GET /api/jobs/:id/photos" -> "getApiJobsByIdPhotos". */
export function operationIdOf(key: string): string {
  const [method, path] = key.split(' ') as [string, string];
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${capital(segment.slice(1))}` : segment.split(/[^A-Za-z0-9]+/).map(capital).join('')));
  return method.toLowerCase() + words.join('');
}

/**
 * Every route key the API mounts with its access, read from the controllers exactly as the
 * access guard reads it, so the document cannot disagree with what is enforced.
 */
function routeAccess(app: INestApplication): Map<string, Access> {
  const reflector = new Reflector();
  const access = new Map<string, Access>();
  for (const module of app.get(ModulesContainer, { strict: false }).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Function | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const key = reflector.get<RouteKey | undefined>(ROUTE_KEY_METADATA, handler);
        if (key) access.set(key, accessOf(reflector, handler, controller));
      }
    }
  }
  return access;
}

const ACCESS_WORDS: Record<Access, string> = {
  public: 'Public: no session needed.',
  'signed-in': 'Needs a signed-in session (any role).',
  staff: 'Needs a signed-in admin or driver session.',
  driver: 'Needs a signed-in driver session, or an admin who drives.',
  admin: 'Needs a signed-in admin session.',
};

function describeAccess(operation: Operation, access: Access, note: unknown): void {
  operation.security = access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];
  operation[ROLES_EXTENSION] = rolesAdmitted(access);
  operation[ACCESS_EXTENSION] = access;
  operation.description = [typeof note === 'string' ? note : undefined, ACCESS_WORDS[access]].filter(Boolean).join('\n\n');
}

function describe(operation: Operation, route: RouteSchema, key: string, definitions: Record<string, Schema>): void {
  operation.operationId = operationIdOf(key);
  operation.summary = key;
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
export function buildOpenApiDocument(app: INestApplication, publicUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${BUSINESS.name} dispatch API`)
    .setDescription('REST under /api. Money in integer cents; times ISO 8601 in UTC. Errors: {statusCode, error, message, errors[]}.')
    .setVersion('1')
    .addServer(publicUrl)
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const { ApiRoutes: routes, ...definitions } = loadContractSchemas();
  const access = routeAccess(app);
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      const key = operation[ROUTE_KEY_EXTENSION];
      const route = key ? routes.properties[key] : undefined;
      if (key && route) describe(operation, route, key, definitions);
      const admitted = key ? access.get(key) : undefined;
      if (admitted) describeAccess(operation, admitted, route?.description);
    }
  }
  document.openapi = '3.1.0';
  document.components = { ...document.components, schemas: definitions as NonNullable<OpenAPIObject['components']>['schemas'] };
  return document;
}

/** Where Swagger UI is served; the document is at the same path plus .json. */
export const OPENAPI_PATH = '/api/docs';

/** Serves the document at /api/docs.json and Swagger UI at /api/docs. */
export function serveOpenApi(app: INestApplication, environment: Pick<Environment, 'publicUrl'>): void {
  SwaggerModule.setup(OPENAPI_PATH.slice(1), app, () => buildOpenApiDocument(app, environment.publicUrl), {
    jsonDocumentUrl: `${OPENAPI_PATH.slice(1)}.json`,
    raw: ['json'],
    useGlobalPrefix: false,
  });
}
