import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible store (path-style, one bucket; keys without the bucket): PUT, GET, DELETE and
 * ListObjectsV2 in pages of four keys (so that a listing needs its continuation token), as the AWS SDK calls them.
 */
export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; type: string }>();
  readonly lists: string[] = [];
  private server!: Server;
  port = 0;
  constructor(readonly bucket: string) {}

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://x');
        const key = decodeURIComponent(url.pathname).replace(`/${this.bucket}/`, '');
        if (req.method === 'DELETE') {
          this.objects.delete(key);
          res.statusCode = 204;
          return res.end();
        }
        if (req.method === 'PUT') {
          this.objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.setHeader('ETag', '"etag"');
          return res.end();
        }
        if (url.searchParams.get('list-type') === '2') {
          const token = url.searchParams.get('continuation-token') ?? '';
          this.lists.push(token);
          const prefix = url.searchParams.get('prefix') ?? '';
          const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix) && k > token).sort();
          const page = keys.slice(0, 4);
          const more = keys.length > page.length;
          res.setHeader('content-type', 'application/xml');
          return res.end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
              `<Name>${this.bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
              `<MaxKeys>4</MaxKeys><IsTruncated>${more}</IsTruncated>` +
              (more ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : '') +
              page
                .map((k) => `<Contents><Key>${k}</Key><Size>${this.objects.get(k)!.body.length}</Size></Contents>`)
                .join('') +
              `</ListBucketResult>`,
          );
        }
        const obj = this.objects.get(key);
        if (!obj) {
          res.statusCode = 404;
          res.setHeader('content-type', 'application/xml');
          return res.end('<Error><Code>NoSuchKey</Code></Error>');
        }
        res.setHeader('content-type', obj.type);
        res.setHeader('content-length', obj.body.length);
        res.end(obj.body);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() {
    this.server.close();
  }
}
