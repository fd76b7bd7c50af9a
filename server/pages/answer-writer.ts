// The one writer: every answer a handler returns (answer.ts) is sent here. It decides JSON or
// HTML once (the enhanced forms ask for JSON), builds the short pages, sets Cache-Control from
// cache-policies.ts (an answer of a moment is kept by no cache unless it names a policy) and
// renders pages through the page renderer. Only this file, the plain answers' part of it
// (server/http/plain-answers.ts) and the fast path (with the render cache's sendRendered, which
// both use) write a response.
import type { Request, Response } from 'express';
import { REDIRECT_HEADER } from '../../src/routing/protocol';
import { CACHE } from '../http/cache-policies';
import type { Answer, PageAnswer } from './answer';
import { kept, writePlain, type PlainAnswer } from '../http/plain-answers';
import { errorDocument, staticErrorDocument } from './error-document';
import { sendRendered } from './render-cache';
import { wantsFlightPayload } from './flight-request';

/** Renders a page for this request (page-handler.ts, renderWithState). */
export type RenderPage = (req: Request, res: Response, page: PageAnswer) => Promise<void>;

export type SendAnswer = (req: Request, res: Response, answer: Answer) => Promise<void>;

/** The enhanced form asks for JSON; a plain form post, a link or a navigation for HTML. */
export function wantsJson(req: Request): boolean {
  return (req.get('accept') ?? '').includes('application/json');
}

/** `renderPage` absent: a writer for the routes that answer no page (a page answer throws). */
export function createAnswerWriter(deps: { renderPage?: RenderPage; stylesheets: readonly string[] }): SendAnswer {
  return async function send(req, res, answer) {
    if (answer.kind === 'none') return;
    // An answer already on its way cannot change its status: a failure ends it as it stands.
    if (res.headersSent) return void (answer.kind === 'failed' && !res.writableEnded ? res.end() : undefined);
    const chosen = answer.kind === 'either' ? (wantsJson(req) ? answer.json : answer.html) : answer;
    if (chosen.kind === 'json' || chosen.kind === 'text' || chosen.kind === 'empty' || chosen.kind === 'file' || chosen.kind === 'stream')
      return writePlain(req, res, { ...chosen, headers: { ...answer.headers, ...(chosen as PlainAnswer).headers } });
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.set(name, value);
    switch (chosen.kind) {
      case 'page':
        if (!deps.renderPage) throw new Error(`no page renderer for ${chosen.path}`);
        return deps.renderPage(req, res, chosen);
      case 'redirect': {
        kept(res, chosen);
        // A Flight request gets a 204 with the target in a header: fetch would otherwise follow
        // the redirect and the router could not tell an absolute target from a page.
        if (wantsFlightPayload(req)) return void res.status(204).set(REDIRECT_HEADER, chosen.location).end();
        return res.redirect(chosen.status, chosen.location);
      }
      case 'document':
        return void res.status(chosen.status).set('Cache-Control', CACHE.noStore).type('html').send(errorDocument(chosen.page, deps.stylesheets, chosen.locale));
      case 'html':
        return void res.status(chosen.status).set('Cache-Control', CACHE.noStore).type('html').send(chosen.html);
      case 'failed':
        return void res.status(chosen.status).set('Cache-Control', CACHE.noStore).type('html').send(staticErrorDocument(deps.stylesheets, chosen.locale));
      case 'rendered':
        return sendRendered(req, res, chosen.page);
    }
  };
}
