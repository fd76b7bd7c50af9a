vcl 4.1;
# Written by deploy/varnish/vcl.ts: change that file, not this output.

import directors;
import std;

# A replica takes visitors while its /readyz answers 200; a new one starts out of the round.
probe ready {
    .request = "GET /readyz HTTP/1.1" "Host: varnish-probe" "Connection: close" "User-Agent: varnish-probe" "x-readiness-probe: 1";
    .expected_response = 200;
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 0;
}

backend site_1 {
    .host = "site-1";
    .port = "3000";
    .probe = ready;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

# The same replica without the probe: asked only when no replica is ready.
backend site_1_anyway {
    .host = "site-1";
    .port = "3000";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

backend site_2 {
    .host = "site-2";
    .port = "3000";
    .probe = ready;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

# The same replica without the probe: asked only when no replica is ready.
backend site_2_anyway {
    .host = "site-2";
    .port = "3000";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_init {
    new ready_replicas = directors.round_robin();
    ready_replicas.add_backend(site_1);
    ready_replicas.add_backend(site_2);
    new any_replica = directors.round_robin();
    any_replica.add_backend(site_1_anyway);
    any_replica.add_backend(site_2_anyway);
    new replicas = directors.fallback();
    replicas.add_backend(ready_replicas.backend());
    replicas.add_backend(any_replica.backend());
}

sub vcl_recv {
    set req.backend_hint = replicas.backend();
    # Only the probe's own /readyz counts for a draining replica: a visitor cannot stand in for it.
    unset req.http.x-readiness-probe;
    if (req.method == "BAN") {
        call purge_by_tag;
    }
    call vcl_req_host;
    # The servers' own addresses: not from here, whatever the method. Any case, a trailing slash
    # or query, and the absolute form (http://host/path), which the site's router takes as the same.
    if (req.url ~ "^(?i)([a-z][a-z0-9+.-]*://[^/]*)?/+(api/donaties/replica|metrics)(/|\?|#|$)") {
        return (synth(404, "Not Found"));
    }
    # Anything but GET and HEAD goes to a replica as it is, once.
    call vcl_req_method;
    call vcl_req_authorization;
    if (req.url ~ "^/(readyz|healthz|preview|api)(/|\?|$)") {
        return (pass);
    }
    # A signed-in visitor, or a log-in under way: their pages are theirs alone (on https the
    # cookies are named __Host-...).
    if (req.http.Cookie ~ "(^|;\s*)(__Host-)?(joinus_session|joinus_login_state)=") {
        return (pass);
    }
    # Of the cookies only the language choice shapes a page (Dutch pages with an English twin
    # say Vary: Cookie); the rest are the browser's, and would split the cache per visitor.
    if (req.http.Cookie ~ "(^|;\s*)locale=(nl|en)(;|$)") {
        set req.http.Cookie = "locale=" + regsub(req.http.Cookie, "^(.*;\s*)?locale=(nl|en)(;.*)?$", "\2");
    } else {
        unset req.http.Cookie;
    }
    # A page's HTML, or its Flight payload (Vary: Accept): two variants, not one per browser.
    if (req.http.Accept ~ "text/x-component") {
        set req.http.Accept = "text/x-component";
    } else {
        set req.http.Accept = "text/html";
    }
    # Stale pages while a replica renders them again; far longer while none is ready.
    if (std.healthy(ready_replicas.backend())) {
        set req.grace = 10m;
    }
    return (hash);
}

# BAN / with the tags in X-Purge-Tags (space-separated) and the token in X-Purge-Token.
sub purge_by_tag {
    if (client.ip !~ purgers) {
        return (synth(403, "Purge refused: address"));
    }
    if (std.getenv("CACHE_PURGE_TOKEN") == "" || req.http.X-Purge-Token != std.getenv("CACHE_PURGE_TOKEN")) {
        return (synth(403, "Purge refused: token"));
    }
    if (req.http.X-Purge-Tags !~ "^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$") {
        return (synth(400, "Purge refused: tags are letters, digits, _ and -, space-separated"));
    }
    # Whole tags of the space-separated list, between spaces or the ends. A \b would also match
    # col_blog inside col_blog-posts. (No quotes, space or backslash in the expression: a
    # ban's argument ends at a space, and quotes and backslashes would be taken literally.)
    if (!std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.X-Purge-Tags, " ", "|") + ")([[:space:]]|$)")) {
        return (synth(400, "Purge refused: " + std.ban_error()));
    }
    return (synth(200, "Purged"));
}

sub vcl_backend_fetch {
    # A retry goes to a replica this request has not tried yet: the round robin is shared by every
    # request at once, so it can hand a retry the replica that just failed it (6 GETs at once met
    # a draining replica: one got its 503 after every retry). Ready replicas first, then any.
    if (bereq.retries > 0) {
        if (std.healthy(site_1) && bereq.http.X-Replicas-Tried !~ "(^| )site_1( |$)") {
            set bereq.backend = site_1;
        } elsif (std.healthy(site_2) && bereq.http.X-Replicas-Tried !~ "(^| )site_2( |$)") {
            set bereq.backend = site_2;
        } elsif (bereq.http.X-Replicas-Tried !~ "(^| )site_1( |$)") {
            set bereq.backend = site_1_anyway;
        } elsif (bereq.http.X-Replicas-Tried !~ "(^| )site_2( |$)") {
            set bereq.backend = site_2_anyway;
        }
    }
}

sub vcl_backend_response {
    # Not ready yet or draining (a 503 with Retry-After): the next replica answers a GET or HEAD.
    # A 503 without it is the site's own answer (the content service down): asking the others
    # too would only multiply the load of an outage.
    if (beresp.status == 503 && beresp.http.Retry-After && bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 3) {
        call note_tried;
        return (retry);
    }
    set beresp.grace = 6h;
    # An answer kept here is every visitor's: none of one client's rate-limit headers on it.
    if (!bereq.uncacheable && beresp.ttl > 0s && !beresp.http.Set-Cookie && beresp.http.Cache-Control !~ "(?i)no-store|no-cache|private") {
        unset beresp.http.RateLimit;
        unset beresp.http.RateLimit-Policy;
        unset beresp.http.Retry-After;
        unset beresp.http.X-RateLimit-Limit;
        unset beresp.http.X-RateLimit-Remaining;
        unset beresp.http.X-RateLimit-Reset;
    }
}

sub vcl_backend_error {
    # Refused, reset or timed out: a GET or HEAD goes to the next replica.
    if (bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 3) {
        call note_tried;
        return (retry);
    }
}

# The replicas this request was sent to, space-separated, for vcl_backend_fetch's choice.
sub note_tried {
    set bereq.http.X-Replicas-Tried = bereq.http.X-Replicas-Tried + " " + regsub(beresp.backend.name, "_anyway$", "");
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
