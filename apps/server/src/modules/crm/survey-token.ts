import { safeEqual } from '../../core/secrets.js';
import type { FileUrls } from '../../core/file-urls.js';

/** Characters of the HMAC kept in a token (22 base64url characters: 132 bits). */
const SIG_CHARS = 22;

/** What a survey invitation's token names: the invite and when the link ends (epoch seconds). */
export interface SurveyTokenClaims {
  inviteId: number;
  exp: number;
}

function signature(urls: Pick<FileUrls, 'mac'>, tenantId: number, surveyId: number, c: SurveyTokenClaims): string {
  return urls.mac(`survey\n${tenantId}\n${surveyId}\n${c.inviteId}\n${c.exp}`).slice(0, SIG_CHARS);
}

/**
 * The token of an invitation's link `/survey/{surveyId}/{token}` (docs/crm.md, "Surveys"): base64url of
 * `${inviteId}.${exp}`, a dot, and the server secret's HMAC-SHA256 of tenant, survey, invite and expiry cut to 22
 * characters. Nothing is stored: the link proves itself.
 */
export function surveyToken(
  urls: Pick<FileUrls, 'mac'>,
  tenantId: number,
  surveyId: number,
  claims: SurveyTokenClaims,
): string {
  const head = Buffer.from(`${claims.inviteId}.${claims.exp}`).toString('base64url');
  return `${head}.${signature(urls, tenantId, surveyId, claims)}`;
}

/** The claims a token carries, unchecked (null when it is not one of ours in shape). */
export function readSurveyToken(token: string): (SurveyTokenClaims & { sig: string }) | null {
  const m = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const body = /^(\d{1,15})\.(\d{1,12})$/.exec(Buffer.from(m[1]!, 'base64url').toString('latin1'));
  if (!body) return null;
  const inviteId = Number(body[1]);
  const exp = Number(body[2]);
  if (!Number.isSafeInteger(inviteId) || inviteId <= 0 || !Number.isSafeInteger(exp)) return null;
  return { inviteId, exp, sig: m[2]! };
}

/** Whether the token's signature holds for this tenant and survey (the expiry is the caller's check). */
export function surveyTokenValid(
  urls: Pick<FileUrls, 'mac'>,
  tenantId: number,
  surveyId: number,
  claims: SurveyTokenClaims & { sig: string },
): boolean {
  return safeEqual(claims.sig, signature(urls, tenantId, surveyId, claims));
}
