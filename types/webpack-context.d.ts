// webpack's import.meta.webpackContext, used only in the production server bundle.
interface ImportMeta {
  webpackContext(
    request: string,
    options: { recursive?: boolean; regExp?: RegExp; mode?: 'sync' },
  ): ((id: string) => unknown) & { keys(): string[] };
}
