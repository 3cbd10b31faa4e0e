"""Playwright with Debian's Chromium against pytest-django's live server.

No browser download is possible here: we use /usr/bin/chromium (the Makefile installs it as root)
and skip with a clear reason where it is missing. A failing test leaves a screenshot in
test-artifacts/.
"""

import os
from pathlib import Path

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
# reports each violation to the console, where the page fixture collects it (Playwright's own
# init scripts are not subject to the policy).
CSP_PROBE = """
document.addEventListener("securitypolicyviolation", function (event) {
  console.error("CSP-Verstoß: " + event.violatedDirective + " " + (event.blockedURI || "inline")
    + " auf " + document.location.pathname);
});
"""


def _is_csp_violation(message) -> bool:
    text = message.text
    return text.startswith("CSP-Verstoß") or "Content Security Policy" in text


def _page(browser, request, viewport, locale: str = "de-DE"):
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script(CSP_PROBE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if _is_csp_violation(m) else None)
    page.csp_violations = violations
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    if not page.is_closed():
        page.evaluate("0")  # a round trip: console messages still on the way arrive first
    context.close()
    assert violations == [], "Content-Security-Policy verletzt:\n" + "\n".join(violations)


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
