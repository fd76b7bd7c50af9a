import { formAction } from '../../routing/endpoints';
import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import type { Locale } from '../../i18n/locale';
import type { LonelinessTest } from '../../content/model';
import { lonelinessTestSchema, type LonelinessTestForm } from './forms/loneliness-test';
import { ANSWERS, ITEMS, type Answer } from './rules/items';
import { scoreTest } from './rules/score';
import { validateForm } from '../../forms/validate';
import { RichText } from '../../blocks/rich-text';
import type { BlockContext } from '../../blocks/block-context';
import type { Services } from '../../routing/services';
import { flowTexts } from './flow/flow-texts';
import { findGroupAdvice } from './rules/find-group-advice';
import { ResultView } from './flow/result-view';
import { resultTexts, testResultBlockOf, type TestResultBlockRecord } from './flow/result-texts';
import { TestFlow, type TestFlowProps } from './flow/test-flow.client';

type Data = { texts: LonelinessTest | null; resultBlock: TestResultBlockRecord | null; submitLabel: string | null };

export const TEST_FORM = 'loneliness-test';

/** Start of the loneliness test: a client-rendered flow in its own calm `doe-de-test` layout;
 * without JavaScript the same page is one plain form, and after its post the result. */
export const testStartRoute: PageRoute<Data, Services, ReactNode> = {
  layout: 'doe-de-test',
  // A calm, focused flow: always light, whatever the visitor's preference.
  meta: { colorMode: 'light' },
  // The test's texts, and this page's content record for its test-result block (the result
  // panel: title, disclaimer, retake label); either may be missing: built-in texts then.
  load: async (ctx) => {
    const [texts, page] = await Promise.all([
      ctx.services.content.lonelinessTest(ctx.locale).catch(() => null),
      ctx.services.content.page('doe-de-test/start', ctx.locale).catch(() => null),
    ]);
    // The page's test form block names the button that shows the result.
    const form = page?.blocks.find((b) => b.__component === 'blocks.form' && b.form === TEST_FORM);
    const submitLabel = form?.__component === 'blocks.form' ? (form.submitLabel ?? null) : null;
    return { kind: 'ok', data: { texts, resultBlock: testResultBlockOf(page), submitLabel } };
  },
  title: (data, ctx) => data.texts?.title ?? flowTexts(ctx.locale)['testFlow.title'],
  page: (data, ctx) => {
    const locale = ctx.locale;
    const blockCtx: BlockContext = { locale: ctx.locale, pathname: ctx.pathname, query: ctx.query, services: ctx.services };
    const props = flowProps(data.texts, data.resultBlock, data.submitLabel, locale, blockCtx);
    const state = ctx.formState?.form === TEST_FORM ? ctx.formState : undefined;
    if (state && state.values._result === '1') {
      const checked = validateForm(lonelinessTestSchema(locale), state.values, locale);
      if (checked.ok) return <ServerResult props={props} form={checked.data} stored={state.values._stored === '1'} mailed={state.values._mailed === '1'} ctx={blockCtx} />;
    }
    return <TestFlow {...props} initial={state ? { values: state.values, errors: state.errors, formErrors: state.formErrors } : undefined} />;
  },
};

/** The result after the plain form's post: the same view, the groups looked up right here. */
async function ServerResult({ props, form, stored, mailed, ctx }: { props: TestFlowProps; form: LonelinessTestForm; stored: boolean; mailed: boolean; ctx: BlockContext }) {
  const score = scoreTest(form.answers);
  const group = await findGroupAdvice(ctx.services.content, { band: score.band, age: form.age, postcode: form.postcode, locale: props.locale }, ctx.services.logger);
  return (
    <ResultView locale={props.locale} texts={props.texts} result={props.result} score={score} age={form.age} postcode={form.postcode} stored={stored} group={group}>
      {mailed ? (
        <p className="form-success" role="status" data-testid="test-mail-sent">{props.texts['testFlow.mailSent']}</p>
      ) : null}
    </ResultView>
  );
}

/** The flow's props from the content, with the built-in scale where the content has none. */
function flowProps(content: LonelinessTest | null, block: TestResultBlockRecord | null, submitLabel: string | null, locale: Locale, ctx: BlockContext): TestFlowProps {
  const builtIn = flowTexts(locale);
  const texts = submitLabel ? { ...builtIn, 'testFlow.showResult': submitLabel, 'testFlow.submitNoJs': submitLabel } : builtIn;
  const origin = ctx.services.publicConfig.publicOrigin;
  const items = ITEMS.map((item) => ({
    number: item.number,
    text: content?.items.find((i) => i.number === item.number)?.text ?? item.text[locale],
  }));
  const answerLabels: Record<Answer, string> = content
    ? { ja: capitalise(content.answers.yes), 'min-of-meer': capitalise(content.answers.moreOrLess), nee: capitalise(content.answers.no) }
    : (Object.fromEntries(ANSWERS.map((answer) => [answer, t(locale, `testFlow.answer.${answer}`)])) as Record<Answer, string>);
  const result = resultTexts(content, block, locale, ctx, texts);
  return {
    locale,
    action: formAction(TEST_FORM),
    page: pathTo('doe-de-test-start', locale),
    // The form's first stamp after a post without JavaScript (server/forms/form-again.ts).
    stamp: (ctx.formState?.form === TEST_FORM ? ctx.formState.stamp : undefined) ?? ctx.services.forms.stamp(),
    captcha: ctx.services.forms.captcha,
    texts,
    title: content?.title ?? texts['testFlow.title'] ?? '',
    intro: <RichText markdown={content?.intro} origin={origin} />,
    items,
    answerLabels,
    consentLabel: content?.consentLabel ?? texts['testFlow.consentYes'] ?? '',
    researchLabel: content?.researchLabel ?? texts['testFlow.researchTitle'] ?? '',
    emailNote: content?.emailNote ?? null,
    result,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
