import type { LonelinessTest } from '../content/model';
import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { loadRelated } from './load-related';
import { RichText } from './rich-text';
import { HelpContact } from './help-contact';

/**
 * Where the test's outcome appears. The score comes from the page that handled the answers
 * (ctx.testScore); the advice and help lines from the loneliness-test texts, written once by
 * editors. The disclaimer and, when asked, where to get help now are always shown.
 */
export async function TestResultBlock({ block, ctx }: BlockProps<'blocks.test-result'>) {
  const texts = await loadRelated(ctx, block, () => ctx.services.content.lonelinessTest(ctx.locale));
  const score = ctx.testScore;
  const advice = score ? texts?.advice.find((a) => a.band === score.band) : undefined;
  const origin = ctx.services.publicConfig.publicOrigin;
  return (
    <BlockShell block={block}>
      <div className="result-panel">
        {block.title ? <h2 className="block-title">{block.title}</h2> : null}
        {score ? (
          <>
            <p className="result-score">{t(ctx.locale, 'blocks.test.score', { score: score.total })}</p>
            <ul className="result-subscores" role="list">
              <li>{t(ctx.locale, 'blocks.test.emotional', { score: score.emotional })}</li>
              <li>{t(ctx.locale, 'blocks.test.social', { score: score.social })}</li>
            </ul>
            {advice ? (
              <>
                <h3>{advice.title}</h3>
                <RichText markdown={advice.body} origin={origin} />
              </>
            ) : null}
          </>
        ) : (
          <p>{t(ctx.locale, 'blocks.test.noResult')}</p>
        )}
        <RichText markdown={block.disclaimer} origin={origin} className="result-disclaimer" />
        <a className="button button-primary" href="/doe-de-test/start">
          <span>{score ? (block.retakeLabel ?? t(ctx.locale, 'blocks.test.retake')) : t(ctx.locale, 'blocks.test.start')}</span>
          <Icon name="arrow-right" size={20} className="icon-trailing" />
        </a>
      </div>
      {block.showHelp && texts ? <HelpLines texts={texts} ctx={ctx} /> : null}
    </BlockShell>
  );
}

function HelpLines({ texts, ctx }: { texts: LonelinessTest; ctx: BlockContext }) {
  return (
    <div className="result-help">
      <h3>{texts.helpTitle}</h3>
      <RichText markdown={texts.helpIntro} origin={ctx.services.publicConfig.publicOrigin} />
      <ul className="support-contacts" role="list">
        {texts.helpLines.map((line, i) => (
          <HelpContact key={line.id ?? i} contact={line} ctx={ctx} heading="h4" />
        ))}
      </ul>
    </div>
  );
}
