// zod without its JIT in the browser. zod 4 compiles object parsers with `new Function` when it
// may, and probes for that by trying once: under the site's CSP (no 'unsafe-eval') the probe is
// a reported CSP violation on every page that validates. `jitless` skips both the probe and the
// compiled path (zod 4 reads it when a schema is built, so this module is imported before any
// schema module). The server keeps the JIT: it never imports this file.
import { z } from 'zod';

z.config({ jitless: true });
