export const coreNl = {
  'app.title': 'Join Us',
  'a11y.skipToContent': 'Naar de inhoud',
  'a11y.homeLink': 'Join Us, naar de homepage',
  'nav.main': 'Hoofdmenu',
  'error.heading': 'Deze pagina is helaas niet (meer) beschikbaar',
  'error.home': 'Naar de homepage',
  'notFound.title': 'Pagina niet gevonden',
  'notFound.path': 'Pagina niet gevonden: {fullPath}',
} as const satisfies Record<string, string>;

export const coreEn: Record<keyof typeof coreNl, string> = {
  'app.title': 'Join Us',
  'a11y.skipToContent': 'Skip to content',
  'a11y.homeLink': 'Join Us, to the home page',
  'nav.main': 'Main menu',
  'error.heading': 'Sorry, this page is not (or no longer) available',
  'error.home': 'To the home page',
  'notFound.title': 'Page not found',
  'notFound.path': 'Page not found: {fullPath}',
};
