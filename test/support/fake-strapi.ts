// A real HTTP server that answers like Strapi v5 for the few calls a page needs, with an
// optional delay, for tests that need a content service they control.
import { createServer, type Server } from 'node:http';

export type FakeStrapi = { url: string; requests: string[]; close(): Promise<void>; setDelay(ms: number): void; setStatus(s: number): void };

export async function startFakeStrapi(): Promise<FakeStrapi> {
  let delay = 0;
  let status = 200;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    setTimeout(() => {
      res.setHeader('Content-Type', 'application/json');
      if (status !== 200) {
        res.statusCode = status;
        return res.end(JSON.stringify({ data: null, error: { status, name: 'InternalServerError', message: 'down', details: {} } }));
      }
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/i18n/locales') return res.end(JSON.stringify([{ id: 1, code: 'nl', name: 'Dutch', isDefault: true }]));
      if (url.pathname === '/api/pages') {
        const slug = url.searchParams.get('filters[slug][$eq]') ?? 'home';
        const page = { id: 7, documentId: 'abcdefghijklmnopqrstuvwx', title: `Pagina ${slug}`, slug, locale: 'nl', blocks: [] };
        return res.end(JSON.stringify({ data: [page], meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } } }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }));
    }, delay);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setDelay: (ms) => (delay = ms),
    setStatus: (s) => (status = s),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
