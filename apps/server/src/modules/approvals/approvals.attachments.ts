import { and, eq, inArray } from 'drizzle-orm';
import { ATTACHMENT_UPLOAD_TYPE, type RequestDetail, type RequestFile } from '@fleetdesk/contracts/approvals';
import type { AppDeps } from '../../core/deps.js';
import { files } from '../../db/schema/files.js';
import { storedFileUrl } from '../files/files.service.js';

/**
 * A request's attachments as the applicant sends them: files of his tenant uploaded as `document` (a signed
 * address is made stable), each once; a bad one is a field error at `attachments.<i>`.
 */
export async function checkAttachments(deps: AppDeps, tenantId: number, urls: string[]): Promise<string[]> {
  const stable: string[] = [];
  for (const [i, url] of urls.entries()) {
    const u = await storedFileUrl(deps.db, deps, tenantId, url, `attachments.${i}`, {
      types: [ATTACHMENT_UPLOAD_TYPE],
    });
    if (!stable.includes(u)) stable.push(u);
  }
  return stable;
}

/** The attachments with their names, sizes and download links (signed for a while). */
export async function requestFiles(deps: AppDeps, tenantId: number, urls: string[]): Promise<RequestFile[]> {
  const keys = urls.map((u) => deps.fileUrls.keyOf(u));
  const known = keys.filter((k): k is string => !!k);
  const rows = known.length
    ? await deps.db
        .select({ key: files.key, name: files.originalName, contentType: files.contentType, size: files.size })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.key, known)))
    : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return urls.map((url, i) => {
    const row = keys[i] ? byKey.get(keys[i]) : undefined;
    return {
      url,
      signedUrl: row ? deps.fileUrls.sign(tenantId, url) : null,
      name: row?.name ?? decodeURIComponent(url.split('/').pop() ?? url),
      contentType: row?.contentType ?? null,
      size: row?.size ?? null,
    };
  });
}

/** The detail of a request as the calls answer it: the engine's detail and its attachments' files. */
export async function withFiles(
  deps: AppDeps,
  tenantId: number,
  detail: Omit<RequestDetail, 'files'>,
): Promise<RequestDetail> {
  return { ...detail, files: await requestFiles(deps, tenantId, detail.attachments) };
}
