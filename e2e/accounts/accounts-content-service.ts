// The content service of the Playwright account tests: users-permissions as Strapi answers it
// (users in memory, email confirmation on; GitHub and Google as login providers, each with a
// page to agree on at `/api/connect/{provider}`) and all other content from the committed
// snapshot. `GET /__mails?email=` answers the links the mails would hold, so a test can follow them.
// Started by playwright.config.ts: node --import tsx e2e/accounts/accounts-content-service.ts
import { snapshotResponder, startFakeContentService } from '../../test/support/fake-content-service';
import { fakeUsersPermissions } from '../../test/support/fake-users-permissions';

const port = Number(process.env.PORT);
const site = process.env.SITE_ORIGIN ?? '';
const fake = fakeUsersPermissions('v4', { confirmEmail: true, confirmedRedirect: `${site}/login?bevestigd=1`, providers: ['github', 'google'], siteOrigin: site });
const content = snapshotResponder();

const service = await startFakeContentService((req, incoming) => {
  if (req.path === '/__mails') {
    const email = new URLSearchParams(req.query).get('email') ?? '';
    const confirmation = fake.confirmations.get(email);
    const code = fake.resetCodes.get(email);
    return {
      json: {
        confirm: confirmation ? `${service.url}/api/auth/email-confirmation?confirmation=${confirmation}` : null,
        reset: code ? `${site}/wachtwoord-herstellen?code=${code}` : null,
      },
    };
  }
  if (req.path === '/__health') return { json: { ok: true } };
  return fake.handles(req.path) ? fake.responder(req, incoming) : content(req, incoming);
}, port);
process.stdout.write(`accounts content service at ${service.url}\n`);
