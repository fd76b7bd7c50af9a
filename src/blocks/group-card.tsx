// One group as the site shows it wherever it names groups (a search's answer, a region page,
// the sign-up, the loneliness test's result): when and where it meets, for which ages, and the
// links to sign up or read more. No hooks and no server code: the test flow renders it in the
// browser from the JSON answer, the pages on the server.
import type { GroupLabels, GroupSummary } from './group-summary';
import { FitWords } from './fit-words';

export function GroupFacts({ group, labels }: { group: GroupSummary; labels: Pick<GroupLabels, 'when' | 'where' | 'ages'> }) {
  return (
    <dl className="find-group-facts">
      <dt>{labels.when}</dt>
      <dd>{group.when}</dd>
      {group.where ? (
        <>
          <dt>{labels.where}</dt>
          <dd>{group.where}</dd>
        </>
      ) : null}
      <dt>{labels.ages}</dt>
      <dd>{group.ages}</dd>
    </dl>
  );
}

export function GroupCard({ group, labels }: { group: GroupSummary; labels: GroupLabels }) {
  return (
    <li className="find-group">
      <h3 className="find-group-name"><FitWords text={group.name} /></h3>
      <GroupFacts group={group} labels={labels} />
      <p className="find-group-actions">
        <a className="button button-primary" href={group.signUpHref}>
          {labels.signUp}
          <span className="visually-hidden">: {group.name}</span>
        </a>
        <a className="button button-secondary" href={group.href}>
          {labels.readMore}
          <span className="visually-hidden">: {group.name}</span>
        </a>
      </p>
    </li>
  );
}
