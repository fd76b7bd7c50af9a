// The browser's form rules (browser-checks.ts, with zod) on demand: one request, started when
// a visitor focuses or uses a form, shared by every form on the page. Without JavaScript the
// server checks the same rules.
type Checks = typeof import('../../forms/catalogue/browser-checks');

let loading: Promise<Checks> | undefined;

export function loadChecks(): Promise<Checks> {
  loading ??= import(/* webpackChunkName: "form-checks" */ '../../forms/catalogue/browser-checks').catch((error: unknown) => {
    // A failed download (a flaky connection) may be tried again on the next use.
    loading = undefined;
    throw error;
  });
  return loading;
}
