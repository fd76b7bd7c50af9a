import type { Locale } from '../../../i18n/locale';
import type { PageSeo } from '../../../routing/route-types';
import { absoluteUrl } from './urls';

const OG_LOCALES: Record<Locale, string> = { nl: 'nl_NL', en: 'en_GB' };

/** Canonical address, Open Graph and structured data for one page. Rendered inside <head>
 * as part of the Document, so client navigation replaces them with the page. */
export function SeoTags(props: { locale: Locale; title: string; origin: string; path: string; seo: PageSeo }) {
  const { locale, seo, origin } = props;
  const url = absoluteUrl(origin, props.path);
  const image = seo.image;
  const other: Locale = locale === 'nl' ? 'en' : 'nl';
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content="Join Us" />
      <meta property="og:title" content={props.title} />
      {seo.description ? <meta property="og:description" content={seo.description} /> : null}
      <meta property="og:url" content={url} />
      <meta property="og:type" content={seo.type ?? 'website'} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      <meta property="og:locale:alternate" content={OG_LOCALES[other]} />
      {image ? <meta property="og:image" content={absoluteUrl(origin, image.url)} /> : null}
      {image?.width ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image?.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
      {image?.alt ? <meta property="og:image:alt" content={image.alt} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {(seo.jsonLd ?? []).map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
      ))}
    </>
  );
}

/** A data block, never executed; `<` is escaped so no `</script>` in content can end it early. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
