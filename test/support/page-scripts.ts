// The scripts a page names, as a test or the bench reads them from its HTML: the list it loads
// after its load event (#late-scripts, src/routing/inline-scripts.ts) and any <script src>.
// Client component chunks are not named: the browser loads them when it reads the payload.
import { LATE_SCRIPTS_ID } from '../../src/routing/inline-scripts';

const LATE_LIST = new RegExp(`<script type="application/json" id="${LATE_SCRIPTS_ID}">([^<]*)</script>`);

export function pageScripts(html: string): string[] {
  const late = LATE_LIST.exec(html);
  const listed = late ? (JSON.parse(late[1]!) as string[]) : [];
  return [...listed, ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!)];
}
