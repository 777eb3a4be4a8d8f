import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt with OWASP's parameters (N = 2^17, r = 8, p = 1), stored as
 * `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>` so that the cost can rise without breaking old hashes.
 */
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, 8, 1);
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing, verified when the user does not exist so that timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(logN: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'), logN);
  return dummyHash;
}
