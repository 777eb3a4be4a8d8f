import { createHash } from 'node:crypto';
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

/** The path whose page is prerendered at build time (apps/web/scripts/prerender-login.mjs, docs/web.md). */
const LOGIN_PATH = '/login';

/** `'sha256-…'` sources of a page's inline scripts, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** The policy helmet set (scripts from 'self' only), widened to the page's own inline scripts. */
function allowInlineScripts(policy: unknown, hashes: string[]): string | null {
  if (typeof policy !== 'string' || !hashes.length) return null;
  return policy.replace(/(^|;)(\s*script-src)([^;]*)/, (_m, start: string, name: string, sources: string) => {
    return `${start}${name}${sources} ${hashes.join(' ')}`;
  });
}

/**
 * Serves the built web app and answers every other GET with its index.html (client-side routes); unknown
 * API paths still answer the JSON 404. /login gets login.html when the build made it: the same page with the
 * sign-in screen already drawn (both languages) and its small inline script, allowed by hash. Only /login: a
 * signed-in visitor of another path must not see a sign-in form flash.
 */
export async function registerWebApp(app: FastifyInstance, root = WEB_DIST): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const hasWeb = indexHtml !== null;
  const loginFile = path.join(root, 'login.html');
  const loginHtml = hasWeb && existsSync(loginFile) ? readFileSync(loginFile) : null;
  const loginScripts = loginHtml ? inlineScriptHashes(loginHtml.toString('utf8')) : [];
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
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      if (loginHtml && req.url.split('?')[0] === LOGIN_PATH) {
        const policy = allowInlineScripts(reply.getHeader('content-security-policy'), loginScripts);
        if (policy) reply.header('Content-Security-Policy', policy);
        return reply.send(loginHtml);
      }
      return reply.send(indexHtml);
    }
    return reply
      .code(404)
      .send({ status: ErrorStatus.notFound, message: translate(req.lang ?? 'zh-CN', 'error.routeNotFound') });
  });
}
