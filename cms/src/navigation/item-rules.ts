import { sitePathOfPage } from './site-paths';

/**
 * What the site can show of a menu item, checked when the admin saves one (a Document Service
 * middleware on navigation items, see src/index.ts), so an editor hears it at once instead of
 * the item vanishing from the site with a line in its log:
 *
 * - INTERNAL links a page. Its path is the page's own site path (`/eenzaamheid/gevolgen`,
 *   `/en/about`, `/` for the home page), whatever the form held: the menus of this site hold full
 *   site paths (src/extensions/navigation), and an editor picks the page, not a path.
 * - EXTERNAL is a full address (`https://...`). A site path such as `/over-ons/vacatures` is a
 *   page of the site: the message says to choose "Internal" and the page.
 * - WRAPPER (a heading without a link) is not something the site's menus show: refused.
 * - "Attach to menu: No" is refused: the site shows every item of a menu, so an editor who
 *   meant to hide an item would see it appear anyway. The admin's item form starts on Yes
 *   (src/admin/menu-item-defaults.ts).
 */
export const MESSAGES = {
  externalNotUrl: (given: string) =>
    `Een externe link moet een volledig adres zijn dat met https:// begint ("${given}" is dat niet). Voor een pagina van deze site: kies het type Internal en kies de pagina. / An external link must be a full address starting with https://. For a page of this site choose Internal and pick the page.`,
  internalWithoutPage:
    'Kies de pagina waar dit menu-item naar linkt (Internal → pagina). / Choose the page this menu item links to.',
  notAttached: (title: string) =>
    `Menu-item "${title}" staat op "Attach to menu: No". De site toont elk item van een menu: zet het op Yes, of verwijder het item als het niet in het menu hoort. / Menu item "${title}" is not attached to the menu. The site shows every item of a menu: set "Attach to menu" to Yes, or remove the item.`,
  wrapper:
    'De site toont geen menu-items zonder link. Kies Internal (een pagina) of External (een https://-adres). / The site shows no menu items without a link: choose Internal (a page) or External (an https:// address).',
};

/** A menu item the site cannot show; the save middleware turns it into the admin's ValidationError.
 * (No Strapi import here: the site's unit tests run these rules before cms/ is installed.) */
export class MenuItemRefused extends Error {
  override name = 'MenuItemRefused';
}

const FULL_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

type Related = { __type?: string; documentId?: string; slug?: unknown; locale?: unknown } | null | undefined;
type ItemData = { type?: string; title?: string; menuAttached?: boolean; path?: string | null; externalPath?: string | null; related?: Related | Related[] };

/** Throws MenuItemRefused (shown by the admin as a ValidationError); otherwise returns the data to save. */
export async function checkMenuItem<T extends ItemData>(data: T, pageOf: (related: NonNullable<Related>) => Promise<{ slug: string; locale: string | null } | null>): Promise<T & ItemData> {
  {
    if (!data || typeof data.type !== 'string') return data;
    if (data.type === 'WRAPPER') throw new MenuItemRefused(MESSAGES.wrapper);
    if (data.menuAttached === false) throw new MenuItemRefused(MESSAGES.notAttached(data.title ?? ''));
    if (data.type === 'EXTERNAL') {
      const given = (data.externalPath ?? '').trim();
      if (!FULL_URL.test(given)) throw new MenuItemRefused(MESSAGES.externalNotUrl(given));
      return { ...data, externalPath: given, path: null };
    }
    if (data.type === 'INTERNAL') {
      const related = Array.isArray(data.related) ? data.related[data.related.length - 1] : data.related;
      if (!related || !related.documentId) throw new MenuItemRefused(MESSAGES.internalWithoutPage);
      const page = await pageOf(related);
      if (!page) throw new MenuItemRefused(MESSAGES.internalWithoutPage);
      return { ...data, path: sitePathOfPage(page.slug, page.locale), externalPath: null };
    }
    return data;
  }
}
