/** The 404 page (spec section 8): 'Page not found: {path}' and a way back home. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <section className="not-found">
      <h1>Deze pagina is helaas niet (meer) beschikbaar</h1>
      <p className="not-found-path">Page not found: {path}</p>
      <p>
        <a className="button button-primary" href="/">
          Naar de homepage
        </a>
      </p>
    </section>
  );
}
