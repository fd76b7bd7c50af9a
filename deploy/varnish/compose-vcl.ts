// compose.yaml's Varnish: the two replicas `site-1` and `site-2`, purged by them over the
// compose network (a private subnet), with the token from Varnish's own CACHE_PURGE_TOKEN.
// `npx tsx deploy/varnish/compose-vcl.ts` writes compose.vcl from it again.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteVcl, type VclOptions } from './vcl';

export const COMPOSE_VCL_OPTIONS: VclOptions = {
  backends: [
    { host: 'site-1', port: 3000 },
    { host: 'site-2', port: 3000 },
  ],
  purgeAcl: ['127.0.0.1', '::1', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
};

export const COMPOSE_VCL_FILE = fileURLToPath(new URL('./compose.vcl', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(COMPOSE_VCL_FILE, siteVcl(COMPOSE_VCL_OPTIONS));
  process.stdout.write(`wrote ${COMPOSE_VCL_FILE}\n`);
}
