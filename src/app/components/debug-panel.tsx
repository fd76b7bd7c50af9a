import type { PageMeta } from '../../routing/page-meta';
import type { Services } from '../../routing/services';

/** Shown with the `?debug` query parameter: what an editor or developer needs
 * to understand a page, and nothing secret (no tokens, no URLs with credentials). */
export function DebugPanel({ meta, services }: { meta: PageMeta; services: Services }) {
  const stats = services.contentStats();
  const rows: Array<[string, string]> = [
    ['Route', meta.routeName ?? '(none)'],
    ['Status', String(meta.status)],
    ['Locale', meta.locale],
    ['Build', meta.buildId],
    ['Content', services.contentSource],
    ...Object.entries(stats ?? {}).map(([k, v]): [string, string] => [`Cache ${k}`, String(v)]),
  ];
  return (
    <aside className="debug-panel" aria-label="Debug">
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
