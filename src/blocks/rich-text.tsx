import { renderMarkdown } from './markdown';

/**
 * Markdown from the content service, sanitised (see markdown.ts) before it is set as HTML.
 * `origin` is the site's public origin; absolute links to it are treated as internal.
 */
export function RichText({ markdown, origin, className }: { markdown: string | null | undefined; origin?: string; className?: string }) {
  if (!markdown || markdown.trim() === '') return null;
  const html = renderMarkdown(markdown, { siteOrigin: origin });
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
