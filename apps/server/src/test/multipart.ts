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
