# Main VCL of a Canopy deployment: where the site listens and who may purge; the caching
# rules are in canopy.vcl. Copy to /etc/varnish/default.vcl (with canopy.vcl beside it) and
# adjust the backend; see docs/deploy.md.
vcl 4.1;

import directors;

# One backend per machine running `canopy-web start --workers N` (the workers share its port).
backend site1 {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
    .probe = {
        .url = "/__lbheartbeat__";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
    }
}

# The site tier purges after every content change (CANOPY_PURGE_URL); nobody else may.
acl canopy_purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(site1);
}

# The site's host names, as its CANOPY_HOSTS lists them (canopy.vcl has lower-cased the Host
# and dropped its port): requests for any other name are refused before the cache.
sub canopy_site_hosts {
    if (req.http.host ~ "^(www\.aberwen\.example|preview-aberwen\.example)$") {
        set req.http.X-Canopy-Known-Host = "1";
    }
}

sub vcl_recv {
    set req.backend_hint = site.backend();
    # The site's cookies: the session (SiteServerOptions.sessionCookieName, default
    # canopy_session) and the consent record (the site's consent.cookieName; the demo's).
    set req.http.X-Canopy-Session-Cookie = "canopy_session";
    set req.http.X-Canopy-Consent-Cookie = "aberwen_consent";
}

include "canopy.vcl";
