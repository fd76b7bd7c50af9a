// The result's next step when a group fits the age: the groups the find-a-group search found
// near the postcode (name, when, where, ages, sign up, read more), or that there is none yet
// with keep-me-posted and the region page. No hooks: rendered in the browser and on the server.
import { formatPlain } from '../../../i18n/plain';
import type { FlowTexts } from './flow-texts';
import { GroupCard } from '../../../blocks/group-card';
import type { GroupAdvice } from '../forms/group-advice';

export function GroupAdviceView({ advice, texts, zipcode, age, fallbackHref }: { advice: GroupAdvice | null | undefined; texts: FlowTexts; zipcode: string; age: number; fallbackHref: string }) {
  if (!advice || advice.status === 'unavailable') {
    return (
      <>
        <p>{texts['testFlow.groupText']}</p>
        <p>
          <a className="button button-primary" href={advice?.searchHref ?? fallbackHref} data-testid="test-group-search">
            {formatPlain(texts['testFlow.groupLink'], { zipcode, age })}
          </a>
        </p>
      </>
    );
  }
  if (advice.status === 'found') {
    const labels = { when: texts['testFlow.when']!, where: texts['testFlow.where']!, ages: texts['testFlow.ages']!, signUp: texts['testFlow.signUp']!, readMore: texts['testFlow.readMore']! };
    return (
      <>
        <p>{texts['testFlow.groupText']}</p>
        <p>{formatPlain(texts['testFlow.groupFound'], { municipality: advice.municipality })}</p>
        <ul className="find-groups test-groups" role="list" data-testid="test-groups">
          {advice.groups.map((g) => (
            <GroupCard key={g.slug} group={g} labels={labels} />
          ))}
        </ul>
        {advice.more > 0 ? (
          <p>
            <a href={advice.searchHref} data-testid="test-group-search">{texts['testFlow.groupMore']}</a>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p data-testid="test-group-none">
        {advice.municipality ? formatPlain(texts['testFlow.groupNoneForAge'], { municipality: advice.municipality, age }) : formatPlain(texts['testFlow.groupNoneNear'], { zipcode })}
      </p>
      <p>
        {texts['testFlow.keepPostedText']}{' '}
        <a href={advice.keepPostedHref} data-testid="test-group-search">{texts['testFlow.keepPostedLink']}</a>
      </p>
      {advice.district ? (
        <p>
          <a className="button button-secondary" href={advice.district.href} data-testid="test-region-link">
            {formatPlain(texts['testFlow.regionLink'], { district: advice.district.name })}
          </a>
        </p>
      ) : null}
    </>
  );
}
