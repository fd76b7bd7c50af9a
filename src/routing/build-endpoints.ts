// What the browser asks about builds, apart from the other endpoints so that every page's
// first script carries these two paths and nothing else of them.

/** The id of the newest build, which the browser polls. */
export const LATEST_BUILD_PATH = '/builds/latest.json';
/** One build's metadata: `/builds/meta/{id}.json`. */
export const BUILD_META_PREFIX = '/builds/meta';
