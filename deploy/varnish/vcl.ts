// The Varnish configuration (VCL 4.1, Varnish 7.1 as Debian ships it) for the site's replicas,
// written from the list of replicas a deployment has. `compose.vcl` next to this file is its
// output for compose.yaml (write it again with `npx tsx deploy/varnish/compose-vcl.ts`;
// a test fails when the two differ).
//
// What it does, and why:
// - Replicas in a round robin, each taken in only while its /readyz answers 200: after its
//   startup renders, and until it starts draining on SIGTERM. When none is ready (the content
//   service down makes every /readyz fail), the replicas are asked anyway: each still answers
//   from its last known content.
// - A GET or HEAD that a replica fails (refused, reset, timed out) or answers 503 with
//   Retry-After (not ready yet, draining) is sent to the next one. Other methods are never sent
//   twice: their bodies are not kept.
// - Pages are kept as the site's Cache-Control says (s-maxage), and served stale while a replica
//   renders them again; when no replica is ready, for up to six hours.
// - Purges are bans by cache tag (the pages' Surrogate-Key), from the purgers' addresses with
//   the purge token only. Bans test obj.* alone, so the ban lurker clears them in the background.
// - Not kept: posts, signed-in visitors (their session cookie), health, the preview, the API.
//   The tags are the proxy's business: visitors never see them; nor does anyone see another
//   client's rate-limit headers on a kept page (the site sends none there; this drops them too).
// - Never passed on from the public face: the addresses only the servers themselves ask
//   (INTERNAL_PATHS: one replica asking another, a scrape of one replica's figures), in any case,
//   with a trailing slash or a query, or in a request's absolute form, as the site's router
//   would still take them.
import { HEALTH_PATH, INTERNAL_PATHS, PREVIEW_PATH, READY_PATH } from '../../src/routing/endpoints';
import { PER_CLIENT_HEADERS } from '../../server/http/cache-policies';
import { FLIGHT_CONTENT_TYPE } from '../../src/routing/protocol';
import { SESSION_COOKIE } from '../../server/features/accounts/session-cookie';
import { STATE_COOKIE } from '../../server/features/accounts/provider-state';
import { LOCALE_COOKIE } from '../../server/pages/locale-preference';
import { PURGE_TAGS_HEADER, PURGE_TOKEN_HEADER } from '../../server/content/proxy-purge';
import { READINESS_PROBE_HEADER } from '../../server/http/shutdown';

export type VclBackend = { name?: string; host: string; port: number };

export type VclOptions = {
  backends: VclBackend[];
  /** The token a purge must carry. Absent: the CACHE_PURGE_TOKEN of Varnish's own environment,
   * and no purge at all while that is empty. */
  purgeToken?: string;
  /** Addresses or subnets (`10.0.0.0/8`) purges may come from; default loopback only. */
  purgeAcl?: string[];
};

/** How often a replica's /readyz is asked, and how many of the last answers decide. */
const PROBE = { interval: '1s', timeout: '2s', window: 3, threshold: 2 };
/** How many answers of 503 in a row take a ready replica out of the round: a draining replica
 * waits until the probe has had them (its SHUTDOWN_DRAIN_PROBES). */
export const PROBES_TO_TAKE_OUT = PROBE.window - PROBE.threshold + 1;
/** How long a page past its s-maxage may be served while no replica is ready. */
const OUTAGE_GRACE = '6h';
/** How long past its s-maxage while replicas are ready: the site's stale-while-revalidate. */
const READY_GRACE = '10m';
/** Retries of a GET or HEAD on the next replica. */
const RETRIES = 3;

