// Accounts: why a log in, registration, reset or change did not work, in plain words (the
// content service answers in English and in codes; see src/content/auth-errors.ts).
export const accountsNl = {
  'account.error.credentials': 'Dit e-mailadres en wachtwoord horen niet bij elkaar. Controleer ze en probeer het opnieuw.',
  'account.error.unconfirmed': 'Je e-mailadres is nog niet bevestigd. Klik op de link in de mail die we je stuurden, of vraag een nieuwe mail aan.',
  'account.error.blocked': 'Dit account is geblokkeerd. Neem contact met ons op als je denkt dat dit niet klopt.',
  'account.error.taken': 'Er is al een account met dit e-mailadres. Log in, of vraag een nieuw wachtwoord aan.',
  'account.error.code': 'Deze link om je wachtwoord te herstellen klopt niet of is al gebruikt. Vraag een nieuwe aan.',
  'account.error.mismatch': 'De twee wachtwoorden zijn niet hetzelfde.',
  'account.error.currentPassword': 'Je huidige wachtwoord klopt niet.',
  'account.error.samePassword': 'Kies een nieuw wachtwoord dat anders is dan je huidige.',
  'account.error.alreadyConfirmed': 'Dit e-mailadres is al bevestigd. Je kunt inloggen.',
  'account.error.providerDisabled': 'Inloggen via deze dienst kan op dit moment niet.',
  'account.error.registerDisabled': 'Een account aanmaken kan op dit moment niet.',
  'account.error.rateLimited': 'Je hebt het in korte tijd vaak geprobeerd. Wacht een paar minuten en probeer het dan opnieuw.',
  'account.error.signedOut': 'Je bent niet meer ingelogd. Log opnieuw in.',
  'account.error.unavailable': 'Dit lukt nu even niet door een storing bij ons. Probeer het later opnieuw.',
  'account.error.failed': 'Dit is niet gelukt. Controleer wat je hebt ingevuld en probeer het opnieuw.',
} as const satisfies Record<string, string>;

export const accountsEn: Record<keyof typeof accountsNl, string> = {
  'account.error.credentials': 'This email address and password do not match. Check them and try again.',
  'account.error.unconfirmed': 'Your email address has not been confirmed yet. Click the link in the mail we sent you, or ask for a new mail.',
  'account.error.blocked': 'This account has been blocked. Contact us if you think this is a mistake.',
  'account.error.taken': 'There is already an account with this email address. Log in, or ask for a new password.',
  'account.error.code': 'This link to reset your password is not valid or has already been used. Ask for a new one.',
  'account.error.mismatch': 'The two passwords are not the same.',
  'account.error.currentPassword': 'Your current password is not correct.',
  'account.error.samePassword': 'Choose a new password that differs from your current one.',
  'account.error.alreadyConfirmed': 'This email address has already been confirmed. You can log in.',
  'account.error.providerDisabled': 'Logging in through this service is not possible right now.',
  'account.error.registerDisabled': 'Creating an account is not possible right now.',
  'account.error.rateLimited': 'You have tried many times in a short while. Wait a few minutes and then try again.',
  'account.error.signedOut': 'You are no longer logged in. Please log in again.',
  'account.error.unavailable': 'This is not possible right now because of a problem on our side. Please try again later.',
  'account.error.failed': 'That did not work. Check what you filled in and try again.',
};
