"""The watch of conftest: what it lists for a browser context, and what it lets pass. The pages
are served by Playwright's routing from a made-up origin (no server, no database); each test
takes the verdict itself, so the teardown has nothing left to judge."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.presentation]

ORIGIN = "http://watch.test"
POLICY = "default-src 'self'; script-src 'self'; style-src 'self'"

SITE = {
    "/": (
        200,
        '<!doctype html><title>Start</title><script src="/app.js"></script>'
        '<a href="/weiter">weiter</a>',
    ),
    "/app.js": (
        200,
        'console.error("kaputt");'
        'setTimeout(function () { throw new Error("Bumm"); }, 0);'
        'fetch("/fehlt").catch(function () {});'
        'fetch("/weg").catch(function () {});',
    ),
    "/popup": (200, '<!doctype html><title>Popup</title><script src="/popup.js"></script>'),
    "/popup.js": (200, 'console.error("im Popup");'),
    "/streng": (200, '<!doctype html><title>Streng</title><p style="color: red">rot</p>'),
    "/weiter": (200, "<!doctype html><title>Weiter</title>"),
    "/leer": (200, "<!doctype html><title>Leer</title>"),
    "/fehlt": (404, "nicht da"),
}


def serve(context, *, hold: list | None = None) -> None:
    def handle(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path == "/weg":
            route.abort("failed")
        elif path.startswith("/langsam"):
            hold.append(route)  # never answered: the next navigation supersedes it
        else:
            status, body = SITE[path]
            kind = "application/javascript" if path.endswith(".js") else "text/html"
            headers = {"Content-Type": kind, "Content-Security-Policy": POLICY}
            route.fulfill(status=status, headers=headers, body=body)

    context.route(f"{ORIGIN}/**", handle)


def opened(browser):
    context = browser.new_context()
    serve(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def test_the_watch_lists_every_kind_of_trouble_on_every_page(browser):
    context, page = opened(browser)
    with page.expect_event("pageerror"):
        page.goto(f"{ORIGIN}/")
    page.wait_for_function("() => performance.getEntriesByType('resource').length >= 3")
    with page.expect_popup() as popup:
        page.evaluate(f"window.open('{ORIGIN}/popup')")
    popup.value.wait_for_load_state()
    popup.value.goto(f"{ORIGIN}/streng")

    lines = context.watch.verdict()
    # Chromium reports the violation in its own words too: listed next to the probe's line
    own = "Content-Security-Policy verletzt: Applying inline style violates the following"
    assert sum(line.startswith(own) for line in lines) == 1, lines
    assert sorted(line for line in lines if not line.startswith(own)) == sorted(
        [
            f"Konsolenfehler ({ORIGIN}/app.js): kaputt",
            f"Unbehandelter Fehler auf {ORIGIN}/: Bumm",
            f"HTTP 404: GET {ORIGIN}/fehlt",
            f"Anfrage gescheitert (net::ERR_FAILED): GET {ORIGIN}/weg",
            f"Konsolenfehler ({ORIGIN}/popup.js): im Popup",
            "Content-Security-Policy verletzt: CSP-Verstoß: style-src-attr inline auf /streng",
        ]
    )


def test_a_declared_response_passes_a_stale_or_extra_one_fails(browser):
    context, page = opened(browser)
    page.expect_status(404, "/fehlt")
    page.goto(f"{ORIGIN}/leer")
    page.evaluate("fetch('/fehlt').then(function (r) { return r.status; })")
    assert context.watch.report() == []

    page.evaluate("fetch('/fehlt').then(function (r) { return r.status; })")
    page.expect_status(404, "/fehlt?x=1")  # exact: the query string is part of the path
    page.expect_status(410, "/nie")
    assert context.watch.verdict() == [
        f"HTTP 404: GET {ORIGIN}/fehlt",
        "Erwartet 1× HTTP 404 für /fehlt?x=1, gesehen 0×",
        "Erwartet 1× HTTP 410 für /nie, gesehen 0×",
    ]


def test_only_an_abort_by_leaving_the_page_passes(browser):
    """A navigation superseded by the next one passes; a request the page's own script aborts
    while it stays is a failure."""
    context = browser.new_context()
    held: list = []
    serve(context, hold=held)
    page = context.new_page()
    page.goto(f"{ORIGIN}/leer")
    with page.expect_request(f"{ORIGIN}/langsam"):
        page.evaluate(f"location.href = '{ORIGIN}/langsam'")
    with page.expect_event("requestfailed") as superseded:
        page.goto(f"{ORIGIN}/weiter")
    assert (superseded.value.url, superseded.value.failure) == (
        f"{ORIGIN}/langsam",
        "net::ERR_ABORTED",
    )
    assert context.watch.report() == []

    with page.expect_event("requestfailed"):
        page.evaluate(
            """() => { const stop = new AbortController();
                       fetch('/langsam', {signal: stop.signal}).catch(() => {});
                       setTimeout(() => stop.abort(), 50); }"""
        )
    assert context.watch.verdict() == [
        f"Anfrage gescheitert (net::ERR_ABORTED): GET {ORIGIN}/langsam",
    ]
