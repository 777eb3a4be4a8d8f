import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Keys and certificates from the configuration: PEM text (with literal `\n` allowed, for one-line environment
 * variables), a path to a PEM file, or (Alipay's console gives them so) bare base64 DER.
 */
function text(value: string): string {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return v.replace(/\\n/g, '\n');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(v) || v.includes('/')) {
    if (existsSync(v)) return readFileSync(v, 'utf8');
  }
  return v;
}

export function privateKey(value: string): KeyObject {
  const v = text(value);
  if (v.startsWith('-----BEGIN')) return createPrivateKey(v);
  const der = Buffer.from(v.replace(/\s/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key, or the public key of a certificate. */
export function publicKey(value: string): KeyObject {
  const v = text(value);
  if (v.startsWith('-----BEGIN CERTIFICATE')) return new X509Certificate(v).publicKey;
  if (v.startsWith('-----BEGIN')) return createPublicKey(v);
  return createPublicKey({ key: Buffer.from(v.replace(/\s/g, ''), 'base64'), format: 'der', type: 'spki' });
}
