import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@fleetdesk/contracts/common';
import {
  DeleteFileQuery,
  FilePaths,
  LegacyProxyQuery,
  UPLOAD_TYPES,
  uploadPermissionText,
  UploadResult,
  UploadTypeParam,
  type UploadType,
} from '@fleetdesk/contracts/files';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import './files.messages.js';
import { deleteFile, fetchLegacyImage, openSignedFile, uploadFile } from './files.service.js';

const tags = ['files'];

/** Who may upload which type, and what each takes, for the OpenAPI document (the service enforces it). */
const UPLOAD_RULES_TEXT = (Object.keys(UPLOAD_TYPES) as UploadType[])
  .map((type) => {
    const rule = UPLOAD_TYPES[type];
    return `- \`${type}\`: ${uploadPermissionText(type)}; ${rule.mime.join(', ')}; at most ${rule.maxBytes / 1024 / 1024} MB`;
  })
  .join('\n');

/** RFC 5987 file name for Content-Disposition (Chinese names survive). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(FilePaths.upload, {
    schema: {
      tags,
      summary:
        'Upload one file (multipart field "file"; the body may be gzip-encoded). Answers its address. ' +
        'Needs the write element of the area the type serves (403 otherwise)',
      description:
        'The content type is found in the first bytes of the file (never its name or declared type) and must be ' +
        "one of the type's (400 `files.typeRefused`); CSV must be UTF-8 without control characters. The stored " +
        'name is cleaned of invisible characters and takes the extension of the content found. Per type:\n' +
        UPLOAD_RULES_TEXT,
      consumes: ['multipart/form-data'],
      params: UploadTypeParam,
      response: { 200: envelope(UploadResult) },
    },
    // Signed in here; the type's elements are checked by the service (`mayUpload`), as the type is a parameter.
    config: { access: access.signedIn(), audit: { action: 'file.upload', targetType: 'file' } },
    handler: async (req) => {
      const result = await uploadFile(deps, req.ctx, req, req.params.type);
      req.auditNote = {
        targetId: result.url,
        summary: { name: result.name, size: result.size, type: req.params.type },
      };
      return ok(result);
    },
  });

  app.delete(FilePaths.remove, {
    schema: {
      tags,
      summary: 'Delete a file the caller uploaded',
      querystring: DeleteFileQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.signedIn(), audit: { action: 'file.delete', targetType: 'file' } },
    handler: async (req) => {
      await deleteFile(deps, req.ctx, req.query.url);
      req.auditNote = { targetId: req.query.url };
      return ok(true);
    },
  });

  // Public on purpose: the signature in the address is the authority (an <img> sends no token).
  app.get(FilePaths.serve, {
    schema: {
      tags,
      summary: 'Open a file through a signed, expiring address (images inline, any other file as a download)',
      params: z.object({ '*': z.string().max(400) }),
      querystring: z.object({
        exp: z.coerce.number().int(),
        sig: z.string().max(100),
        download: z.enum(['1']).optional(),
      }),
    },
    config: { access: access.public() },
    handler: async (req, reply) => {
      const file = await openSignedFile(deps, req.params['*'], req.query.exp, req.query.sig);
      if ('redirect' in file) return reply.redirect(file.redirect!, 302);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, max-age=3600')
        .header(
          'Content-Disposition',
          contentDisposition(req.query.download || !file.inline ? 'attachment' : 'inline', file.name),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  });

  // Public on purpose: it serves only the configured legacy image host, whose images were public already.
  app.get(FilePaths.legacy, {
    schema: {
      tags,
      summary:
        'Serve a raster image (jpeg, png, gif, webp, bmp) of the legacy storage host over this origin, at most ' +
        '20 MB; any other host or port, and any other content, is refused',
      querystring: LegacyProxyQuery,
    },
    config: { access: access.public() },
    handler: async (req, reply) => {
      const image = await fetchLegacyImage(deps, req.query.url);
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .send(image.stream);
    },
  });
}
