"""Playwright with Debian's Chromium against pytest-django's live server.

Every browser context of a test is watched (`Watch`): a response >= 400 or a failed request the
test did not declare (`page.expect_status(404, "/pfad/")`, `page.expect_failure(...)`), a console
error, an uncaught page error or a CSP violation fails the test at teardown, with a listing.

No browser download is possible here: we use /usr/bin/chromium (the Makefile installs it as root)
and skip with a clear reason where it is missing. A failing test leaves a screenshot in
test-artifacts/.
"""

import contextlib
import os
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Playwright's sync API runs an event loop in this thread; the ORM calls in the test are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"Kein Chromium unter {CHROMIUM}: Browser-Tests übersprungen "
            "(apt-get install chromium)."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


# Every page of every browser test must pass the site's Content-Security-Policy: the probe
# reports each violation to the console, where the watch collects it (Playwright's own init
# scripts are not subject to the policy).
CSP_PROBE = """
document.addEventListener("securitypolicyviolation", function (event) {
  console.error("CSP-Verstoß: " + event.violatedDirective + " " + (event.blockedURI || "inline")
    + " auf " + document.location.pathname);
});
"""

# Chromium logs a console error for every response >= 400 and every failed request of a page;
# the watch judges the response or failure itself (declared or not), so such a line is dropped
# only when its URL is one of those responses or failures, never on its text alone.
NETWORK_ECHO = "Failed to load resource:"


def _cancelled_by_htmx(request) -> bool:
    """htmx aborts the request of an element that a swap removed or replaced while it was under
    way (a live poll's element replaced by the answer of the poll before it): its answer would be
    thrown away, nobody sees anything. Only htmx's own requests (header HX-Request); a script's
    other aborts on a page that stays stay failures (test_watch)."""
    try:
        return request.headers.get("hx-request") == "true"
    except Exception:
        return False


def _favicon(request) -> bool:
    """The browser fetches the tab icon on its own, after the load; printing to PDF (or any
    browser-side step) may cut that fetch off. Nobody sees an icon fetch cancelled; a missing
    icon (a 404) is still a failure through its response."""
    return re.search(r"/favicon(\.[0-9a-f]+)?\.svg$", _path(request.url)) is not None


def _is_csp_violation(message) -> bool:
    text = message.text
    return text.startswith("CSP-Verstoß") or "Content Security Policy" in text


def _resource(url: str) -> str:
    """The URL as the server sees it (a console message's location keeps the fragment)."""
    return url.split("#", 1)[0]


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


