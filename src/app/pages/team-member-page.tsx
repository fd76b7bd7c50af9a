import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { TeamMember } from '../../content/model';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import { RichText } from '../../blocks/rich-text';
import { TeamMemberCard } from '../../blocks/people-cards';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader, RelatedBand } from '../../blocks/detail-parts';
import { shareImage } from './seo/page-seo';
import { markdownToText } from '../../content/markdown-text';
import { backLink } from './seo/urls';

type Data = { member: TeamMember; colleagues: TeamMember[]; others: number };

/** Colleagues shown under a member: a row or two, never the whole group of a growing team. */
const COLLEAGUES_SHOWN = 6;

/** /over-ons/ons-team/:slug: one member of the board, the ambassadors or the youth council,
 * and the others of the same group. */
export const teamMemberRoute: PageRoute<Data, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const member = await services.content.entry('team-members', params.slug ?? '', locale);
    if (!member) return { kind: 'not-found' };
    const { items, pagination } = await services.content.list('team-members', {
      locale,
      filters: { group: { $eq: member.group }, slug: { $ne: member.slug } },
      sort: ['order:asc', 'name:asc'],
      pageSize: COLLEAGUES_SHOWN,
    });
    return { kind: 'ok', data: { member, colleagues: items, others: pagination.total } };
  },
  title: ({ member }) => member.name,
  seo: ({ member }) => ({
    description: [member.role, member.bio ? markdownToText(member.bio) : null].filter(Boolean).join(': ').slice(0, 200),
    image: shareImage(member.photo),
    type: 'profile',
  }),
  page: ({ member, colleagues, others }, { locale, pathname, query, services }) => (
    <article className="detail detail-member">
      <DetailHeader
        back={backLink(locale, pathTo('ons-team', 'nl'), t(locale, 'pages.back.team'), t(locale, 'pages.back.home'))}
        eyebrow={t(locale, `pages.team.${member.group}`)}
        title={member.name}
        lead={member.role}
        media={member.photo}
        mediaShape="round"
      />
      <DetailBody>
        <RichText markdown={member.bio} origin={services.publicConfig.publicOrigin} className="detail-text" />
      </DetailBody>
      {colleagues.length > 0 ? (
        <RelatedBand
          title={t(locale, `pages.team.more.${member.group}`)}
          className="people-grid"
          more={others > colleagues.length ? { href: pathTo('ons-team', 'nl'), label: t(locale, 'pages.team.all', { count: others }) } : undefined}
        >
          {colleagues.map((c) => (
            <TeamMemberCard key={c.slug} record={c} heading="h3" ctx={{ locale, pathname, query, services }} />
          ))}
        </RelatedBand>
      ) : null}
    </article>
  ),
};
