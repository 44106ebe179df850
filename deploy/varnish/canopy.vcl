# Canopy's caching rules for Varnish 7 with the xkey module (Debian: varnish, varnish-modules).
#
# Included by a main VCL that declares `vcl 4.1;`, the site backend(s), the `canopy_purgers`
# ACL, the site's host names (`sub canopy_site_hosts`, see default.vcl) and, in its vcl_recv, the site's cookie names in req.http.X-Canopy-Session-Cookie and
# req.http.X-Canopy-Consent-Cookie (see default.vcl beside this file and docs/deploy.md). Start varnishd with
# `-p http_gzip_support=off`: the site compresses (brotli or gzip, precompressed assets) and
# this file keys objects by the normalised Accept-Encoding; with gzip support on, Varnish would
# ask the site for gzip only and clients would never get brotli.
#
# What it does:
# - Host names: one spelling each (lower case, no port, no trailing dot), and only the site's
#   own (canopy_site_hosts); any other Host is refused with 400 before the cache, as the site
#   refuses it, so no copy is kept or served under a name an attacker chose.
# - TTL from Surrogate-Control (max-age), which it strips before the browser; Cache-Control
#   (`private` for pages) is the browser's.
# - Objects are tagged with their Surrogate-Key (xkey), so `PURGE` with an `Xkey-Purge: <keys>`
#   header from a `canopy_purgers` address removes every page built from those keys.
# - Never caches a response that sets a cookie, says `no-store`, or says `private` without a
#   Surrogate-Control; requests with the session cookie, account pages and the delivery proxy
#   go straight to the site.
# - Other cookies are dropped, except the consent cookie in its canonical form: pages are kept
#   once per consent choice (at most 16 variants), not once per visitor.
# - Serves a stale copy while fetching a new one (grace) and when the site fails or is down.

import std;
import xkey;
import cookie;

