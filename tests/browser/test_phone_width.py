"""Issue 25 item 5 and issue 28 item 2: every page a player or a referee opens on a phone works at
360 px. A figure that belongs to the user's task (a result, points, a seat letter, a table
number, a form field) lies within the screen's width, or inside a box that scrolls sideways and
shows that it does (a visible `[data-scroll-hint]`); the page itself never scrolls sideways.

The world is realistic: tables of four, four games with three-digit figures, long German
double names and club names. Round 1 is published; round 2 is released, table 1 has entered its
sheet on a phone (A), C has confirmed, B is about to check; table 2 has entered nothing yet and
has called a referee.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.browser.conftest import _page, log_in
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.support.builders import (
    PASSWORD,
    give_warning,
    make_director,
    make_player_account,
    make_released_round,
    make_table_entry,
    make_user,
    play_round,
    record_ruling,
    sign_table_entry,
)
from tests.support.celery import celery_conf
from tests.support.push_service import vapid_settings
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import Player, Seat
from tournaments.referees import calls as call_services
from tournaments.rounds import services as round_services
from tournaments.tableside.views import token_for

pytestmark = [
    pytest.mark.browser,
    pytest.mark.presentation,
    pytest.mark.django_db(transaction=True),
]

PHONE_360 = {"width": 360, "height": 780}

LONG_NAMES = [
    ("Schmidt-Hohenstein", "Maximilian-Alexander", "Rummikub-Freunde Bad Münstereifel e. V."),
    ("Wüstenhagen-Oberländer", "Anna-Katharina", "Spielgemeinschaft Kreuztal-Ferndorf 1987"),
    ("Großkopf-Brinkmann", "Hans-Joachim", "Rummikub-Club Mönchengladbach-Rheydt"),
    ("Bergmann-Schwarzenbach", "Friederike", "Turniergemeinschaft Castrop-Rauxel-Ickern"),
    ("Nieswandt-Kowalczyk", "Karl-Heinz", "Spielefreunde Villingen-Schwenningen e. V."),
    ("Oberhauser-Lindemann", "Marie-Luise", "Rummikub-Verein Garmisch-Partenkirchen"),
    ("Zimmermann-Hoffmeister", "Wolfgang-Dietrich", "Steinefreunde Neustadt an der Weinstraße"),
    ("Langenscheidt-Müller", "Elisabeth", "Rummikub-Treff Bergisch Gladbach-Bensberg"),
]

# Three-digit figures, a winner per game who is not always A (Klub 10.1: every game sums to 0).
WIDE_SHEET = [
    {"number": 1, "scores": {"A": 245, "B": -100, "C": -65, "D": -80}},
    {"number": 2, "scores": {"A": -200, "B": 312, "C": -56, "D": -56}},
    {"number": 3, "scores": {"A": -45, "B": -38, "C": 161, "D": -78}},
    {"number": 4, "scores": {"A": -100, "B": -100, "C": -200, "D": 400}},
]

# Evaluated on the page: the problems a 360 px phone user meets, as sentences (none: []).
FIGURES_WITHIN_REACH = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > width + 1) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth} px wide on a ${width} px screen`);
  }
  const main = document.querySelector("main");
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= width + 1
      && s.visibility === "visible" && Number(s.opacity) > 0;
  };
  const hinted = (box) => {
    const hints = [...box.querySelectorAll("[data-scroll-hint]")];
    const before = box.previousElementSibling;
    if (before && before.matches("[data-scroll-hint]")) hints.push(before);
    return hints.some(visible);
  };
  const label = (el, text) => {
    const cell = el.closest("td, th, li, label, p, h1, h2, h3, dd, dt") || el;
    return `"${text.trim().slice(0, 30)}" in <${cell.tagName.toLowerCase()}> "`
      + `${cell.textContent.trim().replace(/\\s+/g, " ").slice(0, 50)}"`;
  };
  const unhinted = new Set();
  const check = (el, rects, text) => {
    const style = getComputedStyle(el);
    if (style.visibility !== "visible") return;
    for (const rect of rects) {
      if (rect.width === 0 || rect.height === 0) continue;
      let left = rect.left, right = rect.right, top = rect.top, bottom = rect.bottom;
      let reachable = false, shown = true;
      for (let box = el; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === "visible") continue;
        const scrolls = (overflow === "auto" || overflow === "scroll")
          && box.scrollWidth > box.clientWidth + 1;
        if (scrolls) {
          if (hinted(box)) { reachable = true; break; }
          if (!unhinted.has(box)) {
            unhinted.add(box);
            problems.push(`a box scrolls sideways without a visible hint (${box.scrollWidth} px `
              + `in ${box.clientWidth} px), e.g. ${label(el, text)}`);
          }
          reachable = true;
          break;
        }
        const b = box.getBoundingClientRect();  // overflow hidden or clip: cut to the box
        left = Math.max(left, b.left); right = Math.min(right, b.right);
        top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom);
        if (right - left < 1 || bottom - top < 1) { shown = false; break; }
      }
      if (reachable || !shown) continue;
      if (left < -1 || right > width + 1) {
        const where = `${Math.round(left)}–${Math.round(right)} px`;
        problems.push(`off-screen (${where}): ${label(el, text)}`);
      }
    }
  };
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const figure = /\\d/.test(node.data) || (parent.closest(".seat-letter") && node.data.trim());
    if (!figure) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    check(parent, [...range.getClientRects()], node.data);
  }
  const measure = document.createElement("canvas").getContext("2d");
  for (const field of main.querySelectorAll("input:not([type=hidden]), select, output, textarea")) {
    check(field, [field.getBoundingClientRect()], field.name || field.id || field.tagName);
    if (field.matches("input[type=text], input[type=number]") && field.value) {
      const style = getComputedStyle(field);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = measure.measureText(field.value).width;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = field.clientWidth - padding;
      if (needed > room + 0.5) {
        problems.push(`the field ${field.name} is too narrow for "${field.value}" `
          + `(${Math.round(needed)} px in ${Math.round(room)} px)`);
      }
    }
  }
  return problems;
}"""


