// The site's own account mails, in the frame of its other mails to visitors (greeting, sign-off,
// why you get this). Registering answers the same whatever address is typed, so these say the
// rest to the address itself: that it already has an account (or the user name is taken), or,
// when the content service asks for no email confirmation, that the new account is ready.
import { pathTo } from '../../../src/routing/path-to';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import type { MailToQueue } from '../../mail/mailer';

export type AccountMail = 'exists' | 'welcome';

const FOUNDATION = 'Stichting Join Us';

export function accountMail(kind: AccountMail, { to, locale, siteUrl }: { to: string; locale: Locale; siteUrl: string }): MailToQueue {
  const url = (route: 'login' | 'wachtwoord-vergeten' | 'registreren') => `${siteUrl}${pathTo(route, locale)}`;
  const lines =
    kind === 'exists'
      ? [
          t(locale, 'account.mail.exists.intro'),
          t(locale, 'account.mail.exists.login', { url: url('login') }),
          t(locale, 'account.mail.exists.forgot', { url: url('wachtwoord-vergeten') }),
          t(locale, 'account.mail.exists.username', { url: url('registreren') }),
        ]
      : [t(locale, 'account.mail.welcome.intro'), t(locale, 'account.mail.welcome.login', { url: url('login') })];
  const text = [t(locale, 'mail.confirm.greeting'), ...lines, `${t(locale, 'mail.confirm.signOff')}\n${FOUNDATION}`, `-- \n${t(locale, 'mail.confirm.why')}`].join('\n\n');
  return { to, subject: `${t(locale, `account.mail.${kind}.subject`)} | ${FOUNDATION}`, text: `${text}\n`, kind: `account.${kind}` };
}
