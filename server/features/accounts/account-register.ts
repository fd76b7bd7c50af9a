// Registering without telling whether an address already has an account. Whatever the address,
// the visitor gets the same answer ("check your mail"), with the same status, at about the same
// time, and nobody is signed in; the mail to the address says the rest:
// - a new address, with email confirmation on in Strapi: Strapi's own confirmation mail;
// - a new address without it: the site's "your account is ready" mail;
// - an address (or user name) that is taken: the site's "there is already an account" mail, at
//   most one per address in the limits' window, so nobody fills another's inbox with it.
// Strapi answers a taken address before it hashes the password, so sooner than a new account:
// that answer waits until about as long as new registrations have lately taken.
import { addressKey } from '../../../src/forms/address-key';
import { authProblem } from './auth-errors';
import { accountMail, type AccountMail } from './account-mails';
import type { AuthClient, Registration } from './users-permissions';
import type { FormPost } from '../../forms/form-post';
import { memoryRecords, type SharedRecords } from '../../shared/records';

/** A registration's answer never waits longer than this for the other kind to catch up. */
const MAX_PAD_MS = 3000;

export type Registering = { run(post: FormPost, auth: AuthClient, registration: Registration): Promise<void> };

/** `mailedTaken`: the addresses told "already an account" in the window (replicas: the shared
 * store's, so one such mail per window whichever replica the posts reach). */
export function registering(windowMs: number, mailedTaken: SharedRecords = memoryRecords(50_000)): Registering {
  let typicalMs = 0;

  const mail = ({ deps, locale, def }: FormPost, kind: AccountMail, to: string) => {
    if (!deps.sink.queueMail) return deps.logger.warn({ form: def.name, kind }, 'account mail not sent: the sink cannot mail');
    deps.sink.queueMail(accountMail(kind, { to, locale, siteUrl: deps.publicOrigin }));
  };

  return {
    async run(post, auth, registration) {
      const started = performance.now();
      let session;
      try {
        session = await auth.register(registration);
      } catch (err) {
        if (authProblem(err) !== 'taken') throw err;
        const address = addressKey(registration.email);
        if (await mailedTaken.claim(`account-exists-mail:${address}`, '1', windowMs)) mail(post, 'exists', registration.email);
        const wait = Math.min(MAX_PAD_MS, typicalMs - (performance.now() - started));
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        return;
      }
      const took = performance.now() - started;
      typicalMs = typicalMs === 0 ? took : 0.8 * typicalMs + 0.2 * took;
      // With email confirmation on, Strapi answers no token and sends its own mail.
      if (session.jwt) mail(post, 'welcome', registration.email);
    },
  };
}
