import { applyDecorators, Delete, Get, Patch, Post, Put, SetMetadata, type StreamableFile } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { type FileAnswer, type HttpMethod, type RouteAnswer, type RouteKey, routeMethod, routePath } from '@towing/contracts';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/** Where the OpenAPI builder finds the route key of an operation. */
export const ROUTE_KEY_EXTENSION = 'x-route';
/** Where code holding a controller method finds its route key (the OpenAPI builder, for its access). */
export const ROUTE_KEY_METADATA = 'route-key';

/** What the controller method returns: the contract's answer, or a stream for a file answer. */
type Answer<K extends RouteKey> = RouteAnswer<K> extends FileAnswer<string> ? StreamableFile : RouteAnswer<K>;
type Handler<K extends RouteKey> = (...args: never[]) => Answer<K> | Promise<Answer<K>>;

/**
 * Declares a controller method as the route `key` of the REST contract (contracts' ApiRoutes):
 * mounts it at that method and path and makes the compiler check the method's answer against
 * the contract. Controllers carry no path prefix, so the key is the only place a route's path
 * is written. (A `void` answer still needs `@HttpCode(204)`.)
 */
export function Endpoint<K extends RouteKey>(key: K) {
  const path = routePath(key).replace(/^\/api/, '');
  return <T extends Handler<K>>(target: object, name: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    applyDecorators(
      METHOD_DECORATORS[routeMethod(key)](path),
      ApiExtension(ROUTE_KEY_EXTENSION, key),
      SetMetadata(ROUTE_KEY_METADATA, key),
    )(target, name, descriptor);
  };
}
