// hreflang links for a page that exists in both languages (the path table's language pairs):
// search engines then show each visitor their own language's version.
import { alternatesFor } from '../../routing/nav-paths';

export function AlternateLinks({ origin, path }: { origin: string; path: string }) {
  const alternates = alternatesFor(path);
  if (alternates.length === 0) return null;
  const base = origin.replace(/\/+$/, '');
  return (
    <>
      {alternates.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={base + a.path} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={base + (alternates.find((a) => a.hrefLang === 'nl')?.path ?? '/')} />
    </>
  );
}
