// The result's texts from the content, made on the server: the advice per band and the help
// lines from the loneliness test (Markdown rendered here), the panel's title, disclaimer and
// retake label from the page's test-result block (the result panel of /doe-de-test/start), and
// the built-in texts wherever the content has none.
import { pathTo } from '../../../routing/path-to';
import type { Locale } from '../../../i18n/locale';
import type { PageRecord } from '../../../content/site-content';
import type { LonelinessTest } from '../../../content/model';
import { BANDS, type Band } from '../rules/bands';
import type { BlockContext } from '../../../blocks/block-context';
import { HelpContact } from '../../../blocks/help-contact';
import { RichText } from '../../../blocks/rich-text';
import { BUILT_IN_HELP } from '../rules/built-in-help';
import { t } from '../../../i18n/intl';
import { formatPlain } from '../../../i18n/plain';
import type { FlowTexts } from './flow-texts';
import type { ResultTexts } from './result-view';

export type TestResultBlockRecord = Extract<PageRecord['blocks'][number], { __component: 'blocks.test-result' }>;

/** The page's test-result block, if its content has one. */
export function testResultBlockOf(page: PageRecord | null): TestResultBlockRecord | null {
  return page?.blocks.find((b): b is TestResultBlockRecord => b.__component === 'blocks.test-result') ?? null;
}

export function resultTexts(content: LonelinessTest | null, block: TestResultBlockRecord | null, locale: Locale, ctx: BlockContext, texts: FlowTexts): ResultTexts {
  const origin = ctx.services.publicConfig.publicOrigin;
  const advice: ResultTexts['advice'] = {};
  for (const band of BANDS as readonly Band[]) {
    const a = content?.advice.find((x) => x.band === band);
    if (a) advice[band] = { title: a.title, body: <RichText markdown={a.body} origin={origin} /> };
  }
  const disclaimer = block?.disclaimer || content?.disclaimer;
  return {
    title: block?.title || texts['testFlow.resultTitle'] || '',
    retakeLabel: block?.retakeLabel || texts['testFlow.retake'] || '',
    // Where to get help now is shown on every result, whatever the block's `showHelp` says.
    showNearestGroup: block?.showNearestGroup ?? true,
    block: block ? { anchor: block.anchor ?? null } : null,
    bandLabels: Object.fromEntries(BANDS.map((band) => [band, t(locale, `testFlow.band.${band}`)])) as Record<Band, string>,
    advice,
    disclaimer: disclaimer ? <RichText markdown={disclaimer} origin={origin} /> : <p>{formatPlain(texts['testFlow.disclaimer'], {})}</p>,
    helpTitle: content?.helpTitle ?? texts['testFlow.helpTitle'] ?? '',
    helpIntro: <RichText markdown={content?.helpIntro} origin={origin} />,
    helpLines: (content?.helpLines ?? BUILT_IN_HELP[locale]).map((line, i) => ({
      key: String(line.id ?? i),
      name: line.name,
      maxAge: line.maxAge ?? null,
      node: <HelpContact contact={line} ctx={ctx} heading="h3" />,
    })),
    onlineHref: pathTo('locatie-slug', locale, { slug: 'online-groep' }),
  };
}