export function siteVcl(o: VclOptions): string {
  if (o.backends.length === 0) throw new Error('siteVcl: at least one backend');
  const names = o.backends.map((b, i) => backendName(b, i));
  if (new Set(names).size !== names.length) throw new Error(`siteVcl: backend names repeat (${names.join(', ')})`);
  if (o.purgeToken !== undefined && !/^[\x21\x23-\x7e]{16,}$/.test(o.purgeToken)) throw new Error('siteVcl: the purge token is 16 or more printable characters, no quote or space');
  const acl = (o.purgeAcl ?? ['127.0.0.1', '::1']).map(aclEntry);
  const backends = o.backends.map((b, i) => {
    const host = vclString(b.host);
    const port = vclString(String(b.port));
    const timeouts = '    .connect_timeout = 1s;\n    .first_byte_timeout = 30s;\n    .between_bytes_timeout = 10s;';
    return `backend ${names[i]} {\n    .host = ${host};\n    .port = ${port};\n    .probe = ready;\n${timeouts}\n}\n\n# The same replica without the probe: asked only when no replica is ready.\nbackend ${names[i]}_anyway {\n    .host = ${host};\n    .port = ${port};\n${timeouts}\n}\n`;
  });
  const token = o.purgeToken === undefined ? 'std.getenv("CACHE_PURGE_TOKEN")' : vclString(o.purgeToken);
  const passPaths = [READY_PATH, HEALTH_PATH, PREVIEW_PATH, '/api'].map((p) => p.slice(1)).join('|');
  const internalPaths = INTERNAL_PATHS.map((p) => p.slice(1).replace(/[.]/g, '\\.')).join('|');

  return `vcl 4.1;
# Written by deploy/varnish/vcl.ts: change that file, not this output.

import directors;
import std;

# A replica takes visitors while its /readyz answers 200; a new one starts out of the round.
probe ready {
    .request = "GET ${READY_PATH} HTTP/1.1" "Host: varnish-probe" "Connection: close" "User-Agent: varnish-probe" "${READINESS_PROBE_HEADER}: 1";
    .expected_response = 200;
    .interval = ${PROBE.interval};
    .timeout = ${PROBE.timeout};
    .window = ${PROBE.window};
    .threshold = ${PROBE.threshold};
    .initial = 0;
}

${backends.join('\n')}
acl purgers {
${acl.map((a) => `    ${a};`).join('\n')}
}

sub vcl_init {
    new ready_replicas = directors.round_robin();
${names.map((n) => `    ready_replicas.add_backend(${n});`).join('\n')}
    new any_replica = directors.round_robin();
${names.map((n) => `    any_replica.add_backend(${n}_anyway);`).join('\n')}
    new replicas = directors.fallback();
    replicas.add_backend(ready_replicas.backend());
    replicas.add_backend(any_replica.backend());
}

sub vcl_recv {
    set req.backend_hint = replicas.backend();
    # Only the probe's own /readyz counts for a draining replica: a visitor cannot stand in for it.
    unset req.http.${READINESS_PROBE_HEADER};
    if (req.method == "BAN") {
        call purge_by_tag;
    }
    call vcl_req_host;
    # The servers' own addresses: not from here, whatever the method. Any case, a trailing slash
    # or query, and the absolute form (http://host/path), which the site's router takes as the same.
    if (req.url ~ "^(?i)([a-z][a-z0-9+.-]*://[^/]*)?/+(${internalPaths})(/|\\?|#|$)") {
        return (synth(404, "Not Found"));
    }
    # Anything but GET and HEAD goes to a replica as it is, once.
    call vcl_req_method;
    call vcl_req_authorization;
    if (req.url ~ "^/(${passPaths})(/|\\?|$)") {
        return (pass);
    }
    # A signed-in visitor, or a log-in under way: their pages are theirs alone (on https the
    # cookies are named __Host-...).
    if (req.http.Cookie ~ "(^|;\\s*)(__Host-)?(${SESSION_COOKIE}|${STATE_COOKIE})=") {
        return (pass);
    }
    # Of the cookies only the language choice shapes a page (Dutch pages with an English twin
    # say Vary: Cookie); the rest are the browser's, and would split the cache per visitor.
    if (req.http.Cookie ~ "(^|;\\s*)${LOCALE_COOKIE}=(nl|en)(;|$)") {
        set req.http.Cookie = "${LOCALE_COOKIE}=" + regsub(req.http.Cookie, "^(.*;\\s*)?${LOCALE_COOKIE}=(nl|en)(;.*)?$", "\\2");
    } else {
        unset req.http.Cookie;
    }
    # A page's HTML, or its Flight payload (Vary: Accept): two variants, not one per browser.
    if (req.http.Accept ~ "${FLIGHT_CONTENT_TYPE}") {
        set req.http.Accept = "${FLIGHT_CONTENT_TYPE}";
    } else {
        set req.http.Accept = "text/html";
    }
    # Stale pages while a replica renders them again; far longer while none is ready.
    if (std.healthy(ready_replicas.backend())) {
        set req.grace = ${READY_GRACE};
    }
    return (hash);
}

# BAN / with the tags in ${PURGE_TAGS_HEADER} (space-separated) and the token in ${PURGE_TOKEN_HEADER}.
sub purge_by_tag {
    if (client.ip !~ purgers) {
        return (synth(403, "Purge refused: address"));
    }
    if (${token} == "" || req.http.${PURGE_TOKEN_HEADER} != ${token}) {
        return (synth(403, "Purge refused: token"));
    }
    if (req.http.${PURGE_TAGS_HEADER} !~ "^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$") {
        return (synth(400, "Purge refused: tags are letters, digits, _ and -, space-separated"));
    }
    # Whole tags of the space-separated list, between spaces or the ends. A \\b would also match
    # col_blog inside col_blog-posts. (No quotes, space or backslash in the expression: a
    # ban's argument ends at a space, and quotes and backslashes would be taken literally.)
    if (!std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.${PURGE_TAGS_HEADER}, " ", "|") + ")([[:space:]]|$)")) {
        return (synth(400, "Purge refused: " + std.ban_error()));
    }
    return (synth(200, "Purged"));
}

sub vcl_backend_fetch {
    # A retry goes to a replica this request has not tried yet: the round robin is shared by every
    # request at once, so it can hand a retry the replica that just failed it (6 GETs at once met
    # a draining replica: one got its 503 after every retry). Ready replicas first, then any.
    if (bereq.retries > 0) {
${retryChoice(names)}
    }
}

sub vcl_backend_response {
    # Not ready yet or draining (a 503 with Retry-After): the next replica answers a GET or HEAD.
    # A 503 without it is the site's own answer (the content service down): asking the others
    # too would only multiply the load of an outage.
    if (beresp.status == 503 && beresp.http.Retry-After && bereq.method ~ "^(GET|HEAD)$" && bereq.retries < ${RETRIES}) {
        call note_tried;
        return (retry);
    }
    set beresp.grace = ${OUTAGE_GRACE};
    # An answer kept here is every visitor's: none of one client's rate-limit headers on it.
    if (!bereq.uncacheable && beresp.ttl > 0s && !beresp.http.Set-Cookie && beresp.http.Cache-Control !~ "(?i)no-store|no-cache|private") {
${PER_CLIENT_HEADERS.map((h) => `        unset beresp.http.${h};`).join('\n')}
    }
}

sub vcl_backend_error {
    # Refused, reset or timed out: a GET or HEAD goes to the next replica.
    if (bereq.method ~ "^(GET|HEAD)$" && bereq.retries < ${RETRIES}) {
        call note_tried;
        return (retry);
    }
}

# The replicas this request was sent to, space-separated, for vcl_backend_fetch's choice.
sub note_tried {
    set bereq.http.${TRIED_HEADER} = bereq.http.${TRIED_HEADER} + " " + regsub(beresp.backend.name, "_anyway$", "");
}

sub vcl_deliver {
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
`;
}

