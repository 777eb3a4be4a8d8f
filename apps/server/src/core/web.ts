import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorStatus } from '@fleetdesk/contracts/errors';
import { translate } from './i18n.js';
import { registerPublicPlugin } from './routes.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const API_PREFIXES = ['/api/', '/carlife/'];
/** Paths of files, not screens: a missing one is a 404 (a stale chunk must fail as a chunk, not load HTML). */
const FILE_PATH = /^\/assets\/|\.(?:m?js|css|map|json|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|txt|xml|br|gz)$/i;

/**
 * Serves the built web app and answers every other GET with its index.html (client-side routes); unknown
 * API paths still answer the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, root = WEB_DIST): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const hasWeb = indexHtml !== null;
  if (hasWeb) {
    await registerPublicPlugin(app, fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      // Our own Cache-Control per file (below), not the plugin's one for all.
      cacheControl: false,
      setHeaders(res: { setHeader(name: string, value: string): void }, file: string) {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    const isFile = FILE_PATH.test(req.url.split('?')[0] ?? '');
    if (hasWeb && !isApi && !isFile && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply
      .code(404)
      .send({ status: ErrorStatus.notFound, message: translate(req.lang ?? 'zh-CN', 'error.routeNotFound') });
  });
}