sub vcl_recv {
    # Headers only this file may set: a client cannot claim a consent key or a capability.
    unset req.http.X-Canopy-Consent;
    unset req.http.Surrogate-Capability;
    if (req.restarts == 0) {
        unset req.http.X-Canopy-Stale-If-Error;
        unset req.http.X-Canopy-Passed;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ canopy_purgers) {
            return (synth(403, "Purging is not allowed from this address"));
        }
        if (!req.http.Xkey-Purge) {
            return (synth(400, "Xkey-Purge header with the surrogate keys to purge is missing"));
        }
        set req.http.X-Canopy-Purged = xkey.purge(req.http.Xkey-Purge);
        return (synth(200, "Purged " + req.http.X-Canopy-Purged + " objects"));
    }

    # The site's own host names only (the main VCL lists them in canopy_site_hosts); a client
    # cannot claim the mark itself.
    set req.http.host = std.tolower(regsub(req.http.host, "\.?(:[0-9]+)?$", ""));
    unset req.http.X-Canopy-Known-Host;
    call canopy_site_hosts;
    if (req.http.X-Canopy-Known-Host != "1") {
        return (synth(400, "This site does not answer to that host name"));
    }
    unset req.http.X-Canopy-Known-Host;

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Personal or internal: account pages (forms with tokens), the delivery proxy (answers by
    # the visitor's preview rights) and the health and version endpoints.
    if (req.url ~ "^/account(/|\?|$)" || req.url ~ "^/api/" || req.url ~ "^/__") {
        return (pass);
    }

    # Accept-Encoding: one of three values, so a page is kept at most three times.
    if (req.http.Accept-Encoding ~ "(?i)\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    # Built files are the same for everyone, signed in or not.
    if (req.url ~ "^/static/") {
        unset req.http.Cookie;
    }
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        # A signed-in visitor (or one holding a form token): nothing shared.
        if (cookie.isset(req.http.X-Canopy-Session-Cookie)) {
            return (pass);
        }
        # The consent record exactly as the site writes it; anything else counts as no choice
        # (the site asks again), so no two spellings of one choice make two copies.
        set req.http.X-Canopy-Consent = cookie.get(req.http.X-Canopy-Consent-Cookie);
        if (req.http.X-Canopy-Consent ~ "^%7B%22analytics%22%3A(true|false)%2C%22advertising%22%3A(true|false)%2C%22functional%22%3A(true|false)%2C%22marketing%22%3A(true|false)%7D$") {
            set req.http.Cookie = req.http.X-Canopy-Consent-Cookie + "=" + req.http.X-Canopy-Consent;
        } else {
            unset req.http.X-Canopy-Consent;
            unset req.http.Cookie;
        }
    }
    # Tells the site that this cache keys pages by the consent choice: it may then let pages
    # rendered for a visitor who has chosen be kept, under Surrogate-Control, like any other.
    set req.http.Surrogate-Capability = {"canopy="canopy-consent/1""};

    # Serve a copy up to 10 s past its TTL while a fresh one is fetched; when the site is
    # down, or on the second pass after it failed (see vcl_deliver), any copy still kept.
    if (req.restarts > 0 && req.http.X-Canopy-Stale-If-Error) {
        set req.grace = 24h;
    } elsif (!std.healthy(req.backend_hint)) {
        set req.grace = 24h;
    } else {
        set req.grace = 10s;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    # The consent choice is part of the key (the site also says Vary: Cookie).
    if (req.http.X-Canopy-Consent) {
        hash_data(req.http.X-Canopy-Consent);
    }
    return (lookup);
}

sub vcl_miss {
    # Second pass after the site failed, and no copy is kept: answer at once instead of asking
    # the failing site again.
    if (req.restarts > 0 && req.http.X-Canopy-Stale-If-Error) {
        return (synth(503, "Service Unavailable"));
    }
}

sub vcl_pass {
    set req.http.X-Canopy-Passed = "1";
}

sub vcl_backend_fetch {
    # This file's own notes stay here.
    unset bereq.http.X-Canopy-Session-Cookie;
    unset bereq.http.X-Canopy-Consent-Cookie;
    unset bereq.http.X-Canopy-Consent;
    unset bereq.http.X-Canopy-Passed;
    unset bereq.http.X-Canopy-Stale-If-Error;
}

sub vcl_backend_response {
    # A failing site never replaces a good copy: a background refresh is dropped (the copy
    # stays), a foreground one is delivered uncached and vcl_deliver looks for a stale copy.
    if (beresp.status >= 500) {
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }

    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }

    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control ~ "(?i)no-store"
        || beresp.http.Surrogate-Control ~ "(?i)no-store"
        || (!beresp.http.Surrogate-Control && beresp.http.Cache-Control ~ "(?i)(private|no-cache)")
        || beresp.http.Vary == "*") {
        # Hit-for-miss for two minutes: later requests go to the site without queueing.
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }

    if (beresp.http.Surrogate-Control ~ "(?i)(^|[ ,])max-age=[0-9]+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.Surrogate-Control, "(?i)^(.*[ ,])?max-age=([0-9]+).*$", "\2") + "s", 0s);
    }
    # Keep expired copies as long as the site allows them to be served on error (the site
    # announces stale-if-error; a day by default), else a minute.
    if (beresp.http.Surrogate-Control ~ "(?i)stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Surrogate-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1") + "s", 60s);
    } elsif (beresp.http.Cache-Control ~ "(?i)stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1") + "s", 60s);
    } else {
        set beresp.grace = 60s;
    }
    return (deliver);
}

sub vcl_backend_error {
    # The site did not answer at all (down, refused, timed out).
    if (bereq.is_bgfetch) {
        return (abandon);
    }
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Retry-After = "30";
    set beresp.http.Cache-Control = "no-store";
    synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Service unavailable</title></head><body><main><h1>Service unavailable</h1><p>The site cannot answer right now. Please try again in a moment.</p></main></body></html>"});
    return (deliver);
}

sub vcl_deliver {
    # The site failed: look once more, accepting any copy still kept (vcl_recv), before
    # passing the failure on. Not for passed (personal) requests: there is no copy of those.
    if (resp.status >= 500 && req.restarts == 0 && !req.http.X-Canopy-Passed
        && (req.method == "GET" || req.method == "HEAD")) {
        set req.http.X-Canopy-Stale-If-Error = resp.status;
        return (restart);
    }
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        if (obj.ttl < 0s) {
            set resp.http.X-Cache = "HIT-STALE";
        } else {
            set resp.http.X-Cache = "HIT";
        }
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # For Varnish only: the browser sees Cache-Control.
    unset resp.http.Surrogate-Control;
    unset resp.http.Surrogate-Key;
    unset resp.http.xkey;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.http.Cache-Control = "no-store";
        synthetic(resp.reason + {"
"});
        return (deliver);
    }
    if (resp.status == 503) {
        set resp.http.Retry-After = "30";
    }
    set resp.http.Content-Type = "text/html; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.http.X-Cache = "SYNTH";
    synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>"} + resp.reason +
        {"</title></head><body><main><h1>"} + resp.reason +
        {"</h1><p>The site cannot answer right now. Please try again in a moment.</p></main></body></html>"});
    return (deliver);
}
