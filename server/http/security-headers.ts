// Security headers with helmet. The Content-Security-Policy allows scripts only from this
// origin plus the hashes of the two constant inline scripts; the Flight data travels in
// non-executable JSON blocks, so no page needs a nonce or a blanket inline-script allowance. The tag-manager
// host is allowed, but its script is only added after consent.
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { INLINE_SCRIPTS } from '../../src/routing/inline-scripts';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from './csp-report';

export const scriptHashes = INLINE_SCRIPTS.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);

const GOOGLE = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** reCAPTCHA v3, only when the site is configured with its keys (else ALTCHA, self-hosted). */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/**
 * Powerful browser features no page of the site uses, off for the site and anything it frames
 * (the tag manager, reCAPTCHA). A donation pays on the provider's own checkout page, a
 * top-level navigation: `payment` is not needed here either. Interest-based advertising
 * (Topics, and FLoC's `interest-cohort` for browsers that still know it) is refused. Only
 * features Chromium accepts are named: an unknown one is a console warning on every page
 * (Chromium 156 knows no `bluetooth`).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'autoplay', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid',
  'idle-detection', 'interest-cohort', 'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb', 'xr-spatial-tracking',
].map((feature) => `${feature}=()`).join(', ');

/** The Reporting API's endpoints: the CSP's group, on this site (resolved against the page's address). */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** `checkoutOrigin`: the payment provider's checkout, the one place beside this site a form
 * post (a donation) is redirected to. One middleware that sets every header synchronously: the
 * render-cache fast path records them once at startup (server/pages/fast-path.ts). */
export function securityHeaders(opts: { https: boolean; recaptcha?: boolean; mediaOrigin?: string; checkoutOrigin?: string }): RequestHandler {
  const hardening = helmetHeaders(opts);
  return (req, res, next) =>
    hardening(req, res, (err?: unknown) => {
      if (err) return next(err);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      // Where `report-to` sends the policy's violations (server/http/csp-report.ts).
      res.setHeader('Reporting-Endpoints', REPORTING_ENDPOINTS);
      next();
    });
}

function helmetHeaders(opts: { https: boolean; recaptcha?: boolean; mediaOrigin?: string; checkoutOrigin?: string }) {
  const captcha = opts.recaptcha ? RECAPTCHA : [];
  const media = opts.mediaOrigin ? [opts.mediaOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, 'https://www.googletagmanager.com', ...captcha],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...media, ...GOOGLE],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...GOOGLE, ...captcha],
        frameSrc: ["'self'", 'https://www.googletagmanager.com', ...captcha],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(opts.checkoutOrigin ? [opts.checkoutOrigin] : [])],
        frameAncestors: ["'none'"],
        // Violations reported to the site (server/http/csp-report.ts): `report-to` where the
        // Reporting API is, `report-uri` for the browsers that only know it.
        reportTo: [CSP_REPORT_GROUP],
        reportUri: [CSP_REPORT_PATH],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
