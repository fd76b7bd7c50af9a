// Building blocks shared by the detail pages: the header band with its back link, the facts
// card and images that reserve their space before they load.
import type { ReactNode } from 'react';
import type { Media } from '../content/model';
import { Icon } from '../icons/icon';
import { MediaImage } from './media-image';
import { FitWords } from './fit-words';

export function DetailHeader(props: {
  back: { href: string; label: string };
  eyebrow?: ReactNode;
  title: string;
  /** The title's language when it is not the page's (a Dutch record on an English page). */
  titleLang?: string;
  lead?: string | null;
  meta?: ReactNode;
  media?: Media | null;
  /** Portraits are shown round and small; illustrations wide. */
  mediaShape?: 'wide' | 'round';
}) {
  return (
    <header className="detail-header">
      <div className={props.media ? 'detail-header-inner has-media' : 'detail-header-inner'}>
        <div className="detail-heading">
          <a className="back-link" href={props.back.href}>
            <Icon name="chevron-left" size={20} />
            {props.back.label}
          </a>
          {props.eyebrow ? <p className="detail-eyebrow">{props.eyebrow}</p> : null}
          <h1 className="detail-title" lang={props.titleLang}><FitWords text={props.title} /></h1>
          {props.lead ? <p className="detail-lead">{props.lead}</p> : null}
          {props.meta ? <div className="detail-meta">{props.meta}</div> : null}
        </div>
        {props.media ? <MediaImage media={props.media} slot={props.mediaShape === 'round' ? 'portrait' : 'detail'} className={`detail-media detail-media-${props.mediaShape ?? 'wide'}`} priority /> : null}
      </div>
    </header>
  );
}

export type Fact = { icon: string; label: string; value: ReactNode };

/** Key facts as a definition list; empty values are left out. */
export function Facts({ title, facts, children }: { title: string; facts: Fact[]; children?: ReactNode }) {
  const shown = facts.filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
  return (
    <section className="detail-facts" aria-labelledby="facts-title">
      <h2 id="facts-title" className="detail-facts-title">{title}</h2>
      <dl className="detail-facts-list">
        {shown.map((fact) => (
          <div className="detail-fact" key={fact.label}>
            <dt>
              <Icon name={fact.icon} size={20} />
              {fact.label}
            </dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/** Main text beside a sticky aside on wide screens, stacked on phones. */
export function DetailBody({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={aside ? 'detail-body has-aside' : 'detail-body'}>
      <div className="detail-main">{children}</div>
      {aside ? <aside className="detail-aside">{aside}</aside> : null}
    </div>
  );
}

/** More of the same kind (posts of the category, people of the group) in a band before the footer. */
export function RelatedBand({ title, className, children, more }: { title: string; className?: string; children: ReactNode; more?: { href: string; label: string } }) {
  return (
    <section className="detail-related" aria-labelledby="related-title">
      <div className="detail-related-inner">
        <h2 id="related-title">{title}</h2>
        <ul className={className ? `card-grid ${className}` : 'card-grid'} role="list">
          {children}
        </ul>
        {more ? (
          <p className="list-more">
            <a href={more.href}>{more.label}</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
