// Dutch texts for every form message (B1, "je"). ICU MessageFormat with plain placeholders only,
// so `formatMessage` and @formatjs/intl give the same result. This catalogue defines the keys;
// en.ts must have exactly the same ones.

export const nl = {
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

  // Generic rules (FormKit-style). {Field} is the label at the start of a sentence,
  // {field} the label inside one.
  'rule.accepted': 'Ga akkoord met {field}.',
  'rule.alpha': '{Field} mag alleen letters bevatten.',
  'rule.alpha_spaces': '{Field} mag alleen letters en spaties bevatten.',
  'rule.alphanumeric': '{Field} mag alleen letters en cijfers bevatten.',
  'rule.between': '{Field} moet tussen {min} en {max} liggen.',
  'rule.confirm': '{Field} komt niet overeen.',
  'rule.contains_alpha': '{Field} moet een letter bevatten.',
  'rule.contains_alphanumeric': '{Field} moet een letter of een cijfer bevatten.',
  'rule.contains_alpha_spaces': '{Field} moet een letter of een spatie bevatten.',
  'rule.contains_lowercase': '{Field} moet een kleine letter bevatten.',
  'rule.contains_numeric': '{Field} moet een cijfer bevatten.',
  'rule.contains_symbol': '{Field} moet een symbool bevatten.',
  'rule.contains_uppercase': '{Field} moet een hoofdletter bevatten.',
  'rule.date_after': '{Field} moet na {date} liggen.',
  'rule.date_after.today': '{Field} moet in de toekomst liggen.',
  'rule.date_before': '{Field} moet voor {date} liggen.',
  'rule.date_before.today': '{Field} moet in het verleden liggen.',
  'rule.date_between': '{Field} moet tussen {from} en {to} liggen.',
  'rule.date_format': '{Field} is geen geldige datum. Gebruik de vorm {format}.',
  'rule.email': 'Vul een geldig e-mailadres in.',
  'rule.ends_with': '{Field} moet eindigen op {suffixes}.',
  'rule.starts_with': '{Field} moet beginnen met {prefixes}.',
  'rule.is': '{Field} heeft geen toegestane waarde.',
  'rule.not': '“{value}” is niet toegestaan.',
  'rule.length.between': '{Field} moet tussen {min} en {max} tekens lang zijn.',
  'rule.length.min': '{Field} moet minstens {min} tekens lang zijn.',
  'rule.length.max': '{Field} mag hoogstens {max} tekens lang zijn.',
  'rule.length.exact': '{Field} moet precies {max} tekens lang zijn.',
  'rule.lowercase': '{Field} mag alleen kleine letters bevatten.',
  'rule.uppercase': '{Field} mag alleen hoofdletters bevatten.',
  'rule.matches': '{Field} heeft niet de juiste vorm.',
  'rule.max': '{Field} mag niet meer zijn dan {n}.',
  'rule.max.items': 'Je kunt niet meer dan {n} {field} kiezen.',
  'rule.min': '{Field} moet minstens {n} zijn.',
  'rule.min.items': 'Kies minstens {n} {field}.',
  'rule.number': '{Field} moet een getal zijn.',
  'rule.required': '{Field} is verplicht.',
  'rule.require_one': '{Field} of {others} is verplicht.',
  'rule.symbol': '{Field} mag alleen symbolen bevatten.',
  'rule.url': 'Vul een geldige URL in.',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof nl;
