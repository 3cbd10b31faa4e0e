"""The site-wide Content-Security-Policy header (a small middleware instead of a dependency).

Every script is a vendored file under static/ (`script-src 'self'`), so an injected `<script>`
or `onclick=` would not run even if escaping ever failed. A response that sets its own policy
keeps it (appeal attachments: `sandbox`). With DEBUG on, Django's own 404 and 500 pages use
inline scripts and styles and are left without the header.
"""

from __future__ import annotations

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        debug_page = settings.DEBUG and response.status_code in (404, 500)
        if policy and not debug_page and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
