import { stringifyQuery } from './query-string';
import type { Transport } from './transport';

/** Transport to a running Strapi, over Node's global fetch (undici). */
export function createHttpTransport(options: { baseUrl: string }): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return async ({ method, path, query, body, headers, signal }) => {
    const search = stringifyQuery(query);
    const url = `${baseUrl}${path}${search ? `?${search}` : ''}`;
    const multipart = body instanceof FormData;
    const response = await fetch(url, {
      method,
      headers,
      // A FormData with file-backed Blobs (fs.openAsBlob) is streamed from disk by undici.
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      // Following redirects makes fetch clone the request, and the clone tees the body: every
      // byte sent stays in memory until the answer (a whole 100 MB CV). An upload is never
      // redirected, so a redirect is an error instead.
      ...(multipart ? { redirect: 'error' as const } : {}),
      signal,
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: the caller turns it into the synthetic error.
    return undefined;
  }
}
