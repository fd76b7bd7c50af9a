import { renderMarkdown } from './markdown';

/**
 * Markdown from the content service, sanitised (see markdown.ts) before it is set as HTML.
 * `origin` is the site's public origin; absolute links to it are treated as internal. `lang`:
 * the text's language when it is not the page's (a Dutch text on an English page).
 */
export function RichText({ markdown, origin, className, lang }: { markdown: string | null | undefined; origin?: string; className?: string; lang?: string }) {
  if (!markdown || markdown.trim() === '') return null;
  const html = renderMarkdown(markdown, { siteOrigin: origin });
  return <div className={className ? `rich-text ${className}` : 'rich-text'} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
