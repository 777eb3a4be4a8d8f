import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema/platform.js';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { hmac, safeEqual } from './secrets.js';

export const FILE_URL_PREFIX = '/api/tool/oss/file/';
export const LEGACY_PROXY_PATH = '/api/tool/oss/proxy';

/** Storage keys start with the owning tenant: `t<tenantId>/...`. */
export function tenantOfKey(key: string): number | null {
  const m = /^t(\d+)\//.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * Addresses of uploaded files. A record stores the stable address (`/api/tool/oss/file/<key>`); what a browser
 * opens is that address signed for a while (`?exp=&sig=`), and the API signs only the caller's tenant's files.
 */
export class FileUrls {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
    private readonly legacyHost: string,
  ) {}

  stableUrl(key: string): string {
    return FILE_URL_PREFIX + key;
  }

  /** The key of one of our file addresses (relative or absolute, signed or not), else null. */
  keyOf(url: string): string | null {
    let pathname: string;
    try {
      pathname = new URL(url, 'http://x').pathname;
    } catch {
      return null;
    }
    if (!pathname.startsWith(FILE_URL_PREFIX)) return null;
    const key = decodeURIComponent(pathname.slice(FILE_URL_PREFIX.length));
    return /^t\d+\/[\w./-]+$/.test(key) && !key.includes('..') ? key : null;
  }

  signature(key: string, exp: number): string {
    return hmac(this.secret, `${key}\n${exp}`);
  }

  /** An HMAC-SHA256 of `value` with the same server secret: other signed links (a survey invitation's token). */
  mac(value: string): string {
    return hmac(this.secret, value);
  }

  verify(key: string, exp: number, sig: string): boolean {
    return Number.isFinite(exp) && exp * 1000 > this.clock.now().getTime() && safeEqual(sig, this.signature(key, exp));
  }

  /**
   * What a browser of `tenantId` may open for `url`: our file signed when it is the tenant's, the proxy path
   * for an address of the legacy image host, other addresses unchanged, and null for another tenant's file.
   */
  sign(tenantId: number, url: string | null | undefined): string | null {
    if (!url) return null;
    const key = this.keyOf(url);
    if (key) {
      if (tenantOfKey(key) !== tenantId) return null;
      const exp = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
      return `${this.stableUrl(key)}?exp=${exp}&sig=${this.signature(key, exp)}`;
    }
    if (this.isLegacy(url)) return `${LEGACY_PROXY_PATH}?url=${encodeURIComponent(url)}`;
    return url;
  }

  /**
   * Whether `url` is an address of the legacy image host: http or https, no credentials, and the host as
   * configured, port included. The configured host names no port in production, so only the standard ports
   * (80, 443) pass: another port of the same host is another service, which the proxy must not reach. A port
   * is configured only to point at a stand-in server (`LEGACY_IMAGE_HOST=127.0.0.1:5555`).
   */
  isLegacy(url: string): boolean {
    try {
      const u = new URL(url);
      return (
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        !u.username &&
        !u.password &&
        u.host === this.legacyHost.toLowerCase()
      );
    } catch {
      return false;
    }
  }
}

/** The signing key: FILE_URL_SECRET when configured, else one generated once and kept in the database. */
export async function fileUrlSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'file_url_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'file_url_secret'));
  return row!.value;
}
