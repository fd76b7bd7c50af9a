// The pages the server writes without React: a refused form post and the error page for an
// unexpected failure. The visitor's language comes from the form or the page they were on.
export const serverPagesNl = {
  'error.title': 'Er ging iets mis',
  'refusal.notSent': 'Niet verstuurd',
  'refusal.wait': 'Even wachten',
  'refusal.goBack': 'Ga terug naar het formulier: wat je hebt ingevuld staat er nog.',
  'refusal.origin': 'Dit formulier kwam niet van onze website en is daarom niet verstuurd.',
  'refusal.rateLimited': 'Je hebt in korte tijd veel formulieren verstuurd. Wacht een paar minuten en probeer het dan opnieuw.',
  'refusal.bot': 'We konden niet controleren dat je geen robot bent. Wacht een paar seconden en verstuur het formulier opnieuw.',
  'refusal.captcha': 'De controle of je geen robot bent is mislukt of verlopen. Verstuur het formulier opnieuw.',
  'refusal.badRequest': 'Dit formulier kon niet worden gelezen. Probeer het opnieuw.',
  'renderLimit.message': 'Je hebt in korte tijd heel veel verschillende pagina\'s opgevraagd. Wacht een minuut en probeer het dan opnieuw.',
  'renderBudget.message': 'Het is nu erg druk op de website. Probeer het over een paar seconden opnieuw.',
  'refusal.tooSlow': 'Het versturen duurde te lang en is afgebroken. Probeer het opnieuw, of stuur ons een downloadlink van je bestanden, bijvoorbeeld via WeTransfer.',
  'refusal.eventPast': 'Dit event is geweest: aanmelden kan niet meer.',
  'refusal.confirm': 'Bijna verstuurd. Je antwoorden staan er nog: kijk ze na en verstuur het formulier nog een keer, dan weten we dat je geen robot bent.',
  'refusal.confirmFile': 'Je bestand hebben we bewaard: je hoeft het niet opnieuw te kiezen.',
  'refusal.confirmPassword': 'Je wachtwoord zetten we nooit terug op de pagina: vul het opnieuw in.',
} as const satisfies Record<string, string>;

export const serverPagesEn: Record<keyof typeof serverPagesNl, string> = {
  'error.title': 'Something went wrong',
  'refusal.notSent': 'Not sent',
  'refusal.wait': 'Please wait a moment',
  'refusal.goBack': 'Go back to the form: everything you filled in is still there.',
  'refusal.origin': 'This form did not come from our website and has therefore not been sent.',
  'refusal.rateLimited': 'You have sent many forms in a short time. Wait a few minutes and then try again.',
  'refusal.bot': 'We could not check that you are not a robot. Wait a few seconds and send the form again.',
  'refusal.captcha': 'The check that you are not a robot failed or expired. Send the form again.',
  'refusal.badRequest': 'This form could not be read. Please try again.',
  'renderLimit.message': 'You have asked for a great many different pages in a short time. Wait a minute and then try again.',
  'renderBudget.message': 'The website is very busy right now. Please try again in a few seconds.',
  'refusal.tooSlow': 'Sending took too long and was stopped. Please try again, or send us a download link to your files, for example via WeTransfer.',
  'refusal.eventPast': 'This event has taken place: signing up is closed.',
  'refusal.confirm': 'Almost sent. Your answers are still here: check them and send the form once more, so we know you are not a robot.',
  'refusal.confirmFile': 'We kept your file: you do not need to choose it again.',
  'refusal.confirmPassword': 'We never put your password back on the page: please type it again.',
};
