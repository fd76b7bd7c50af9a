// The signed-in visitor's page: who is logged in, the external dashboard, changing the
// password and logging out. Only ever rendered for the visitor the server's guard loaded
// (server/features/accounts/account-routes.ts); reached any other way it sends to the log-in page.
import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { PageRoute } from '../../routing/route-types';
import type { AccountsState, Services } from '../../routing/services';
import { t } from '../../i18n/intl';
import type { AccountView } from '../../routing/request-state';
import { DashboardLink } from './dashboard-link';
import { accountFormRoute } from './account-form-page';
import { POST_FIELDS } from '../../forms/post-protocol';

type Data = { account: AccountView; dashboardUrl: string | null };

/** The guard's answer when no visitor was loaded: to the log-in page, back here after. */
function toLogin(ctx: { locale: 'nl' | 'en'; fullPath: string }) {
  return { kind: 'redirect', to: `${pathTo('login', ctx.locale)}?terug=${encodeURIComponent(ctx.fullPath)}`, status: 302 } as const;
}

export const accountRoute: PageRoute<Data, Services, ReactNode> = {
  layout: 'default',
  meta: { auth: true },
  load: async (ctx) => {
    if (!ctx.account) return toLogin(ctx);
    const chrome = await ctx.services.content.chrome(ctx.locale);
    return { kind: 'ok', data: { account: ctx.account, dashboardUrl: chrome.global?.dashboardUrl ?? null } };
  },
  title: (_data, ctx) => t(ctx.locale, 'account.title.account'),
  seo: () => ({ noIndex: true }),
  page: ({ account, dashboardUrl }, ctx) => {
    const { locale } = ctx;
    return (
      <section className="page account-page">
        <h1 className="page-title">{t(locale, 'account.title.account')}</h1>
        <p className="lead" data-testid="account-who">
          {t(locale, 'account.who', { name: account.username, email: account.email })}
        </p>
        {ctx.query.verzonden === 'change-password' ? (
          <p className="account-notice" role="status">
            {t(locale, 'account.sent.changed')}
          </p>
        ) : null}
        <ul className="account-links">
          {dashboardUrl ? (
            <li>
              <DashboardLink locale={locale} url={dashboardUrl} withText />
            </li>
          ) : null}
          <li>
            <a href={pathTo('wachtwoord-wijzigen', locale)}>{t(locale, 'account.link.changePassword')}</a>
          </li>
        </ul>
        <form method="post" action={pathTo('uitloggen', 'nl')}>
          <input type="hidden" name={POST_FIELDS.locale} value={locale} />
          <button type="submit" className="button button-secondary">
            {t(locale, 'account.logout')}
          </button>
        </form>
      </section>
    );
  },
};

const changePasswordForm = accountFormRoute({
  form: 'change-password',
  title: 'account.title.changePassword',
  intro: 'account.intro.changePassword',
  submit: 'account.submit.changePassword',
  sent: 'account.sent.changed',
  links: [['account', 'account.link.account']],
});

/** Changing the password: the form page, behind the same guard as the account page. The form
 * shown again after a post (its errors, Strapi's refusal) needs no user: it shows nothing of
 * the account, and the post itself was checked with the session's token. */
export const changePasswordRoute: PageRoute<AccountsState, Services, ReactNode> = {
  ...changePasswordForm,
  meta: { auth: true },
  // Behind the guard accounts work: the server just loaded the visitor with their token.
  load: async (ctx) => (ctx.account || ctx.formState?.form === 'change-password' ? { kind: 'ok', data: 'on' } : toLogin(ctx)),
};
