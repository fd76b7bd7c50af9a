import { pathTo } from '../../routing/path-to';
import type { LonelinessTest } from '../../content/model';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import type { BlockContext } from '../../blocks/block-context';
import type { BlockProps } from '../../blocks/block-props';
import { BlockShell } from '../../blocks/block-shell';
import { loadRelated } from '../../blocks/load-related';
import { RichText } from '../../blocks/rich-text';
import { HelpContact } from '../../blocks/help-contact';
import { FitWords } from '../../blocks/fit-words';

/**
 * The test-result block. On /doe-de-test/start, where the content puts it, it is the result
 * panel of the test flow: that route reads the block's title, disclaimer, retake label and
 * `showNearestGroup` and renders the scored result with them (src/features/loneliness-test/flow/result-texts).
 * On any other content page there is no result to show: the block invites the visitor to take
 * the test, with its disclaimer and, when asked, where to get help now.
 */
export async function TestResultBlock({ block, ctx }: BlockProps<'blocks.test-result'>) {
  const texts = block.showHelp ? await loadRelated(ctx, block, () => ctx.services.content.lonelinessTest(ctx.locale)) : null;
  const origin = ctx.services.publicConfig.publicOrigin;
  return (
    <BlockShell block={block}>
      <div className="result-panel">
        {block.title ? <h2 className="block-title"><FitWords text={block.title} /></h2> : null}
        <p>{t(ctx.locale, 'blocks.test.noResult')}</p>
        <RichText markdown={block.disclaimer} origin={origin} className="result-disclaimer" />
        <a className="button button-primary" href={pathTo('doe-de-test-start', ctx.locale)}>
          <span>{t(ctx.locale, 'blocks.test.start')}</span>
          <Icon name="arrow-right" size={20} className="icon-trailing" />
        </a>
      </div>
      {texts ? <HelpLines texts={texts} ctx={ctx} /> : null}
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
