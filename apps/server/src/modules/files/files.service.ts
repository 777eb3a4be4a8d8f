import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_TYPES, type UploadResult, type UploadType } from '@fleetdesk/contracts/files';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, ForbiddenError, NotFoundError, UpstreamTimeoutError } from '../../core/errors.js';
import { tenantOfKey } from '../../core/file-urls.js';
import { PayloadTooLargeError, receiveFile } from '../../core/multipart.js';
import { files } from '../../db/schema/files.js';
import { ContentMismatchError, EXTENSIONS, SniffingCounter } from './sniff.js';

/** The content type of an upload: the declared one, or the one its extension names when the browser sent none. */
function declaredType(mime: string, filename: string): string {
  if (mime && mime !== 'application/octet-stream') return mime.toLowerCase();
  const ext = path.extname(filename).slice(1).toLowerCase();
  const byExt = Object.entries(EXTENSIONS).find(([, e]) => e === ext || (ext === 'jpeg' && e === 'jpg'));
  return byExt?.[0] ?? 'application/octet-stream';
}

/** Stores one uploaded file of the caller's tenant after checking its type, content and size. */
export async function uploadFile(
  deps: AppDeps,
  ctx: RequestContext,
  req: FastifyRequest,
  type: UploadType,
): Promise<UploadResult> {
  const rule = UPLOAD_TYPES[type];
  const maxBytes = Math.min(rule.maxBytes, deps.config.UPLOAD_MAX_BYTES);
  const stored = await receiveFile(req, maxBytes, async (file) => {
    const mime = declaredType(file.mimeType, file.filename);
    if (!(rule.mime as readonly string[]).includes(mime)) {
      file.stream.resume();
      throw new BadRequestError('files.typeRefused', { type: mime });
    }
    const now = deps.clock.now();
    const key = `t${ctx.tenantId}/${type}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${EXTENSIONS[mime]}`;
    const counter = new SniffingCounter(mime);
    // The storage attaches its own listeners only after it is ready (mkdir, S3 upload); until then an early
    // failure (wrong content, too large) must not escape as an uncaught error. The storage still sees it.
    counter.on('error', () => undefined);
    file.stream.on('limit', () => counter.destroy(new PayloadTooLargeError(maxBytes)));
    try {
      await deps.storage.put(key, file.stream.pipe(counter), mime);
    } catch (err) {
      await deps.storage.delete(key).catch(() => undefined);
      if (err instanceof ContentMismatchError) throw new BadRequestError('files.contentMismatch');
      throw err;
    }
    if (file.stream.truncated) {
      await deps.storage.delete(key);
      throw new PayloadTooLargeError(maxBytes);
    }
    if (counter.bytes === 0) {
      await deps.storage.delete(key);
      throw new BadRequestError('files.empty');
    }
    return { key, mime, size: counter.bytes, name: path.basename(file.filename || 'file').slice(0, 200) };
  });
  await deps.db.insert(files).values({
    tenantId: ctx.tenantId,
    key: stored.key,
    type,
    contentType: stored.mime,
    size: stored.size,
    originalName: stored.name,
    uploadedBy: ctx.userId,
  });
  const url = deps.fileUrls.stableUrl(stored.key);
  return {
    url,
    signedUrl: deps.fileUrls.sign(ctx.tenantId, url)!,
    name: stored.name,
    size: stored.size,
    contentType: stored.mime,
  };
}

async function fileOfTenant(deps: AppDeps, tenantId: number, key: string) {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.key, key)));
  return row;
}

/** Deletes a file the caller uploaded. Another tenant's file, or none, is 404. */
export async function deleteFile(deps: AppDeps, ctx: RequestContext, url: string): Promise<void> {
  const key = deps.fileUrls.keyOf(url);
  if (!key || tenantOfKey(key) !== ctx.tenantId) throw new NotFoundError('files.notFound');
  const row = await fileOfTenant(deps, ctx.tenantId, key);
  if (!row) throw new NotFoundError('files.notFound');
  if (row.uploadedBy !== ctx.userId) throw new ForbiddenError('files.notOwner');
  await deps.storage.delete(key);
  await deps.db.delete(files).where(and(eq(files.tenantId, ctx.tenantId), eq(files.id, row.id)));
}

/** A file behind a valid signature: its bytes (local disk) or where to fetch it (S3). */
export async function openSignedFile(deps: AppDeps, key: string, exp: number, sig: string) {
  if (!deps.fileUrls.verify(key, exp, sig)) throw new ForbiddenError('files.linkExpired');
  const tenantId = tenantOfKey(key);
  const row = tenantId === null ? undefined : await fileOfTenant(deps, tenantId, key);
  if (!row) throw new NotFoundError('files.notFound');
  if (deps.storage.presign) {
    return { redirect: await deps.storage.presign(key, 300), contentType: row.contentType, name: row.originalName };
  }
  const found = await deps.storage.get(key);
  if (!found) throw new NotFoundError('files.notFound');
  return { stream: found.stream, size: found.size, contentType: row.contentType, name: row.originalName };
}

const LEGACY_MAX_BYTES = 20 * 1024 * 1024;

/** Fetches an image of the legacy storage host for a page served over HTTPS; every other host is refused. */
export async function fetchLegacyImage(deps: AppDeps, url: string) {
  if (!deps.fileUrls.isLegacy(url)) throw new BadRequestError('files.hostRefused');
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new UpstreamTimeoutError();
    throw new NotFoundError('files.notFound');
  }
  const contentType = res.headers.get('content-type') ?? '';
  if (!res.ok || !res.body) throw new NotFoundError('files.notFound');
  if (!contentType.startsWith('image/')) throw new BadRequestError('files.typeRefused', { type: contentType || '?' });
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > LEGACY_MAX_BYTES) throw new PayloadTooLargeError(LEGACY_MAX_BYTES);
  return { stream: Readable.fromWeb(res.body as never), contentType };
}
