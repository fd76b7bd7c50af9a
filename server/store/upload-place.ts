// Where an upload is, as the store names it: its place under the uploads folder,
// `{post}/{field}-{n}`, never the path written with it. A record written with a relative
// DATA_DIR still finds its file, and nothing outside the folder is ever named.
import path from 'node:path';

export const placeOf = (file: string) => `${path.basename(path.dirname(file))}/${path.basename(file)}`;
