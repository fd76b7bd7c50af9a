// The resource hints in a Flight payload (`:HL["/assets/main.css","style"]`: a stylesheet or an
// image to preload, a host to preconnect to), replayed into React DOM's server render. The
// streaming renderer gets them from the Flight client as it reads the rows inside the render; the
// server renders with renderToString once the payload is decoded (entry.ssr.tsx), where nothing
// would pass them on, so they are read from the payload's bytes and given to React DOM's own hint
// calls in the render. React dedupes them with the hints of its own (an image with
// fetchPriority="high"), as the streaming renderer does.
import { preconnect, prefetchDNS, preinit, preinitModule, preload, preloadModule } from 'react-dom';

type Hint = { code: string; args: unknown[] };

/** The tags of rows whose length comes first (`<id>:<tag><hex length>,<bytes>`, newlines and all):
 * text and the typed arrays. */
const SIZED_ROWS = new Set('TAOoUSsLlGgMmV'.split('').map((c) => c.charCodeAt(0)));

/** The hint rows of a whole payload, in order. Rows are `<id>:<tag><data>\n`, sized rows
 * `<id>:<tag><hex length>,<bytes>`; a hint row has no id. */
export function flightHints(flight: Buffer): Hint[] {
  const hints: Hint[] = [];
  let at = 0;
  while (at < flight.length) {
    const colon = flight.indexOf(0x3a /* : */, at);
    if (colon === -1) break;
    const sized = SIZED_ROWS.has(flight[colon + 1]!) ? /^[0-9a-f]+,/.exec(flight.toString('latin1', colon + 2, colon + 20)) : null;
    if (sized) {
      at = colon + 2 + sized[0].length + parseInt(sized[0], 16);
      continue;
    }
    const end = flight.indexOf(0x0a /* \n */, colon);
    const stop = end === -1 ? flight.length : end;
    if (colon === at && flight[colon + 1] === 0x48 /* H */) {
      try {
        const args = JSON.parse(flight.toString('utf8', colon + 3, stop)) as unknown;
        hints.push({ code: String.fromCharCode(flight[colon + 2]!), args: Array.isArray(args) ? args : [args] });
      } catch {
        // not a hint this code knows how to read: the page renders without it
      }
    }
    at = stop + 1;
  }
  return hints;
}

/** Gives the hints to React DOM; call while rendering. The codes are React Flight's. */
export function replayHints(hints: readonly Hint[]): void {
  for (const { code, args } of hints) {
    const [href, second, third] = args as [string, unknown, unknown];
    if (typeof href !== 'string') continue;
    if (code === 'D') prefetchDNS(href);
    else if (code === 'C') preconnect(href, typeof second === 'string' ? { crossOrigin: second as 'anonymous' | 'use-credentials' } : undefined);
    else if (code === 'L') preload(href, { as: second as never, ...(third as object) });
    else if (code === 'm') preloadModule(href, second as never);
    else if (code === 'S') preinit(href, { as: 'style', ...(typeof second === 'string' ? { precedence: second } : {}), ...(third as object) });
    else if (code === 'X') preinit(href, { as: 'script', ...(second as object) });
    else if (code === 'M') preinitModule(href, second as never);
  }
}
