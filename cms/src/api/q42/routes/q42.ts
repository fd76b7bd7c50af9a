/**
 * The site's custom routes, public like the content they read:
 * `GET /api/q42/districts[?id=<id|documentId>][&locale=]` and
 * `GET /api/q42/search?zipcode=&age=[&locale=]`. See ../services/search.ts for the rule.
 */
export default {
  routes: [
    { method: 'GET', path: '/q42/districts', handler: 'q42.districts', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/q42/search', handler: 'q42.search', config: { auth: false, policies: [] } },
  ],
};
