/** The error screen as static HTML, for when React itself cannot render the page. Same
 * heading and way home as the rendered one (spec section 2), no script needed. */
export function staticErrorDocument(stylesheets: string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return (
    '<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Er ging iets mis | Join Us</title><meta name="robots" content="noindex">${links}</head><body>` +
    '<main id="main"><section class="error-screen" role="alert"><h1>Deze pagina is helaas niet (meer) beschikbaar</h1>' +
    '<form action="/" method="get"><button type="submit" class="button button-primary">Naar de homepage</button></form>' +
    '</section></main></body></html>'
  );
}