def reach_problems(page, base: str, paths: list[str]) -> dict[str, list[str]]:
    """Each page opened at 360 px: the problems it shows, axe-core's too (only the pages with
    any). With PHONE_SHOTS=<folder> set, a full-page screenshot of each page lands there."""
    found = {}
    shots = os.environ.get("PHONE_SHOTS")
    for path in paths:
        response = page.goto(base + path)
        assert response is not None and response.status == 200, (path, response and response.status)
        if shots:
            name = re.sub(r"[^A-Za-z0-9]+", "-", path)[:80]
            page.screenshot(path=str(Path(shots) / f"{name}.png"), full_page=True)
        problems = page.evaluate(FIGURES_WITHIN_REACH)
        page.evaluate(AXE)  # the phone layout stays accessible (WCAG 2.1 AA)
        problems += page.evaluate(RUN_AXE)
        if problems:
            found[path] = problems
    return found


def assert_within_reach(page, base: str, paths: list[str]) -> None:
    found = reach_problems(page, base, paths)
    report = "\n".join(f"{path}:\n  " + "\n  ".join(lines) for path, lines in found.items())
    assert found == {}, "At 360 px:\n" + report


@pytest.fixture
def phone_360(browser, request):
    yield from _page(browser, request, PHONE_360)


@pytest.fixture
def world(db):
    """Built with the tasks run in this process (also in CI's PostgreSQL pass, whose Celery worker
    reads another database): the ranking page of the player needs the ranking computed."""
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        return _world()


def _world():
    director = make_director()
    desk = make_user("orga")
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    players = [
        Player.objects.create(
            federation_number=f"DRV-{i:05d}",
            last_name=last,
            first_name=first,
            club=club,
            city="Bad Münstereifel",
            email=f"spieler{i}@example.org",
            birth_year=1960 + i,
            publish_name=True,
        )
        for i, (last, first, club) in enumerate(LONG_NAMES, start=1)
    ]
    tournament, first = make_released_round(
        director=director,
        players=players,
        count=8,
        seed=8,
        desk=[desk],
        name="Offene Nordrhein-Westfälische Rummikub-Meisterschaft 2026",
    )
    tournament.staff.create(user=referee, role=StaffRole.HEAD_REFEREE)
    play_round(first, director=director, desk=desk, sheets={1: WIDE_SHEET, 2: WIDE_SHEET})
    second = round_services.round_pair_next(tournament=tournament, user=director, seed=10)
    second = round_services.round_release(rnd=second, user=director)
    tables = {t.number: t for t in second.tables.all()}
    version = make_table_entry(tables[1], WIDE_SHEET, letter="A")
    sign_table_entry(version, {"C": "confirmed"})
    call = call_services.referee_call_open(table=tables[2], reason="Joker am Spielende vergessen")
    call_services.referee_call_take(call=call, user=referee)
    call_services.referee_call_open(table=tables[1], reason="Zeit abgelaufen, wer ist dran?")
    me = Seat.objects.get(table=tables[1], letter="B").player
    make_player_account("spielerin", me)
    warning = give_warning(tournament, me, user=referee, kind=WarningKind.YELLOW)
    ruling = record_ruling(tournament, user=referee, objections=3)
    return {
        "t": tournament,
        "round": second,
        "tables": tables,
        "me": me,
        "warning": warning,
        "ruling": ruling,
        "call": call,
    }


