// One way to refuse a form post (wrong origin, too many tries, too large): a short page a
// person can read, or JSON for the enhanced form. Nothing the visitor typed is lost: the
// page says to go back, where the browser still has the form as it was.
import type { Request, Response } from 'express';
import { errorDocument } from '../error-document';

export type Refusal = { status: number; title: string; message: string };

export function wantsJson(req: Request): boolean {
  return (req.get('accept') ?? '').includes('application/json');
}

export function refuse(req: Request, res: Response, refusal: Refusal, stylesheets: string[]): void {
  res.status(refusal.status).set('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.json({ ok: false, message: refusal.message });
    return;
  }
  const paragraphs = [refusal.message, 'Ga terug naar het formulier: wat je hebt ingevuld staat er nog.'];
  res.type('html').send(errorDocument({ title: refusal.title, heading: refusal.title, paragraphs, home: 'link' }, stylesheets));
}

export const REFUSALS = {
  origin: { status: 403, title: 'Niet verstuurd', message: 'Dit formulier kwam niet van onze website en is daarom niet verstuurd.' },
  rateLimited: {
    status: 429,
    title: 'Even wachten',
    message: 'Je hebt in korte tijd veel formulieren verstuurd. Wacht een paar minuten en probeer het dan opnieuw.',
  },
  bot: {
    status: 400,
    title: 'Niet verstuurd',
    message: 'We konden niet controleren dat je geen robot bent. Wacht een paar seconden en verstuur het formulier opnieuw.',
  },
  captcha: {
    status: 400,
    title: 'Niet verstuurd',
    message: 'De controle of je geen robot bent is mislukt of verlopen. Verstuur het formulier opnieuw.',
  },
  tooLarge: { status: 413, title: 'Te groot', message: 'Dit formulier is te groot om te versturen.' },
  badRequest: { status: 400, title: 'Niet verstuurd', message: 'Dit formulier kon niet worden gelezen. Probeer het opnieuw.' },
} satisfies Record<string, Refusal>;
