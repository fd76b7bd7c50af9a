import type { ReactNode } from 'react';
import { COLOR_MODE_SCRIPT, DATA_LAYER_SCRIPT } from '../framework/inline-scripts';
import type { PageMeta } from '../framework/page-meta';

const APP_TITLE = 'Join Us';

/** The whole HTML document. The root of every Flight payload, so client navigation updates
 * <head> (title, description) together with the page. */
export function Document(props: {
  meta: PageMeta;
  title: string | null;
  description?: string;
  stylesheets: string[];
  noIndex?: boolean;
  children: ReactNode;
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
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: COLOR_MODE_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: DATA_LAYER_SCRIPT }} />
        {props.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>{props.children}</body>
    </html>
  );
}
