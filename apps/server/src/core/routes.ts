import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, RouteOptions } from 'fastify';
import { ERROR_HTTP_STATUSES, ErrorBody } from '@fleetdesk/contracts/errors';
import { isCatalogueCode } from '@fleetdesk/contracts/permissions';
import type { Access } from './access.js';
import { noteActionPermission } from './audit.js';

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's schema (its zod response schemas under `response`). */
  schema: Record<string, unknown> | undefined;
}

const seen: WeakMap<FastifyInstance, RouteOptions[]> = new WeakMap();

/**
 * Every route must declare its access (`config.access`). The routes are collected as they are registered
 * and checked when the app is ready: one that declares nothing, or a permission outside the catalogue, stops
 * the app from starting. Each route's OpenAPI entry is given its security scheme and permission.
 */
export function registerRouteDeclarations(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  seen.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
    const access = route.config?.access;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      noteActionPermission(String(method), route.url, access, route.config?.audit);
    }
    if (!access || !route.schema) return;
    const schema = route.schema as Record<string, unknown>;
    // Error answers come from the one error handler; every route documents (and serializes) them alike.
    if (schema.response) {
      const response = schema.response as Record<number, unknown>;
      for (const status of ERROR_HTTP_STATUSES) response[status] ??= ErrorBody;
    }
    if (access.kind === 'client') schema.security = [{ client: [] }];
    if (access.kind === 'driver') schema.security = [{ driver: [] }];
    if (access.kind === 'user') {
      schema.security = [{ bearer: [] }];
      if (access.permission) schema['x-permission'] = access.permission;
      if (access.anyOf) schema['x-permission'] = access.anyOf.join(' | ');
    }
  });
  app.addHook('onReady', async () => {
    const bad = routes.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    if (bad.length) throw new Error(`routes without a declared access:\n  ${bad.join('\n  ')}`);
    for (const r of routes) {
      const a = r.config!.access!;
      const codes = a.kind === 'user' ? [...(a.permission ? [a.permission] : []), ...(a.anyOf ?? [])] : [];
      for (const code of codes.filter((c) => !isCatalogueCode(c))) {
        throw new Error(`route ${String(r.method)} ${r.url} needs ${code}, which is not in the catalogue`);
      }
    }
  });
}

/** The routes of the app with the access each declares (the route-declaration test reads this). */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return (seen.get(app) ?? []).flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
      method: String(method),
      url: r.url,
      access: r.config?.access,
      schema: r.schema as Record<string, unknown> | undefined,
    })),
  );
}

/**
 * Registers a third-party plugin whose routes are public by nature (API docs, the web app's files), marking
 * each of its routes public and hidden from the OpenAPI document.
 */
export async function registerPublicPlugin(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<never> | FastifyPluginCallback<never>,
  options: object,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { kind: 'public' } };
      route.schema = { ...route.schema, hide: true } as typeof route.schema;
    });
    await scope.register(plugin as FastifyPluginAsync, options);
  });
}
