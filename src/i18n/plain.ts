// The browser's way to fill a catalogue text: plain `{name}` placeholders only, no @formatjs
// (it would more than double the form code the browser loads). The texts that reach the
// browser use nothing else, and a test holds this to giving exactly what the server's
// @formatjs gives for each of them.

export type PlainValues = Readonly<Record<string, string | number>>;

/** `{name}` placeholders filled in; one without a value stays visible rather than vanish. */
export function formatPlain(template: string, values: PlainValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
