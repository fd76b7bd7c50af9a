// The loneliness test's "your results" mail: to the visitor only, in their language,
// queued straight in the mail outbox. The address is used for this mail only: it is not part
// of any stored submission (no submission id), and the mail repeats no answers, only the score,
// the band, the advice for that band, that it is an indication and not a diagnosis, and where
// to get help. Advice, disclaimer and help lines come from the content's loneliness test when
// it has them, as plain text; the built-in texts stand in when it has none.
import { markdownToText } from '../../src/content/markdown-text';
import type { HelpLine, LonelinessTest } from '../../src/content/model';
import type { Locale } from '../../src/i18n/locale';
import { helpLinesFor } from '../../src/loneliness-test/advice';
import { BAND_LABELS, showsHelpFirst } from '../../src/loneliness-test/bands';
import { BUILT_IN_HELP } from '../../src/loneliness-test/built-in-help';
import type { TestScore } from '../../src/loneliness-test/score';
import type { Mailer } from './mailer';
import type { MailText } from './templates';

export const RESULT_MAIL_KIND = 'loneliness-test.result';

/** What the mail takes from the content's loneliness test. */
export type ResultMailContent = Pick<LonelinessTest, 'advice' | 'disclaimer' | 'helpTitle' | 'helpIntro' | 'helpLines'>;

export type ResultMailInput = { to: string; locale: Locale; score: TestScore; age: number; siteUrl?: string; content?: ResultMailContent | null };

const BUILT_IN: Record<Locale, { helpTitle: string; disclaimer: string }> = {
  nl: { helpTitle: 'Hier kun je nu terecht', disclaimer: 'Deze uitslag is een indicatie, geen diagnose.' },
  en: { helpTitle: 'Where to get help now', disclaimer: 'This result is an indication, not a diagnosis.' },
};

/** "- 113 Zelfmoordpreventie: Dag en nacht, bellen of chatten. Bel 113 of 0800-0113. www.113.nl" */
function helpLine(line: HelpLine, nl: boolean): string {
  const name = line.audience ? `${line.name} (${line.audience})` : line.name;
  const parts = [line.description?.trim(), line.phone ? `${nl ? 'Bel' : 'Call'} ${line.phone}.` : '', line.url ?? ''].filter(Boolean);
  return `- ${name}${parts.length ? `: ${parts.join(' ')}` : ''}`;
}

export function resultMail({ locale, score, age, siteUrl, content }: Omit<ResultMailInput, 'to'>): MailText {
  const nl = locale === 'nl';
  // A mail stands alone: links keep their absolute addresses, list items their dashes.
  const mailText = (markdown: string | null | undefined) => markdownToText(markdown, { linkAddresses: true, siteUrl, listDashes: true });
  const builtIn = BUILT_IN[locale];
  const lines: readonly HelpLine[] = content?.helpLines.length ? content.helpLines : BUILT_IN_HELP[locale];
  const intro = mailText(content?.helpIntro);
  const help = [`${content?.helpTitle ?? builtIn.helpTitle}:`, ...(intro ? [intro] : []), ...helpLinesFor(lines, age).map((l) => helpLine(l, nl))].join('\n');
  const outcome = [
    nl ? `Je score: ${score.total} van de 11 (${BAND_LABELS.nl[score.band].toLowerCase()}).` : `Your score: ${score.total} out of 11 (${BAND_LABELS.en[score.band].toLowerCase()}).`,
    nl ? `Gevoel van gemis (emotioneel): ${score.emotional} van de 6` : `Missing closeness (emotional): ${score.emotional} out of 6`,
    nl ? `Contact met anderen (sociaal): ${score.social} van de 5` : `Contact with others (social): ${score.social} out of 5`,
  ].join('\n');
  const contentAdvice = content?.advice.find((a) => a.band === score.band);
  const advice = contentAdvice ? `${contentAdvice.title}\n\n${mailText(contentAdvice.body)}` : '';
  const disclaimer = mailText(content?.disclaimer) || builtIn.disclaimer;
  const more = siteUrl ? (nl ? `Een groep bij jou in de buurt vind je op ${siteUrl}` : `Find a group near you at ${siteUrl}`) : '';
  const parts = showsHelpFirst(score.band) ? [help, outcome, advice, disclaimer] : [outcome, advice, disclaimer, help];
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
