// Flight stream -> HTML, with the Flight payload carried in the same response or named by it
// (a page the render cache keeps: docs/decisions/008-first-view-flight-as-its-own-request.md).
// Runs in the Express process with the normal React build.
import { AsyncResource } from 'node:async_hooks';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { use, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createFromNodeStream, type SSRManifest } from 'react-server-dom-webpack/client';
import { flightDataTag } from './flight-data';
import { LATE_SCRIPTS_ID, SCRIPTS_AFTER_LOAD } from '../routing/inline-scripts';
import type { FlightPayload } from './flight-data';

const CLOSING = '</body></html>';

export type SsrOptions = {
  ssrManifest: SSRManifest;
  /** The build's entry scripts: listed in the page and loaded after its load event
   * (lateScriptsTag), not handed to React as bootstrap scripts. */
  bootstrapScripts: string[];
  timeoutMs?: number;
  /** What the page carries of its Flight payload, given the whole payload once it has ended:
   * the block before `</body>`. Default: the payload itself, inline (`flightDataTag`). A page
   * the server keeps names it instead (`flightRefTag`, docs/decisions/008). */
  flightBlock?: (flight: Buffer) => string;
};

/**
 * Renders the page to an HTML stream. It resolves when the whole tree is ready (onAllReady):
 * loaders already fetched the data, so this is quick, and it means React never needs an
 * inline script to patch in late Suspense content, which a nonce-free CSP would block.
 * Rejects when the shell fails; the caller then answers with the static error document.
 */
export function renderHtml(flight: Readable, opts: SsrOptions): Promise<Readable> {
  const flightBytes: Buffer[] = [];
  let flightDone = false;
  let onFlightDone: (() => void) | null = null;

  // The Flight client must parse rows inside Fizz's async context, or client chunk preloads
  // are lost. Buffer until the first render, then forward through bound
  // callbacks.
  const early: Buffer[] = [];
  let forward: ((c: Buffer) => void) | null = null;
  let finish: (() => void) | null = null;
  flight.on('data', (c: Buffer) => {
    flightBytes.push(c);
    if (forward) forward(c);
    else early.push(c);
  });
  flight.on('end', () => {
    flightDone = true;
    finish?.();
    onFlightDone?.();
  });

  let payload: Promise<FlightPayload> | null = null;
  function SsrRoot(): ReactNode {
    if (!payload) {
      const forSsr = new PassThrough();
      for (const c of early) forSsr.write(c);
      early.length = 0;
      forward = AsyncResource.bind((c: Buffer) => void forSsr.write(c));
      finish = AsyncResource.bind(() => void forSsr.end());
      if (flightDone) forSsr.end();
      payload = createFromNodeStream<FlightPayload>(forSsr, opts.ssrManifest);
    }
    return use(payload).root;
  }

  return new Promise((resolve, reject) => {
    // The scripts are not React's bootstrap scripts (an async <script> and a preload each, which
    // start at once and share the line with the first view's images): they load after the
    // page's load event (SCRIPTS_AFTER_LOAD).
    const scripts = lateScriptsTag(opts.bootstrapScripts);
    const { pipe, abort } = renderToPipeableStream(<SsrRoot />, {
      onAllReady() {
        clearTimeout(timer);
        const block = opts.flightBlock ?? ((bytes: Buffer) => flightDataTag(bytes.toString('utf8')));
        resolve(pipe(appendFlightData(() => block(Buffer.concat(flightBytes)) + scripts, (cb) => (flightDone ? cb() : (onFlightDone = cb)))));
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError() {
        // Logged where the Flight stream was rendered (entry.rsc.tsx), with a digest.
      },
    });
    const timer = setTimeout(() => abort(new Error('server rendering timed out')), opts.timeoutMs ?? 10_000);
  });
}

/** The page's scripts as a JSON list (paths under /assets/: nothing to escape but `<`), and
 * the inline script that loads them after the load event. */
function lateScriptsTag(scripts: string[]): string {
  if (scripts.length === 0) return '';
  const list = JSON.stringify(scripts).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${LATE_SCRIPTS_ID}">${list}</script><script>${SCRIPTS_AFTER_LOAD}</script>`;
}

/** Holds back the last bytes of React's output, and writes the Flight data block before the
 * closing `</body></html>` once the Flight stream has ended. */
function appendFlightData(block: () => string, whenDone: (cb: () => void) => void): Transform {
  const decoder = new StringDecoder('utf8');
  let tail = '';
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      const s = tail + decoder.write(chunk);
      const cut = Math.max(0, s.length - CLOSING.length);
      tail = s.slice(cut);
      cb(null, s.slice(0, cut));
    },
    flush(cb) {
      tail += decoder.end();
      whenDone(() => {
        const data = block();
        this.push(tail.endsWith(CLOSING) ? tail.slice(0, -CLOSING.length) + data + CLOSING : tail + data);
        cb();
      });
    },
  });
}
