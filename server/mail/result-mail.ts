// The loneliness test's "your results" mail (issue 7): to the visitor only, in their language,
// queued straight in the mail outbox. The address is used for this mail only: it is not part
// of any stored submission (no submission id), and the mail repeats no answers, only the score,
// the band and where to get help.
import type { FormLocale } from '../../src/forms/messages/index';
import { BAND_LABELS, showsHelpFirst } from '../../src/loneliness-test/bands';
import type { TestScore } from '../../src/loneliness-test/score';
import type { Mailer } from './mailer';
import type { MailText } from './templates';

export const RESULT_MAIL_KIND = 'loneliness-test.result';

export type ResultMailInput = { to: string; locale: FormLocale; score: TestScore; age: number; siteUrl?: string };

const HELP: Record<FormLocale, { kids: string; all: string[] }> = {
  nl: {
    kids: '- De Kindertelefoon (tot 18 jaar): bel 0800-0432 of chat via www.kindertelefoon.nl',
    all: ['- 113 Zelfmoordpreventie: bel 113 of 0800-0113, of chat via www.113.nl', '- Je huisarts: voor een gesprek over hoe het gaat en welke hulp bij je past'],
  },
  en: {
    kids: '- De Kindertelefoon (under 18): call 0800-0432 or chat at www.kindertelefoon.nl',
    all: ['- 113 Suicide Prevention: call 113 or 0800-0113, or chat at www.113.nl', '- Your GP: to talk about how you are doing and what help suits you'],
  },
};

export function resultMail({ locale, score, age, siteUrl }: Omit<ResultMailInput, 'to'>): MailText {
  const nl = locale === 'nl';
  const help = [nl ? 'Hier kun je nu terecht:' : 'Where to get help now:', ...(age < 18 ? [HELP[locale].kids] : []), ...HELP[locale].all].join('\n');
  const outcome = [
    nl ? `Je score: ${score.total} van de 11 (${BAND_LABELS.nl[score.band].toLowerCase()}).` : `Your score: ${score.total} out of 11 (${BAND_LABELS.en[score.band].toLowerCase()}).`,
    nl ? `Gevoel van gemis (emotioneel): ${score.emotional} van de 6` : `Missing closeness (emotional): ${score.emotional} out of 6`,
    nl ? `Contact met anderen (sociaal): ${score.social} van de 5` : `Contact with others (social): ${score.social} out of 5`,
  ].join('\n');
  const disclaimer = nl ? 'Deze uitslag is een indicatie, geen diagnose.' : 'This result is an indication, not a diagnosis.';
  const more = siteUrl ? (nl ? `Een groep bij jou in de buurt vind je op ${siteUrl}` : `Find a group near you at ${siteUrl}`) : '';
  const parts = showsHelpFirst(score.band) ? [help, outcome, disclaimer] : [outcome, disclaimer, help];
  const text = [nl ? 'Hoi,' : 'Hi,', nl ? 'Hier is de uitslag van de test die je op onze website deed.' : 'Here is the result of the test you took on our website.', ...parts, more, nl ? 'Je e-mailadres hebben we alleen voor deze mail gebruikt en niet bewaard.' : 'We used your email address only for this mail and did not keep it.', 'Stichting Join Us']
    .filter(Boolean)
    .join('\n\n');
  return { subject: nl ? 'Je uitslag van de test' : 'Your test result', text: `${text}\n` };
}

export function createResultMails(mailer: Pick<Mailer, 'queue'>) {
  return {
    mailResult(input: ResultMailInput): void {
      mailer.queue({ ...resultMail(input), to: input.to, kind: RESULT_MAIL_KIND });
    },
  };
}
