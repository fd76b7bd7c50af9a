// The result's next step when a group fits the age: the groups the find-a-group search found
// near the postcode (name, when, where, ages, sign up, read more), or that there is none yet
// with keep-me-posted and the region page. No hooks: rendered in the browser and on the server.
import { fill, type FlowTexts } from './fill';
import type { GroupAdvice } from './group-advice';

export function GroupAdviceView({ advice, texts, zipcode, age, fallbackHref }: { advice: GroupAdvice | null | undefined; texts: FlowTexts; zipcode: string; age: number; fallbackHref: string }) {
  if (!advice || advice.status === 'unavailable') {
    return (
      <>
        <p>{texts['testFlow.groupText']}</p>
        <p>
          <a className="button button-primary" href={advice?.searchHref ?? fallbackHref} data-testid="test-group-search">
            {fill(texts['testFlow.groupLink'], { zipcode, age })}
          </a>
        </p>
      </>
    );
  }
  if (advice.status === 'found') {
    return (
      <>
        <p>{texts['testFlow.groupText']}</p>
        <p>{fill(texts['testFlow.groupFound'], { municipality: advice.municipality })}</p>
        <ul className="find-groups test-groups" role="list" data-testid="test-groups">
          {advice.groups.map((g) => (
            <li key={g.slug} className="find-group">
              <h3 className="find-group-name">{g.name}</h3>
              <dl className="find-group-facts">
                <dt>{texts['testFlow.when']}</dt>
                <dd>{g.when}</dd>
                {g.where ? (
                  <>
                    <dt>{texts['testFlow.where']}</dt>
                    <dd>{g.where}</dd>
                  </>
                ) : null}
                <dt>{texts['testFlow.ages']}</dt>
                <dd>{g.ages}</dd>
              </dl>
              <p className="find-group-actions">
                <a className="button button-primary" href={g.signUpHref}>
                  {texts['testFlow.signUp']}
                  <span className="visually-hidden">: {g.name}</span>
                </a>
                <a className="button button-secondary" href={g.href}>
                  {texts['testFlow.readMore']}
                  <span className="visually-hidden">: {g.name}</span>
                </a>
              </p>
            </li>
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
        {advice.municipality ? fill(texts['testFlow.groupNoneForAge'], { municipality: advice.municipality, age }) : fill(texts['testFlow.groupNoneNear'], { zipcode })}
      </p>
      <p>
        {texts['testFlow.keepPostedText']}{' '}
        <a href={advice.keepPostedHref} data-testid="test-group-search">{texts['testFlow.keepPostedLink']}</a>
      </p>
      {advice.district ? (
        <p>
          <a className="button button-secondary" href={advice.district.href} data-testid="test-region-link">
            {fill(texts['testFlow.regionLink'], { district: advice.district.name })}
          </a>
        </p>
      ) : null}
    </>
  );
}
