// The test's outcome, the same with JavaScript (rendered in the browser) and without (rendered
// on the server after the plain form's post). No hooks: both sides can render it. Content texts
// that are Markdown arrive already rendered (server-made nodes).
import { pathTo } from '../../../routing/path-to';
import { Fragment, type ReactNode } from 'react';
import type { Band } from '../rules/bands';
import type { TestScore } from '../rules/score';
import { groupSearchHref, helpLinesFor, resultAdvice } from '../rules/advice';
import { formatPlain } from '../../../i18n/plain';
import type { FlowTexts } from './flow-texts';
import type { GroupAdvice } from '../forms/group-advice';
import { GroupAdviceView } from './group-advice-view';
import type { Locale } from '../../../i18n/locale';

/** `node` is the server-rendered `<li>` of one help line. */
export type HelpLineNode = { key: string; name: string; maxAge?: number | null; node: ReactNode };

export type ResultTexts = {
  /** The result's heading, and the retake button's label. */
  title: string;
  retakeLabel: string;
  /** Name the groups the find-a-group search finds (else only a link to the search). */
  showNearestGroup: boolean;
  /** Set when the content's test-result block is what this result renders (its anchor). */
  block: { anchor: string | null } | null;
  bandLabels: Record<Band, string>;
  advice: Partial<Record<Band, { title: string; body: ReactNode }>>;
  disclaimer: ReactNode;
  helpTitle: string;
  helpIntro: ReactNode;
  helpLines: HelpLineNode[];
  /** Where the online group is described. */
  onlineHref: string;
};

type Props = {
  locale: Locale;
  texts: FlowTexts;
  result: ResultTexts;
  score: TestScore;
  age: number;
  postcode: string;
  stored: boolean;
  /** The groups the find-a-group search found for the postcode and age (null: none asked, or
   * the answer did not arrive; the result then links to the search). */
  group?: GroupAdvice | null;
  /** The result mail form (browser) or the "sent" note (server), below the advice. */
  children?: ReactNode;
  headingRef?: (el: HTMLHeadingElement | null) => void;
};

export function ResultView({ locale, texts, result, score, age, postcode, stored, group, children, headingRef }: Props) {
  const { band, helpFirst, next } = resultAdvice(score.band, age, postcode);
  const advice = result.advice[band];
  const help = (
    <section className="test-help" aria-labelledby="test-help-title">
      <h2 id="test-help-title">{result.helpTitle}</h2>
      {result.helpIntro}
      <ul className="support-contacts" role="list">
        {helpLinesFor(result.helpLines, age).map((line) => (
          <Fragment key={line.key}>{line.node}</Fragment>
        ))}
      </ul>
    </section>
  );
  return (
    <section
      className={`test-result test-result-${band}`}
      aria-labelledby="test-result-title"
      data-band={band}
      data-block={result.block ? 'blocks.test-result' : undefined}
      id={result.block?.anchor ?? undefined}
    >
      <h1 id="test-result-title" tabIndex={-1} ref={headingRef}>{result.title}</h1>
      {helpFirst ? help : null}
      <div className="test-result-panel">
        <p className="test-result-band">{result.bandLabels[band]}</p>
        <p className="test-result-score" data-testid="test-score">{formatPlain(texts['testFlow.score'], { score: score.total })}</p>
        <ul className="test-result-subscores" role="list">
          <li>{formatPlain(texts['testFlow.emotional'], { score: score.emotional })}</li>
          <li>{formatPlain(texts['testFlow.social'], { score: score.social })}</li>
        </ul>
        {advice ? (
          <>
            <h2>{advice.title}</h2>
            {advice.body}
          </>
        ) : null}
        <div className="test-result-disclaimer">{result.disclaimer}</div>
      </div>
      {helpFirst ? null : help}
      <section className="test-next" aria-labelledby="test-next-title">
        <h2 id="test-next-title">{texts['testFlow.nextTitle']}</h2>
        {next.kind === 'tips' ? <p>{texts['testFlow.tips']}</p> : null}
        {next.kind === 'group' ? (
          <GroupAdviceView advice={result.showNearestGroup ? group : null} texts={texts} zipcode={`${next.zipcode.slice(0, 4)} ${next.zipcode.slice(4)}`} age={next.age} fallbackHref={groupSearchHref(locale, next.zipcode, next.age)} />
        ) : null}
        {(next.kind === 'group' && next.online) || next.kind === 'online' ? (
          <>
            <p>
              {texts['testFlow.onlineText']} <a href={result.onlineHref}>{texts['testFlow.onlineLink']}</a>
            </p>
            <p>
              <a className="button button-secondary" href={pathTo('aanmelden', locale, undefined, { locatie: 'online' })} data-testid="test-online-signup">
                {texts['testFlow.onlineSignUp']}
              </a>
            </p>
          </>
        ) : null}
        {next.kind === 'other-help' ? <p>{texts['testFlow.otherHelp']}</p> : null}
      </section>
      <p className="test-stored" data-testid="test-stored">{stored ? texts['testFlow.stored'] : texts['testFlow.notStored']}</p>
      {children}
      <p>
        <a className="button button-secondary" href={pathTo('doe-de-test-start', locale)}>{result.retakeLabel}</a>
      </p>
    </section>
  );
}
