// The account form pages, each one definition of src/features/accounts/forms/accounts.ts with its
// words and the links to the account pages that fit beside it.
import { accountFormRoute } from './account-form-page';

export const loginRoute = accountFormRoute({
  form: 'login',
  title: 'account.title.login',
  intro: 'account.intro.login',
  submit: 'account.submit.login',
  sent: 'account.sent.login',
  links: [
    ['registreren', 'account.link.register'],
    ['wachtwoord-vergeten', 'account.link.forgot'],
    ['bevestiging-opnieuw', 'account.link.resend'],
  ],
});

export const registerRoute = accountFormRoute({
  form: 'register',
  title: 'account.title.register',
  intro: 'account.intro.register',
  submit: 'account.submit.register',
  sent: 'account.sent.register',
  links: [
    ['login', 'account.link.login'],
    ['bevestiging-opnieuw', 'account.link.resend'],
  ],
});

export const forgotPasswordRoute = accountFormRoute({
  form: 'forgot-password',
  title: 'account.title.forgot',
  intro: 'account.intro.forgot',
  submit: 'account.submit.forgot',
  sent: 'account.sent.forgot',
  links: [['login', 'account.link.login']],
});

export const resetPasswordRoute = accountFormRoute({
  form: 'reset-password',
  title: 'account.title.reset',
  intro: 'account.intro.reset',
  submit: 'account.submit.reset',
  sent: 'account.sent.login',
  links: [
    ['wachtwoord-vergeten', 'account.link.forgotAgain'],
    ['login', 'account.link.login'],
  ],
});

export const resendConfirmationRoute = accountFormRoute({
  form: 'resend-confirmation',
  title: 'account.title.resend',
  intro: 'account.intro.resend',
  submit: 'account.submit.resend',
  sent: 'account.sent.confirmation',
  links: [['login', 'account.link.login']],
});
