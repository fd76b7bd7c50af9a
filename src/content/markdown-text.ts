// Editors' Markdown as plain text, read through marked's lexer (the parser the pages use), for
// where no HTML goes: meta descriptions, structured data, mails. Emphasis and heading marks go;
// an image leaves its alt text; a link its text, and in a mail its address too.
import { Lexer, type Token, type Tokens } from 'marked';

export type MarkdownTextOptions = {
  /** Write a link's address after its text, "tips (https://…/tips)": a mail has no link to click. */
  linkAddresses?: boolean;
  /** The site's origin: a link to a path on the site gets it in front (with `linkAddresses`). */
  siteUrl?: string;
  /** Start each item of a bulleted list with "- " (else the item's text alone). */
  listDashes?: boolean;
};

export function markdownToText(markdown: string | null | undefined, options: MarkdownTextOptions = {}): string {
  if (!markdown) return '';
  const tokens = new Lexer({ gfm: true }).lex(markdown.replace(/\r\n?/g, '\n'));
  return blocks(tokens, options).replace(/\n{3,}/g, '\n\n').trim();
}

/** Blocks keep the source's spacing: a blank line stays one, a heading right above its text
 * stays right above it. */
function blocks(tokens: readonly Token[], o: MarkdownTextOptions): string {
  let text = '';
  let blank = false;
  for (const token of tokens) {
    const part = block(token, o);
    if (part !== '') {
      text += (text === '' ? '' : blank ? '\n\n' : '\n') + part;
      blank = false;
    }
    if (token.type === 'space' || token.raw.endsWith('\n\n')) blank = true;
  }
  return text;
}

function block(token: Token, o: MarkdownTextOptions): string {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
    case 'html':
      return '';
    case 'heading':
    case 'paragraph':
      return inline(token.tokens ?? [], o);
    case 'text':
      return token.tokens ? inline(token.tokens, o) : token.text;
    case 'code':
      return token.text;
    case 'blockquote':
      return blocks(token.tokens ?? [], o);
    case 'list':
      return list(token as Tokens.List, o);
    case 'table':
      return table(token as Tokens.Table, o);
    default:
      return token.raw.trim();
  }
}

function list(token: Tokens.List, o: MarkdownTextOptions): string {
  const start = typeof token.start === 'number' ? token.start : 1;
  return token.items
    .map((item, i) => {
      const marker = token.ordered ? `${start + i}. ` : o.listDashes ? '- ' : '';
      return marker + blocks(item.tokens, o);
    })
    .join('\n');
}

function table(token: Tokens.Table, o: MarkdownTextOptions): string {
  const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens, o)).join(' | ');
  return [row(token.header), ...token.rows.map(row)].join('\n');
}

function inline(tokens: readonly Token[], o: MarkdownTextOptions): string {
  return tokens.map((token) => inlineToken(token, o)).join('');
}

function inlineToken(token: Token, o: MarkdownTextOptions): string {
  switch (token.type) {
    case 'link':
      return link(token as Tokens.Link, o);
    case 'image':
      return token.text;
    case 'strong':
    case 'em':
    case 'del':
      return inline(token.tokens ?? [], o);
    case 'codespan':
    case 'escape':
      return token.text;
    case 'br':
      return '\n';
    case 'html':
      return '';
    case 'text':
      return token.tokens ? inline(token.tokens, o) : token.text;
    default:
      return token.raw;
  }
}

function link(token: Tokens.Link, o: MarkdownTextOptions): string {
  const text = inline(token.tokens, o);
  // A bare address (autolinked) is already its own text.
  if (!o.linkAddresses || token.raw === token.text) return text;
  const site = o.siteUrl?.replace(/\/+$/, '');
  const url = site && token.href.startsWith('/') && !token.href.startsWith('//') ? `${site}${token.href}` : token.href;
  return url === text ? text : `${text} (${url})`;
}
