import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  INLINE_TYPES,
  UPLOAD_TYPES,
  type UploadResult,
  type UploadRule,
  type UploadType,
} from '@fleetdesk/contracts/files';
import { hasPermission, type RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import {
  BadRequestError,
  ForbiddenError,
  invalidField,
  NotFoundError,
  UpstreamTimeoutError,
} from '../../core/errors.js';
import { tenantOfKey } from '../../core/file-urls.js';
import { PayloadTooLargeError, receiveFile } from '../../core/multipart.js';
import { files } from '../../db/schema/files.js';
import './files.messages.js';
import {
  ByteCap,
  cleanFileName,
  ContentCounter,
  ContentMismatchError,
  EXTENSIONS,
  HEAD_BYTES,
  peek,
  sniffType,
} from './sniff.js';

/**
 * Whether the caller may upload files of `type`: one of the type's elements (the write elements of the areas
 * that keep such files), or, for a personal type (avatar), any signed-in user. A read-only user uploads nothing
 * but an avatar.
 */
export function mayUpload(ctx: RequestContext, type: UploadType): boolean {
  const rule: UploadRule = UPLOAD_TYPES[type];
  return rule.anyOf === 'signedIn' || rule.anyOf.some((code) => hasPermission(ctx.permissions, code));
}

/**
 * Stores one uploaded file of the caller's tenant after checking the caller's right to the type, then what the
 * file is (sniffed from its first bytes, never taken from its name or declared type) and its size.
 */
export async function uploadFile(
  deps: AppDeps,
  ctx: RequestContext,
  req: FastifyRequest,
  type: UploadType,
): Promise<UploadResult> {
  if (!mayUpload(ctx, type)) throw new ForbiddenError();
  return storeUpload(deps, { tenantId: ctx.tenantId, userId: ctx.userId, driverId: null }, req, type);
}

/**
 * Stores one uploaded file for its owner (an employee, or a driver of the driver portal, issue 34), once the
 * caller's right to the type is settled: what the file is is sniffed from its first bytes (never taken from its
 * name or declared type), and its size is bounded.
 */
export async function storeUpload(
  deps: AppDeps,
  owner: { tenantId: number; userId: number | null; driverId: number | null },
  req: FastifyRequest,
  type: UploadType,
): Promise<UploadResult> {
  const rule: UploadRule = UPLOAD_TYPES[type];
  const maxBytes = Math.min(rule.maxBytes, deps.config.UPLOAD_MAX_BYTES);
  const stored = await receiveFile(req, maxBytes, async (file) => {
    const { head, whole } = await peek(file.stream, HEAD_BYTES);
    if (head.length === 0) throw new BadRequestError('files.empty');
    const mime = sniffType(head);
    if (!(rule.mime as readonly string[]).includes(mime)) {
      whole.resume();
      throw new BadRequestError('files.typeRefused', { type: mime });
    }
    const now = deps.clock.now();
    const key = `t${owner.tenantId}/${type}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${EXTENSIONS[mime]}`;
    const counter = new ContentCounter(mime);
    // The storage attaches its own listeners only after it is ready (mkdir, S3 upload); until then an early
    // failure (bad text, too large) must not escape as an uncaught error. The storage still sees it.
    counter.on('error', () => undefined);
    whole.on('error', (err) => counter.destroy(err));
    file.stream.on('limit', () => counter.destroy(new PayloadTooLargeError(maxBytes)));
    try {
      await deps.storage.put(key, whole.pipe(counter), mime);
    } catch (err) {
      await deps.storage.delete(key).catch(() => undefined);
      if (err instanceof ContentMismatchError) throw new BadRequestError('files.textInvalid');
      throw err;
    }
    if (file.stream.truncated) {
      await deps.storage.delete(key);
      throw new PayloadTooLargeError(maxBytes);
    }
    return { key, mime, size: counter.bytes, name: cleanFileName(file.filename, mime) };
  });
  await deps.db.insert(files).values({
    tenantId: owner.tenantId,
    key: stored.key,
    type,
    contentType: stored.mime,
    size: stored.size,
    originalName: stored.name,
    uploadedBy: owner.userId,
    driverId: owner.driverId,
  });
  const url = deps.fileUrls.stableUrl(stored.key);
  return {
    url,
    signedUrl: deps.fileUrls.sign(owner.tenantId, url)!,
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

/**
 * The stable address of an uploaded file of the tenant, for a record to keep (a signed address is accepted and
 * made stable). Every record that takes a file checks it here, so that a bad address is the same field error
 * at `path` everywhere: another tenant's file, one that does not exist, and, when `only` says so, one another
 * user uploaded or of another upload type.
 */
export async function storedFileUrl(
  db: DbOrTx,
  deps: AppDeps,
  tenantId: number,
  url: string,
  path: string,
  only: { uploadedBy?: number; driverId?: number; types?: readonly UploadType[] } = {},
): Promise<string> {
  const key = deps.fileUrls.keyOf(url);
  if (!key || tenantOfKey(key) !== tenantId) throw invalidField(path, 'files.fileNotFound');
  const [row] = await db
    .select({ uploadedBy: files.uploadedBy, driverId: files.driverId, type: files.type })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.key, key)));
  if (!row) throw invalidField(path, 'files.fileNotFound');
  if (only.uploadedBy !== undefined && row.uploadedBy !== only.uploadedBy)
    throw invalidField(path, 'files.fileNotFound');
  if (only.driverId !== undefined && row.driverId !== only.driverId) throw invalidField(path, 'files.fileNotFound');
  if (only.types && !(only.types as readonly string[]).includes(row.type))
    throw invalidField(path, 'files.fileNotFound');
  return deps.fileUrls.stableUrl(key);
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

/** Whether a stored file may be shown by the browser (a raster image); anything else is served as a download. */
export function isInline(contentType: string): boolean {
  return INLINE_TYPES.includes(contentType);
}

/**
 * A file behind a valid signature: its bytes, or (S3) where to fetch an image. Other files of S3 come through
 * the API too, so that they are served as a download with our headers, never opened by the browser.
 */
export async function openSignedFile(deps: AppDeps, key: string, exp: number, sig: string) {
  if (!deps.fileUrls.verify(key, exp, sig)) throw new ForbiddenError('files.linkExpired');
  const tenantId = tenantOfKey(key);
  const row = tenantId === null ? undefined : await fileOfTenant(deps, tenantId, key);
  if (!row) throw new NotFoundError('files.notFound');
  const inline = isInline(row.contentType);
  if (deps.storage.presign && inline) {
    return { redirect: await deps.storage.presign(key, 300), contentType: row.contentType, name: row.originalName };
  }
  const found = await deps.storage.get(key);
  if (!found) throw new NotFoundError('files.notFound');
  return { stream: found.stream, size: found.size, contentType: row.contentType, name: row.originalName, inline };
}

const LEGACY_MAX_BYTES = 20 * 1024 * 1024;

/** Raster images only: an SVG can carry script, and nothing else of the legacy host is worth serving. */
const LEGACY_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'];

/** A failure of the upstream fetch as an answer: its time limit is 504, anything else as if the image were missing. */
function upstreamFailure(err: unknown): Error {
  const name = (err as Error).name;
  return name === 'TimeoutError' || name === 'AbortError'
    ? new UpstreamTimeoutError()
    : new NotFoundError('files.notFound');
}

/**
 * Fetches an image of the legacy storage host for a page served over HTTPS; every other host (and port) is
 * refused. Only raster images pass, by the upstream's content type and by the first bytes alike, and the bytes
 * are counted as they stream: past `maxBytes` the answer is cut, whatever length the upstream announced.
 */
export async function fetchLegacyImage(deps: AppDeps, url: string, maxBytes = LEGACY_MAX_BYTES) {
  if (!deps.fileUrls.isLegacy(url)) throw new BadRequestError('files.hostRefused');
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw upstreamFailure(err);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new NotFoundError('files.notFound');
  }
  const declared = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!LEGACY_TYPES.includes(declared)) {
    await res.body.cancel().catch(() => undefined);
    throw new BadRequestError('files.typeRefused', { type: declared || '?' });
  }
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new PayloadTooLargeError(maxBytes);
  }
  const source = Readable.fromWeb(res.body as never);
  let head: Buffer;
  let whole: Readable;
  try {
    ({ head, whole } = await peek(source, HEAD_BYTES));
  } catch (err) {
    source.destroy();
    throw upstreamFailure(err);
  }
  const sniffed = sniffType(head);
  if (!LEGACY_TYPES.includes(sniffed)) {
    source.destroy();
    throw new BadRequestError('files.typeRefused', { type: sniffed });
  }
  const cap = new ByteCap(maxBytes);
  whole.on('error', (err) => cap.destroy(err));
  cap.on('error', () => source.destroy());
  return { stream: whole.pipe(cap), contentType: sniffed };
}
