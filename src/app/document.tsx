import type { ReactNode } from 'react';
import { COLOR_MODE_SCRIPT, CONSENT_ASK_SCRIPT, DATA_LAYER_SCRIPT } from '../routing/inline-scripts';
import type { PageMeta } from '../routing/page-meta';
import { AlternateLinks } from './chrome/alternate-links';
import type { PageSeo } from '../routing/route-types';
import { SeoTags } from './pages/seo/seo-tags';

const APP_TITLE = 'Join Us';

/** The whole HTML document. The root of every Flight payload, so client navigation updates
 * <head> (title, description) together with the page. */
export function Document(props: {
  meta: PageMeta;
  title: string | null;
  description?: string;
  stylesheets: string[];
  noIndex?: boolean;
  /** Public origin and SEO fields of an indexable page: canonical URL, Open Graph, JSON-LD. */
  seo?: { origin: string; fields: PageSeo };
  /** The page in its layout (src/app/layout-frame.client.tsx). */
  frame: ReactNode;
  /** After the layout, in <body> (the debug view). */
  after?: ReactNode;
}) {
  const { meta } = props;
  const title = props.title && props.title !== APP_TITLE ? `${props.title} | ${APP_TITLE}` : APP_TITLE;
  return (
    <html lang={meta.locale} data-forced-color-mode={meta.forcedColorMode ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        {props.noIndex ? <meta name="robots" content="noindex" /> : null}
        <meta name="build-id" content={meta.buildId} />
        {props.seo ? <SeoTags locale={meta.locale} title={props.title ?? APP_TITLE} origin={props.seo.origin} path={meta.path} seo={props.seo.fields} /> : null}
        {props.seo ? <AlternateLinks origin={props.seo.origin} path={meta.path} /> : null}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/icon-192.png" type="image/png" sizes="192x192" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" content="#1f6b3a" />
        <script dangerouslySetInnerHTML={{ __html: COLOR_MODE_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: DATA_LAYER_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: CONSENT_ASK_SCRIPT }} />
        {props.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      {/* Always these two children: the kept layout is rendered at the same place in the tree
          (src/framework/entry.ssr.tsx, renderLayoutHtml), so its ids are the page's. */}
      <body>
        {props.frame}
        {props.after ?? null}
      </body>
    </html>
  );
}
