// Placeholders in the flow's texts, filled in the browser or on the server.

export type FlowTexts = Record<string, string>;

/** `{name}` placeholders filled in. */
export function fill(text: string | undefined, values: Record<string, string | number>): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
