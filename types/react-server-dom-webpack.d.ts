// The package ships no types; these cover what this project calls.
declare module 'react-server-dom-webpack/server' {
  import type { Writable } from 'node:stream';
  export function renderToPipeableStream(
    model: unknown,
    webpackMap: unknown,
    options?: { onError?: (e: unknown) => string | void; identifierPrefix?: string; signal?: AbortSignal },
  ): { pipe<T extends Writable>(d: T): T; abort(reason?: unknown): void };
  export function registerClientReference<T>(proxy: T, id: string, exportName: string): T;
}
declare module 'react-server-dom-webpack/client' {
  import type { Readable } from 'node:stream';
  export type SSRManifest = { moduleMap: unknown; serverModuleMap: unknown; moduleLoading: unknown };
  export function createFromNodeStream<T = unknown>(stream: Readable, manifest: SSRManifest, options?: { nonce?: string }): Promise<T>;
  export function createFromReadableStream<T = unknown>(stream: ReadableStream<Uint8Array>, options?: Record<string, unknown>): Promise<T>;
  export function createFromFetch<T = unknown>(response: Promise<Response>, options?: Record<string, unknown>): Promise<T>;
}
declare module 'react-server-dom-webpack/plugin' {
  const ReactServerWebpackPlugin: new (options: Record<string, unknown>) => { apply(compiler: unknown): void };
  export default ReactServerWebpackPlugin;
}