/** The header a backend request carries the replicas it was sent to in (its retries). */
const TRIED_HEADER = 'X-Replicas-Tried';

/** vcl_backend_fetch's choice for a retry: the first ready replica not tried yet, else the first
 * not tried at all; all tried, the directors choose as before. */
function retryChoice(names: readonly string[]): string {
  const untried = (n: string) => `bereq.http.${TRIED_HEADER} !~ "(^| )${n}( |$)"`;
  const branches = [...names.map((n) => [`std.healthy(${n}) && ${untried(n)}`, n]), ...names.map((n) => [untried(n), `${n}_anyway`])];
  return branches.map(([test, backend], i) => `        ${i === 0 ? 'if' : '} elsif'} (${test}) {\n            set bereq.backend = ${backend};`).join('\n') + '\n        }';
}

/** `site-1` becomes `site_1`: a VCL name is letters, digits and `_`. */
function backendName(b: VclBackend, i: number): string {
  const name = (b.name ?? b.host).replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z]/.test(name) ? name : `replica_${i + 1}_${name}`;
}

function vclString(value: string): string {
  if (/["\n\r]/.test(value)) throw new Error(`siteVcl: ${JSON.stringify(value)} cannot be a VCL string`);
  return `"${value}"`;
}

/** `10.0.0.0/8` becomes `"10.0.0.0"/8`. */
function aclEntry(entry: string): string {
  const [address = '', bits] = entry.split('/');
  if (!/^[0-9A-Fa-f:.]+$/.test(address) && !/^[A-Za-z0-9.-]+$/.test(address)) throw new Error(`siteVcl: ${entry} is no address`);
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) throw new Error(`siteVcl: ${entry} has no prefix length`);
  return bits === undefined ? `"${address}"` : `"${address}"/${bits}`;
}
