// Markdown from the content service to HTML that is safe to put in the page. Editors are
// trusted but accounts can leak and content can be pasted from anywhere, so everything marked
// produces is passed through an allow-list: what is not listed below does not reach a visitor.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { LRUCache } from 'lru-cache';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

export type MarkdownOptions = {
  /** The site's own origin (`https://www.stichtingjoinus.nl`): links to it stay in the tab. */
  siteOrigin?: string;
};

/** Rendered texts by origin and text: a text is rendered and sanitised once, not on every render
 * of every page that shows it (it was a fifth of the home page's server-component render). Bounded
 * by characters kept (keys and values). */
const rendered = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (html, key) => html.length + key.length || 1 });

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const key = `${options.siteOrigin ?? ''}\n${markdown}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = sanitizeRichText(marked.parse(markdown, { async: false }), options);
    rendered.set(key, html);
  }
  return html;
}

export function sanitizeRichText(html: string, { siteOrigin }: MarkdownOptions = {}): string {
  const siteHost = hostOf(siteOrigin);
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'img', 'br', 'hr', 'code', 'pre'],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      ol: ['start'],
    },
    allowedSchemes: LINK_SCHEMES,
    // Images only over http(s) or from the site itself: no data: URLs, no tracking via mailto.
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      // The page has its own h1, and a heading scale that stops at h4.
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      b: 'strong',
      i: 'em',
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs, siteHost) }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
    },
  });
}

/** External http(s) links open in a new tab without handing the page to the other site. */
function linkAttributes(attribs: Record<string, string>, siteHost: string | null): Record<string, string> {
  const { href, title } = attribs;
  const out: Record<string, string> = {};
  if (title) out.title = title;
  if (href === undefined) return out;
  out.href = href;
  if (isExternalHref(href, siteHost)) {
    out.rel = 'noopener noreferrer';
    out.target = '_blank';
  }
  return out;
}

/** True for an http(s) address on another host than the site's own. */
export function isExternalHref(href: string, siteHost: string | null): boolean {
  const trimmed = href.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  const host = hostOf(trimmed);
  return host === null || host !== siteHost;
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}
