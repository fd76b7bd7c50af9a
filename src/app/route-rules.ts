import type { RouteRules } from '../framework/route-match';

/** Redirects known at build time (spec section 2, PRODUCT.md). Published to the browser in
 * /builds/meta/{buildId}.json so client navigation applies them too. */
export const staticRouteRules: RouteRules = {
  '/home': { redirect: { to: '/', statusCode: 301 } },
  '/en/home': { redirect: { to: '/en', statusCode: 301 } },
  '/nl': { redirect: { to: '/', statusCode: 301 } },
  '/nl/**': { redirect: { to: '/**', statusCode: 301 } },
  // QR codes on the printed fan (waaier). The content model has no redirect list yet, so the
  // targets are fixed here; 302 because editors may point a code elsewhere later and printed
  // codes must never be cached to a permanent answer.
  '/qr/waaier1': { redirect: { to: '/doe-de-test', statusCode: 302 } },
  '/qr/waaier2': { redirect: { to: '/locaties', statusCode: 302 } },
  '/qr/waaier3': { redirect: { to: '/eenzaamheid', statusCode: 302 } },
  '/qr/waaier4': { redirect: { to: '/over-ons/support-onze-missie', statusCode: 302 } },
};