def table_paths(w) -> list[str]:
    t = w["t"].pk
    entered, empty = (token_for(w["tables"][n]) for n in (1, 2))
    return [
        reverse("table:code"),
        reverse("table:entry", args=[empty]),  # the form: four games, four seats
        reverse("table:entry", args=[entered]),  # entered: the figures and who has signed
        reverse("table:entry", args=[entered]) + "?neu=1",  # entered again: the form, filled
        reverse("table:signoff", args=[entered]),  # pass the phone on: the names
        reverse("table:signoff", args=[entered]) + "?platz=B",  # B checks the figures
        reverse("pairing_by_name", args=[t, 2]),  # "Mein Tisch"
        reverse("pairing_by_name", args=[t, 2]) + "?q=Wüstenhagen",
        reverse("pairing_by_table", args=[t, 2]),
        reverse("round_results", args=[t, 1]),
        reverse("round_results", args=[t, 2]),  # not published yet: the notice (issue 28.5)
        reverse("standings", args=[t]),
        reverse("tournament_public", args=[t]),
        reverse("player_page", args=[w["me"].pk]),
        reverse("ranking:player", args=[w["me"].pk]),
        reverse("ranking:club", args=[w["me"].club_slug]),
        reverse("ranking:clubs"),
    ]


def test_table_and_public_pages_keep_every_figure_on_a_360_px_screen(phone_360, live_server, world):
    assert_within_reach(phone_360, live_server.url, table_paths(world))


def test_the_player_area_keeps_every_figure_on_a_360_px_screen(
    phone_360, live_server, world, settings
):
    vapid_settings(settings)  # the devices page with its switch (issue 34)
    t = world["t"].pk
    log_in(phone_360, live_server.url, "spielerin", PASSWORD)
    paths = [
        reverse("ranking:my_area"),
        reverse("ranking:my_tournaments"),
        reverse("ranking:check_in", args=[t]),
        reverse("ranking:my_data"),
        reverse("ranking:notifications"),
        reverse("ranking:appeal_new", args=[t]),
        reverse("push_devices"),
    ]
    assert_within_reach(phone_360, live_server.url, paths)


def test_the_referee_pages_keep_every_figure_on_a_360_px_screen(phone_360, live_server, world):
    t, me = world["t"].pk, world["me"]
    log_in(phone_360, live_server.url, "schiri", PASSWORD)
    paths = [
        reverse("referee_home"),
        reverse("referee:tournament", args=[t]),
        reverse("referee:table", args=[t, 2, 1]),
        reverse("referee:table", args=[t, 2, 2]),
        reverse("referee:calls", args=[t]),
        reverse("referee:warnings", args=[t]),
        reverse("referee:warning_create", args=[t]) + f"?player={me.pk}&round=2&table=1",
        reverse("referee:rulings", args=[t]),
        reverse("referee:ruling_create", args=[t]),
        reverse("referee:warning_withdraw", args=[t, world["warning"].pk]),
        reverse("referee:ruling_final", args=[t, world["ruling"].pk]),
        reverse("referee:call_close", args=[t, world["call"].pk]),
        reverse("round_results", args=[t, 1]),
        reverse("standings", args=[t]),
    ]
    assert_within_reach(phone_360, live_server.url, paths)


@pytest.fixture
def phone_360_en(browser, request):
    yield from _page(browser, request, PHONE_360, locale="en-GB")


def test_the_table_pages_in_english_keep_every_figure_on_a_360_px_screen(
    phone_360_en, live_server, world
):
    t, entered = world["t"].pk, token_for(world["tables"][1])
    paths = [
        reverse("table:entry", args=[entered]) + "?neu=1",
        reverse("table:signoff", args=[entered]) + "?platz=B",
        reverse("round_results", args=[t, 1]),
        reverse("player_page", args=[world["me"].pk]),
    ]
    assert_within_reach(phone_360_en, live_server.url, paths)
    assert phone_360_en.locator("html").get_attribute("lang") == "en"
