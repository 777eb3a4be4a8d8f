import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type FakeAnswer =
  | { status?: number; body?: unknown; delayMs?: number }
  /** A file (an export): its bytes and type instead of a JSON body. */
  | { status?: number; file: Blob | string; contentType: string; delayMs?: number }
  | 'hang'
  | 'network-error';
type Handler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** The success envelope of every JSON call. */
export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { status: 200, message: 'ok', data } });

/**
 * A fake API behind `fetch`: routes are `METHOD /path` (`:name` segments match anything). Every request is
 * recorded, so tests assert what the app sent, and unknown routes answer 404 like the server.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const table = { ...routes };
  const requests: FakeRequest[] = [];
  const match = (method: string, path: string) =>
    Object.entries(table).find(([key]) => {
      const [m, pattern] = key.split(' ');
      if (m !== method) return false;
      const re = new RegExp(`^${pattern!.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      return re.test(path);
    })?.[1];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(req);
    const handler = match(method, url.pathname);
    const answer: FakeAnswer = handler
      ? await handler(req)
      : { status: 404, body: { status: 404, message: 'not found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if ('file' in answer) {
      return new Response(answer.file, {
        status: answer.status ?? 200,
        headers: { 'Content-Type': answer.contentType },
      });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** Adds or replaces routes. */
    on(more: Record<string, Handler>) {
      Object.assign(table, more);
    },
    calls(method: string, path: string | RegExp) {
      return requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
    },
  };
}
