// The admin panel's own settings (read by `strapi build`; not part of the server's TypeScript).
// Dutch beside English in the language menu (Profile → Interface language), and the navigation
// plugin's "Unable to save" replaced by what is wrong: the server refuses a menu item the site
// cannot show (src/navigation/item-rules.ts) and the plugin shows only this one notification.
// The content manager's side menu in the editors' order and words (content-type-menu.ts).
import { inMenuOrder, menuTranslations } from './content-type-menu';

const menuRefused = {
  nl: 'Het menu is niet opgeslagen. Een externe link moet een volledig adres zijn (https://...); kies voor een pagina van deze site het type Internal en de pagina. Een Internal item moet een pagina hebben, en elk item moet aan het menu hangen (Attach to menu: Yes).',
  en: 'The menu was not saved. An external link must be a full address (https://...); for a page of this site choose Internal and pick the page. An Internal item needs a page, and every item must be attached to the menu (Attach to menu: Yes).',
};

type Link = { uid: string; title: string };
type App = { registerHook(name: string, fn: (value: Record<string, unknown>) => Record<string, unknown>): void };

export default {
  config: {
    locales: ['nl'],
    translations: {
      nl: { 'navigation.notification.navigation.update.error': menuRefused.nl, ...menuTranslations('nl') },
      en: { 'navigation.notification.navigation.update.error': menuRefused.en, ...menuTranslations('en') },
    },
  },
  bootstrap(app: App) {
    app.registerHook('Admin/CM/pages/App/mutate-collection-types-links', (value) => ({ ...value, ctLinks: inMenuOrder(value.ctLinks as Link[]) }));
    app.registerHook('Admin/CM/pages/App/mutate-single-types-links', (value) => ({ ...value, stLinks: inMenuOrder(value.stLinks as Link[]) }));
  },
};