class Watch:
    """What a user would see go wrong in one browser context, on every page of it (popups and
    later pages too): responses >= 400 and failed requests the test did not declare, console
    errors, uncaught page errors, CSP violations. `report()` lists them; the fixtures fail the
    test at teardown unless it is empty."""

    def __init__(self, context):
        self.context = context
        self.csp_violations: list[str] = []
        self.problems: list[str] = []
        self.console_errors: list[tuple[str, str]] = []  # (text, URL of its location)
        self.bad_urls: set[str] = set()  # responses >= 400 and failed requests seen
        self.expected: dict[tuple, list[int]] = {}  # (kind, what, path) -> [declared, seen]
        self.downloads: set[str] = set()
        self.navigations: dict = {}  # frame -> start times of its navigation requests (a list)
        self.started: dict = {}  # request -> its frame's navigation count at its start
        self.aborted: list[tuple] = []  # (frame, its navigation count at the start, line)
        self.closing = False
        self.checked = False
        context.on("page", self._on_page)
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("requestfailed", self._on_failed)
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)
        original_close = context.close

        def close(**kwargs):
            self.closing = True  # requests cut off by closing are no user-visible failure
            return original_close(**kwargs)

        context.close = close
        context.watch = self
        context.add_init_script(CSP_PROBE)
        for page in context.pages:
            self._on_page(page)

    # --- declarations ------------------------------------------------------------------------
    def expect_status(self, status: int, path: str, times: int = 1) -> None:
        """The test provokes `times` responses with this status (>= 400) at exactly this path
        (with its query string, if any); fewer or more fail the test."""
        assert status >= 400, "only responses >= 400 need a declaration"
        self.expected.setdefault(("status", status, path), [0, 0])[0] += times

    def expect_failure(self, path: str, error: str, times: int = 1) -> None:
        """The test makes a request to exactly this path fail `times` times with this error
        (e.g. "net::ERR_INTERNET_DISCONNECTED" while it holds the context offline)."""
        self.expected.setdefault(("failure", error, path), [0, 0])[0] += times

    # --- events ------------------------------------------------------------------------------
    def _on_page(self, page) -> None:
        page.csp_violations = self.csp_violations
        page.expect_status = self.expect_status
        page.expect_failure = self.expect_failure
        page.on("download", lambda download: self.downloads.add(download.url))

    def _on_request(self, request) -> None:
        try:
            frame = request.frame
        except Exception:  # a service worker's request has no frame
            return
        starts = self.navigations.setdefault(frame, [])
        if request.is_navigation_request():
            starts.append(time.monotonic())
        self.started[request] = len(starts)

    def _declared(self, kind, what, url: str) -> bool:
        entry = self.expected.get((kind, what, _path(url)))
        if entry is None or entry[1] >= entry[0]:
            return False
        entry[1] += 1
        return True

    def _on_response(self, response) -> None:
        if self.closing or response.status < 400:
            return
        self.bad_urls.add(_resource(response.url))
        if not self._declared("status", response.status, response.url):
            method = response.request.method
            self.problems.append(f"HTTP {response.status}: {method} {response.url}")

    def _left_behind(self, request) -> bool:
        """An abort the page caused itself by leaving: its frame is gone or a newer navigation
        of the same frame replaced the document (a poll under way while a click navigates), or
        the navigation became a download (Chromium ends those with net::ERR_ABORTED)."""
        if request.url in self.downloads:
            return True
        try:
            frame = request.frame
        except Exception:
            return False
        if frame.is_detached() or frame.page.is_closed():
            return True
        return len(self.navigations.get(frame, [])) > self.started.get(request, 0)

    def _left_later(self, frame, count: int) -> bool:
        """The frame navigated after the request began. Chromium may report the abort of what
        a page leaves (a superseded navigation, a poll under way) before the next navigation
        request, or only when the left page is dropped later: not before the verdict, the
        abort counts as the page leaving. A script's abort on a page that never navigates on
        stays a failure (test_watch)."""
        return len(self.navigations.get(frame, [])) > count

    def _on_failed(self, request) -> None:
        if self.closing:
            return
        self.bad_urls.add(_resource(request.url))
        line = f"Anfrage gescheitert ({request.failure}): {request.method} {request.url}"
        if self._declared("failure", request.failure, request.url):
            return
        if request.failure == "net::ERR_ABORTED":
            if self._left_behind(request) or _cancelled_by_htmx(request) or _favicon(request):
                return
            with contextlib.suppress(Exception):  # a request without a frame is judged now
                # judged in report(): see _left_later
                self.aborted.append((request.frame, self.started.get(request, 0), line))
                return
        self.problems.append(line)

    def _on_console(self, message) -> None:
        if message.type != "error" or self.closing:
            return
        if _is_csp_violation(message):
            self.csp_violations.append(message.text)
        else:
            self.console_errors.append((message.text, message.location.get("url", "")))

    def _on_weberror(self, web_error) -> None:
        if not self.closing:
            url = web_error.page.url if web_error.page else "?"
            self.problems.append(f"Unbehandelter Fehler auf {url}: {web_error.error.message}")

    # --- the verdict -------------------------------------------------------------------------
    def settle(self) -> None:
        """A round trip on every open page: console messages still on the way arrive first."""
        for page in self.context.pages:
            if not page.is_closed():
                # a page closing right now has nothing more to say
                with contextlib.suppress(Exception):
                    page.evaluate("0")

    def report(self) -> list[str]:
        lines = list(self.problems)
        lines += [line for frame, count, line in self.aborted if not self._left_later(frame, count)]
        for text, url in self.console_errors:
            if not (text.startswith(NETWORK_ECHO) and _resource(url) in self.bad_urls):
                lines.append(f"Konsolenfehler ({url or 'ohne Ort'}): {text}")
        lines += [f"Content-Security-Policy verletzt: {text}" for text in self.csp_violations]
        for (kind, what, path), (declared, seen) in self.expected.items():
            if seen != declared:
                label = f"HTTP {what}" if kind == "status" else what
                lines.append(f"Erwartet {declared}× {label} für {path}, gesehen {seen}×")
        return lines

    def verdict(self) -> list[str]:
        """Settles, closes the context and returns the report once (later calls: [])."""
        if self.checked:
            return []
        self.checked = True
        if not self.closing:
            self.settle()
            self.context.close()
        return self.report()


def _fail_on(watches) -> None:
    lines = [line for watch in watches for line in watch.verdict()]
    if lines:
        pytest.fail(
            "Der Browser hat gesehen, was ein Mensch sehen würde:\n  " + "\n  ".join(lines),
            pytrace=False,
        )


@pytest.fixture(autouse=True)
def _every_context_watched(request):
    """Every context a browser test opens (the page fixtures' and its own
    `browser.new_context()`) is watched and judged at teardown."""
    if "browser" not in request.fixturenames:
        yield []
        return
    browser = request.getfixturevalue("browser")
    watches: list[Watch] = []
    original = browser.new_context

    def new_context(**kwargs):
        context = original(**kwargs)
        watches.append(Watch(context))
        return context

    browser.new_context = new_context
    try:
        yield watches
    finally:
        del browser.new_context
    _fail_on(watches)


def _page(browser, request, viewport, locale: str = "de-DE"):
    context = browser.new_context(viewport=viewport, locale=locale)
    watch = getattr(context, "watch", None) or Watch(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed and not page.is_closed():
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    _fail_on([watch])


@pytest.fixture
def page(browser, request):
    """A desktop-sized page (the director's laptop at the venue)."""
    yield from _page(browser, request, {"width": 1280, "height": 900})


@pytest.fixture
def phone(browser, request):
    """A phone-sized page (players and referees)."""
    yield from _page(browser, request, {"width": 390, "height": 844})


@pytest.fixture
def page_en(browser, request):
    """The director's laptop of a guest from abroad: the browser asks for English (en-GB)."""
    yield from _page(browser, request, {"width": 1280, "height": 900}, locale="en-GB")


@pytest.fixture
def phone_en(browser, request):
    """A phone whose browser asks for English (en-GB)."""
    yield from _page(browser, request, {"width": 390, "height": 844}, locale="en-GB")


LOGIN_LABELS = {
    "de": ("Benutzername", "Passwort", "Anmelden"),
    "en": ("User name", "Password", "Log in"),
}


def log_in(page, base_url: str, username: str, password: str, *, language: str = "de") -> None:
    """Log in through the form, labelled in the language the page is in."""
    user_label, password_label, button = LOGIN_LABELS[language]
    page.goto(f"{base_url}/konto/anmelden/")
    page.get_by_label(user_label).fill(username)
    page.get_by_label(password_label).fill(password)
    page.get_by_role("button", name=button).click()
    page.wait_for_load_state()
