// A page that holds one account form (log in, register, forgot or reset password, change
// password, the confirmation again): its title, a line of what it does, the form of the
// one-home definitions, and the links to the other account pages that fit. When accounts cannot
// work (no content service, or it keeps failing) the page says so instead of showing a form
// that could only be refused once filled in; while the service fails the answer is 503, which
// no cache keeps, so the form is back as soon as the service is.
import { formAction } from '../../routing/endpoints';
import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import { fieldsFor, formDefinition } from '../../forms/catalogue/index';
import type { PageRoute } from '../../routing/route-types';
import type { FixedRouteName } from '../../routing/path-to';
import type { AccountsState, Services } from '../../routing/services';
import { t } from '../../i18n/intl';
import { localePath } from '../../i18n/locale';
import type { MessageKey } from '../../i18n/messages';
import { FormView } from '../../blocks/forms/form-view.client';
import { safeReturnPath } from '../../forms/return-path';
import { POST_FIELDS } from '../../forms/post-protocol';

type AccountForm = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'change-password' | 'resend-confirmation';

type Spec = { form: AccountForm; title: MessageKey; intro: MessageKey; submit: MessageKey; sent: MessageKey; links: ReadonlyArray<[FixedRouteName, MessageKey]> };

export function accountFormRoute(spec: Spec): PageRoute<AccountsState, Services, ReactNode> {
  return {
    layout: 'default',
    load: async (ctx) => {
      const accounts = ctx.services.accounts();
      return { kind: 'ok', data: accounts, status: accounts === 'down' ? 503 : undefined };
    },
    title: (_data, ctx) => t(ctx.locale, spec.title),
    seo: () => ({ noIndex: true }),
    page: (accounts, ctx) => {
      const { locale, query } = ctx;
      const state = ctx.formState?.form === spec.form ? ctx.formState : undefined;
      // A post that met an outage comes back as it was sent (its answers kept, the reason above it).
      if (accounts === 'off' || (accounts === 'down' && !state)) return <AccountsUnavailable title={spec.title} state={accounts} locale={locale} />;
      const definition = formDefinition(spec.form)!;
      // The reset code arrives in the mail's link; a returning guard names where to go after.
      const values = { ...(typeof query.code === 'string' ? { code: query.code.slice(0, 256) } : {}), ...state?.values };
      // Where the visitor goes once signed in: the guard's `terug`, or after a post without
      // JavaScript the context the form was sent with.
      const kept = /^return:(.*)$/s.exec(state?.context ?? '')?.[1];
      const back = typeof query.terug === 'string' ? safeReturnPath(query.terug) : safeReturnPath(kept);
      const notice = noticeOf(query, locale);
      return (
        <section className="page account-page">
          <h1 className="page-title">{t(locale, spec.title)}</h1>
          <p className="lead">{t(locale, spec.intro)}</p>
          {notice ? (
            <p className="account-notice" role="status">
              {notice}
            </p>
          ) : null}
          <div className="site-form-wrap form-panel" id={`formulier-${spec.form}`}>
            <FormView
              form={spec.form}
              locale={locale}
              action={formAction(spec.form)}
              page={localePath(locale, ctx.pathname)}
              fields={fieldsFor(definition)}
              stamp={state?.stamp ?? ctx.services.forms.stamp()}
              captcha={ctx.services.forms.captcha}
              sent={query.verzonden === spec.form}
              initial={{ values, errors: state?.errors ?? {}, formErrors: state?.formErrors ?? [] }}
              about={back === '/' ? undefined : `return:${back}`}
              submitLabel={t(locale, spec.submit)}
              success={{ body: t(locale, spec.sent) }}
            />
          </div>
          {spec.form === 'login' ? <ProviderButtons providers={ctx.services.publicConfig.loginProviders ?? []} locale={locale} stamp={state?.stamp ?? ctx.services.forms.stamp()} /> : null}
          <ul className="account-links">
            {spec.links.map(([name, label]) => (
              <li key={name}>
                <a href={pathTo(name, locale)}>{t(locale, label)}</a>
              </li>
            ))}
          </ul>
        </section>
      );
    },
  };
}

/** The page without its form: why, and where a visitor can go instead. */
function AccountsUnavailable({ title, state, locale }: { title: MessageKey; state: 'off' | 'down'; locale: 'nl' | 'en' }) {
  return (
    <section className="page account-page">
      <h1 className="page-title">{t(locale, title)}</h1>
      <p className="account-notice account-unavailable" role="status">
        {t(locale, state === 'off' ? 'account.unavailable.off' : 'account.unavailable.down')}
      </p>
      <ul className="account-links">
        <li>
          <a href={pathTo('locaties', locale)}>{t(locale, 'account.unavailable.findGroup')}</a>
        </li>
        <li>
          <a href={pathTo('contact', locale)}>{t(locale, 'account.unavailable.contact')}</a>
        </li>
      </ul>
    </section>
  );
}

/** How a provider writes its own name. */
const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google', microsoft: 'Microsoft', facebook: 'Facebook', linkedin: 'LinkedIn', apple: 'Apple' };

/** "Log in with …" for each provider enabled in Strapi: a plain form post (with JavaScript or
 * without) that only this page can make, carrying its stamp; the server starts the login at the
 * content service and sends the browser on to the provider, which sends it back to
 * `/auth/{provider}/callback` (server/features/accounts/provider-routes.ts). */
function ProviderButtons({ providers, locale, stamp }: { providers: readonly string[]; locale: 'nl' | 'en'; stamp: string }) {
  if (providers.length === 0) return null;
  return (
    <ul className="account-links account-providers">
      {providers.map((provider) => (
        <li key={provider}>
          <form method="post" action={pathTo('connect-provider', 'nl', { provider })}>
            <input type="hidden" name={POST_FIELDS.locale} value={locale} />
            <input type="hidden" name={POST_FIELDS.stamp} value={stamp} />
            <button type="submit" className="button button-secondary">
              {t(locale, 'account.provider', { provider: PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1) })}
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

/** What the page says on arrival: confirmed by the mail's link, logged out, or sent here by the guard. */
function noticeOf(query: Record<string, unknown>, locale: 'nl' | 'en'): string | null {
  if (query.bevestigd !== undefined) return t(locale, 'account.notice.confirmed');
  if (query.uitgelogd !== undefined) return t(locale, 'account.notice.loggedOut');
  if (query.terug !== undefined) return t(locale, 'account.notice.loginFirst');
  return null;
}
