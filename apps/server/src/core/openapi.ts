import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublicPlugin } from './routes.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The OpenAPI document of every route, built from the routes' zod schemas, and its browsable UI. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fleetdesk API',
        version: '1.0.0',
        description:
          'Back office of car-rental and fleet companies. Success: `{status: 200, message: "ok", data}`. ' +
          'Errors: see docs/api.md. Each operation names the permission it needs in `x-permission`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'access token from /api/auth/oauth/token' },
          client: { type: 'http', scheme: 'basic', description: 'OAuth client credential (public web client)' },
          driver: {
            type: 'http',
            scheme: 'bearer',
            description: 'driver token of the driver portal (/api/driver/auth/signIn), with X-User-Type: driver',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await registerPublicPlugin(app, swaggerUi, { routePrefix: DOCS_PATH, staticCSP: true });
}
