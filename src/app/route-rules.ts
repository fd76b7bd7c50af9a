import type { RouteRules } from '../framework/route-match';

/** Redirects known at build time (spec section 2, PRODUCT.md). Published to the browser in
 * /builds/meta/{buildId}.json so client navigation applies them too. */
export const staticRouteRules: RouteRules = {
  '/home': { redirect: { to: '/', statusCode: 301 } },
  '/en/home': { redirect: { to: '/en', statusCode: 301 } },
  '/nl': { redirect: { to: '/', statusCode: 301 } },
  '/nl/**': { redirect: { to: '/**', statusCode: 301 } },
};
