// The loneliness test's "your results" mail: to the visitor only, in their language,
// queued straight in the mail outbox. The address is used for this mail only: it is not part
// of any stored submission (no submission id), and the mail repeats no answers, only the score,
// the band, the advice for that band, that it is an indication and not a diagnosis, and where
// to get help. Advice, disclaimer and help lines come from the content's loneliness test when
// it has them, as plain text; the built-in texts stand in when it has none.
import { markdownToText } from '../../../src/content/markdown-text';
import type { HelpLine, LonelinessTest } from '../../../src/content/model';
import { t } from '../../../src/i18n/intl';
import type { Locale } from '../../../src/i18n/locale';
import { helpLinesFor } from '../../../src/features/loneliness-test/rules/advice';
import { showsHelpFirst } from '../../../src/features/loneliness-test/rules/bands';
import { BUILT_IN_HELP } from '../../../src/features/loneliness-test/rules/built-in-help';
import type { TestScore } from '../../../src/features/loneliness-test/rules/score';
import type { MailToQueue } from '../../mail/mailer';
import type { MailText } from '../../mail/templates';

export const RESULT_MAIL_KIND = 'loneliness-test.result';

/** What the mail takes from the content's loneliness test. */
export type ResultMailContent = Pick<LonelinessTest, 'advice' | 'disclaimer' | 'helpTitle' | 'helpIntro' | 'helpLines'>;

export type ResultMailInput = { to: string; locale: Locale; score: TestScore; age: number; siteUrl?: string; content?: ResultMailContent | null };

/** "- 113 Zelfmoordpreventie: Dag en nacht, bellen of chatten. Bel 113 of 0800-0113. www.113.nl" */
function helpLine(line: HelpLine, locale: Locale): string {
  const name = line.audience ? `${line.name} (${line.audience})` : line.name;
  const parts = [line.description?.trim(), line.phone ? t(locale, 'mail.result.call', { phone: line.phone }) : '', line.url ?? ''].filter(Boolean);
  return `- ${name}${parts.length ? `: ${parts.join(' ')}` : ''}`;
}

export function resultMail({ locale, score, age, siteUrl, content }: Omit<ResultMailInput, 'to'>): MailText {
  // A mail stands alone: links keep their absolute addresses, list items their dashes.
  const mailText = (markdown: string | null | undefined) => markdownToText(markdown, { linkAddresses: true, siteUrl, listDashes: true });
  const lines: readonly HelpLine[] = content?.helpLines.length ? content.helpLines : BUILT_IN_HELP[locale];
  const intro = mailText(content?.helpIntro);
  const help = [`${content?.helpTitle ?? t(locale, 'testFlow.helpTitle')}:`, ...(intro ? [intro] : []), ...helpLinesFor(lines, age).map((l) => helpLine(l, locale))].join('\n');
  const band = t(locale, `testFlow.band.${score.band}`).toLowerCase();
  const outcome = [
    `${t(locale, 'testFlow.score', { score: score.total })} (${band}).`,
    t(locale, 'testFlow.emotional', { score: score.emotional }),
    t(locale, 'testFlow.social', { score: score.social }),
  ].join('\n');
  const contentAdvice = content?.advice.find((a) => a.band === score.band);
  const advice = contentAdvice ? `${contentAdvice.title}\n\n${mailText(contentAdvice.body)}` : '';
  const disclaimer = mailText(content?.disclaimer) || t(locale, 'testFlow.disclaimer');
  const more = siteUrl ? t(locale, 'mail.result.findGroup', { url: siteUrl }) : '';
  const parts = showsHelpFirst(score.band) ? [help, outcome, advice, disclaimer] : [outcome, advice, disclaimer, help];
  const text = [t(locale, 'mail.result.greeting'), t(locale, 'mail.result.intro'), ...parts, more, t(locale, 'mail.result.addressNotKept'), 'Stichting Join Us']
    .filter(Boolean)
    .join('\n\n');
  return { subject: t(locale, 'mail.result.subject'), text: `${text}\n` };
}

/** The result mail as the outbox queues it: to the visitor, tied to no stored submission. */
export function resultMailToQueue(input: ResultMailInput): MailToQueue {
  return { ...resultMail(input), to: input.to, kind: RESULT_MAIL_KIND };
}
