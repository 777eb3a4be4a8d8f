import type { TestApp } from './harness.js';

/**
 * A multipart/form-data body holding one file in the field "file", as a browser sends an upload. `disposition`
 * replaces the `filename="…"` parameters (a test of hostile names).
 */
export function multipart(filename: string, contentType: string, content: Buffer, disposition?: string) {
  const boundary = '----fleetdesk-test-boundary';
  const params = disposition ?? `filename="${filename}"`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${params}\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A one-pixel PNG. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
    'hex',
  ),
]);

/** Uploads a file (PNG by default) and answers its stable address. */
export async function upload(t: TestApp, as: string, type = 'car', name = 'front.png', content = PNG): Promise<string> {
  const { body, contentType } = multipart(name, 'image/png', content);
  const res = await t.request('POST', `/api/tool/oss/upload/${type}`, {
    as,
    headers: { 'content-type': contentType },
    body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.url as string;
}
