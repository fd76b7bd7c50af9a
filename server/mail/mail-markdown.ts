// Editors' Markdown as the plain text of a mail: a link keeps its text with the address after
// it (made absolute on the site, so it works from a mail program), an image its alt text;
// heading hashes and emphasis marks go; list items stay as "- " lines.

export function mailMarkdown(markdown: string | null | undefined, siteUrl?: string): string {
  if (!markdown) return '';
  const site = siteUrl?.replace(/\/+$/, '');
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_whole, text: string, href: string) => {
      const url = href.startsWith('/') && !href.startsWith('//') && site ? `${site}${href}` : href;
      return url === text ? text : `${text} (${url})`;
    })
    .replace(/^#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*[*+][ \t]+/gm, '- ')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/(^|\s)_([^_\n]+)_(?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
