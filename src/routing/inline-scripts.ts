// The only inline scripts of a page. They are constant strings, so the Content-Security-
// Policy allows them by hash (server/http/security-headers.ts) and no page needs a nonce: a
// rendered page is the same for every anonymous visitor and can be cached whole.

/** Sets the colour mode before first paint (no flash of the wrong mode). The
 * preference is `system`, `light` or `dark` under the localStorage key `nuxt-color-mode`;
 * `system` follows the OS; a route may force a mode (data-forced-color-mode on <html>);
 * a stored `dark` is forced to `light` and the preference set to `light`. */
export const COLOR_MODE_SCRIPT =
  "(function(){var d=document.documentElement,k='nuxt-color-mode',p='system';" +
  "try{p=localStorage.getItem(k)||'system';if(p==='dark'){p='light';localStorage.setItem(k,p)}}catch(e){}" +
  "var f=d.getAttribute('data-forced-color-mode');" +
  "var m=f||(p==='system'?(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p);" +
  "d.classList.remove('light','dark');d.classList.add(m);d.setAttribute('data-color-mode-preference',p);d.style.colorScheme=m})()";

/** Creates the data layer before anything else runs, with Consent Mode defaults denied: page
 * views are collected from the first page on, but nothing leaves the browser until the
 * tag-manager script loads, which only happens after consent. */
export const DATA_LAYER_SCRIPT =
  'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}' +
  "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',wait_for_update:500});";

/** The cookie banner before the page's scripts run. With no stored choice it marks <html> with
 * `data-consent-ask`, which shows the banner rendered into every page (hidden otherwise, so a
 * visitor without JavaScript, whom nothing can track, is asked nothing): the banner is part of
 * the first paint instead of appearing when the scripts have loaded. Until the banner's
 * component runs (it sets `data-consent` on <html>), its buttons work through this script:
 * "accept", "reject" and "save" (the analytics box as ticked) store the choice (the cookie of
 * src/app/chrome/cookies.ts, in the shape of consent.ts) and hide the banner; "choose" sets
 * `data-consent-ask=choose`, which shows the choices (and hides "choose"), and moves focus to
 * the analytics box, as the component does. */
export const CONSENT_ASK_SCRIPT =
  "(function(){var d=document.documentElement;if(/(?:^|;\\s*)consent=/.test(document.cookie))return;" +
  "d.setAttribute('data-consent-ask','');" +
  "document.addEventListener('click',function h(e){if(d.hasAttribute('data-consent')){document.removeEventListener('click',h);return}" +
  "var b=e.target&&e.target.closest&&e.target.closest('[data-consent-choice]');if(!b)return;var c=b.getAttribute('data-consent-choice');" +
  "if(c==='choose'){d.setAttribute('data-consent-ask','choose');var a=document.querySelector('[data-consent-analytics]');if(a)a.focus();return}" +
  "var y=c==='all'||(c==='save'&&!!(document.querySelector('[data-consent-analytics]')||{}).checked);" +
  "document.cookie='consent='+encodeURIComponent(JSON.stringify({analytics:y}))+'; Max-Age=31536000; Path=/; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'');" +
  "d.removeAttribute('data-consent-ask')})})()";

/** The id of the JSON list of the page's scripts that SCRIPTS_AFTER_LOAD loads. */
export const LATE_SCRIPTS_ID = 'late-scripts';

/** Loads the page's scripts once the page has loaded (its images included), in order: they
 * never compete with the first view's largest image for a slow line. Until then the page
 * works as it does without JavaScript. The list is the JSON of #late-scripts. */
export const SCRIPTS_AFTER_LOAD =
  "(function(){function go(){var l=document.getElementById('" + LATE_SCRIPTS_ID + "');if(!l)return;" +
  "JSON.parse(l.textContent).forEach(function(s){var e=document.createElement('script');e.src=s;e.async=false;document.body.appendChild(e)})}" +
  "if(document.readyState==='complete')go();else addEventListener('load',go)})()";

export const INLINE_SCRIPTS = [COLOR_MODE_SCRIPT, DATA_LAYER_SCRIPT, CONSENT_ASK_SCRIPT, SCRIPTS_AFTER_LOAD] as const;
