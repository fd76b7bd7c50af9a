import type { Logger } from 'pino';
import type { SiteContent } from '../content/site-content';

/** What the server hands to the server-component graph: created once per process in the
 * Express bundle and passed in, so there is one content cache, not one per bundle. */
export type Services = {
  content: SiteContent;
  logger: Logger;
  buildId: string;
  /** Stylesheets of the browser entry, content-hashed. */
  stylesheets: string[];
  publicConfig: PublicConfig;
  /** Where the content comes from, for the debug view. */
  contentSource: string;
  /** Content cache counters (hits, misses, stale served, errors), for the debug view. */
  contentStats: () => Record<string, number> | undefined;
  forms: FormServices;
  /** Whether `?debug` shows the debug view (DEBUG_VIEW; off in production by default). */
  debugView: boolean;
  /** Whether visitors' accounts can work now, asked when an account page renders so the page
   * says so before its form. */
  accounts(): AccountsState;
  /** Set on the editor-preview instance only (a second RSC app over a content client that
   * reads drafts, past every cache): its pages say so in a banner, are never indexed and send
   * no page views. The shared instance leaves it out. */
  preview?: PreviewMode;
};

/** Accounts live in the content service's users-permissions: `off` without a content service
 * (the embedded content has no users), `down` while calls to it fail at once (it kept failing:
 * src/content/breaker.ts), else `on`. */
export type AccountsState = 'on' | 'off' | 'down';

/** Which version of the content the preview instance shows. */
export type PreviewMode = { status: 'draft' | 'published' };

/** What forms need from the server when they render: a signed time stamp (the no-JavaScript
 * bot check) and which captcha runs in the browser. */
export type FormServices = {
  stamp(): string;
  captcha: { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };
};

/** Values the browser may see. Nothing secret ever goes here. */
export type PublicConfig = {
  googleTagManagerID: string;
  publicOrigin: string;
  /** Login providers the log-in page offers (`/connect/{provider}`); none when absent. */
  loginProviders?: readonly string[];
};
