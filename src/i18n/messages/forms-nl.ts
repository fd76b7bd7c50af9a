// Dutch texts for every form message (B1, "je"). ICU MessageFormat with plain placeholders only,
// so the browser's formatPlain and the server's @formatjs give the same text. This file defines
// the keys; forms-en.ts must have exactly the same ones.

export const formsNl = {
  // Product messages: what is missing or wrong in a field.
  'name.missing': 'Je hebt geen naam ingevuld.',
  'firstname.missing': 'Je hebt geen voornaam ingevuld.',
  'lastname.missing': 'Je hebt geen achternaam ingevuld.',
  'postcode.missing': 'Je hebt geen postcode ingevuld.',
  'postcode.invalid': 'Je hebt geen geldige postcode ingevuld. Een postcode ziet er zo uit: 1234 AB.',
  'organisation.missing': 'Je hebt geen organisatie ingevuld.',
  'email.missing': 'Je hebt geen e-mailadres ingevuld.',
  'email.invalid': 'Je hebt geen geldig e-mailadres ingevuld.',
  'jobTitle.missing': 'Je hebt geen functie ingevuld.',
  'field.required': 'Dit veld is verplicht.',
  'phone.missing': 'Je hebt geen telefoonnummer ingevuld.',
  'phone.invalid': 'Je hebt geen geldig telefoonnummer ingevuld.',
  'location.missing': 'Je hebt geen locatie ingevuld.',
  'date.missing': 'Je hebt geen datum ingevuld.',
  'date.invalid': 'Dit is geen geldige datum.',
  'date.inPast': 'Kies een datum vanaf vandaag.',
  'cv.missing': 'Je hebt geen cv toegevoegd.',
  'message.missing': 'Je hebt geen bericht ingevuld.',
  'privacy.notAccepted': 'Je bent nog niet akkoord gegaan met het privacybeleid.',
  'age.missing': 'Je hebt geen leeftijd ingevuld.',
  'age.belowMin': 'Je leeftijd kan niet lager zijn dan {min}.',
  'age.aboveMax': 'Je leeftijd kan niet hoger zijn dan {max}.',
  'age.notWhole': 'Vul je leeftijd in hele jaren in.',

  // Find a group and what follows from it.
  'findLocation.postcodeInvalid':
    'Deze postcode is niet geldig of hoort niet bij de gekozen gemeente.',
  'findLocation.ageMismatch':
    'Je bent {age} jaar. Deze groep is voor jongeren van {min} tot en met {max} jaar.',
  'findLocation.emailInvalid': 'Dit e-mailadres is niet geldig.',
  'findLocation.incomplete': 'Vul alle velden in.',

  // The form as a whole.
  'form.incomplete': 'Sorry, niet alle velden zijn goed ingevuld.',
  /** The form library's own short message, shown before the sentence above. */
  'form.incompleteTitle': 'Formulier onvolledig.',
  'text.tooLong': 'Dit is te lang. Gebruik hoogstens {max} tekens.',
  'form.fallback': 'Dit veld is niet geldig.',
  'contact.success': 'Je gegevens zijn verstuurd. We nemen snel contact met je op.',
  'contact.error':
    'Er ging iets mis bij het versturen van je gegevens. Probeer het later nog eens.',

  // Uploads (vacancy application).
  'upload.tooLarge':
    'Je bestanden zijn samen groter dan {max} MB. Stuur ons in plaats daarvan een downloadlink, bijvoorbeeld via WeTransfer.',
  'upload.typeNotAllowed':
    'Dit soort bestand kunnen we niet openen. Stuur een pdf, een Word-bestand of een OpenDocument-bestand.',
  /** No room on the server's disk for uploads now (the disk budget): nothing was kept. */
  'upload.noRoom':
    'We kunnen je bestanden nu niet bewaren. Stuur ons in plaats daarvan een downloadlink, bijvoorbeeld via WeTransfer.',

  // Sign-up, donation and the loneliness test.
  'agreement.notAccepted':
    'Je hebt nog geen toestemming gegeven om je gegevens te gebruiken.',
  'terms.notAccepted': 'Je bent nog niet akkoord gegaan met de voorwaarden.',
  'amount.missing': 'Je hebt geen bedrag ingevuld.',
  'amount.invalid': 'Vul een bedrag in euro in, bijvoorbeeld 10 of 12,50.',
  'amount.tooLow': 'Het bedrag moet minstens € {min} zijn.',
  'amount.tooHigh':
    'Het bedrag kan hier maximaal € {max} zijn. Wil je meer geven? Neem dan contact met ons op.',
  'frequency.missing': 'Kies hoe vaak je wilt geven.',
  'test.answerMissing': 'Je hebt deze vraag nog niet beantwoord.',
  'test.ageTooYoung': 'Deze test is voor jongeren vanaf {min} jaar.',
  'password.missing': 'Je hebt geen wachtwoord ingevuld.',
  'password.tooShort': 'Kies een wachtwoord van minstens {min} tekens.',
  'password.mismatch': 'De twee wachtwoorden zijn niet hetzelfde.',
  'password.repeatMissing': 'Vul hetzelfde wachtwoord hier nog een keer in.',
  'username.missing': 'Je hebt geen gebruikersnaam ingevuld.',
  'code.missing': 'Je hebt geen herstelcode ingevuld. Die staat in de link in je mail.',
} as const satisfies Record<string, string>;

export type FormMessageKey = keyof typeof formsNl;
