import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token (256 bits, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 hex; the plain value exists only in the answer. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function numericCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
