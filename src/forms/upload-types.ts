// The file types an upload may have (a CV, a motivation letter), without zod: the browser's
// file input reads UPLOAD_ACCEPT with the page, the schema (schemas/files.ts) checks the rest.
export const ALLOWED_UPLOAD_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain',
};

/** For the `accept` attribute of the file input. */
export const UPLOAD_ACCEPT = [
  ...Object.keys(ALLOWED_UPLOAD_TYPES).map((ext) => `.${ext}`),
  ...Object.values(ALLOWED_UPLOAD_TYPES),
].join(',');

// Browsers leave `type` empty for some files (often .docx on Windows), so the extension alone
// may vouch for a file (also when the type is the meaningless octet-stream); a specific declared
// type must then still be one of ours.
export function isAllowedUpload(file: { name: string; type: string }): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const byName = Object.hasOwn(ALLOWED_UPLOAD_TYPES, extension);
  if (file.type === '' || file.type === 'application/octet-stream') return byName;
  const byType = Object.values(ALLOWED_UPLOAD_TYPES).includes(file.type);
  return byType && (byName || extension === '');
}
