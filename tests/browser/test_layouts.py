"""Both tables (and the three- and six-player classic tables) at the screen sizes a class uses, in Voila
and a real Chromium: nothing clipped at the sides, the decision in view, touch targets, a hand by tapping.

Sizes: a small phone (360×740), a tablet in portrait (820×1180) and landscape (1180×820), the common
school Chromebook (1366×768) and a desktop (1920×1080). One page per table is resized through the sizes
(the layout follows the table's own width: CSS container queries). Every check reads bounding boxes:

- the document is no wider than the viewport, and every visible part of the app lies inside it
  (a part inside a box that scrolls sideways on purpose, as a wide trick log, is checked as that box);
- at 820×1180, 1180×820 and 1366×768 the hand, the decision's buttons and the cards on the table are
  above the fold (the page not scrolled), and so is the hint's recommendation once the hint is shown;
- on a touch screen every button of the app is at least 44×44 CSS px;
- one whole Solitaire deal and one classic hand are played by tapping at 375×740;
- at 1366×768 a classic hand, a Bid hand and a Solitaire deal are played to their end: the buttons
  that follow (Next hand and Review hand, Next deal and Replay deal) lie wholly in view right under
  the prompt (no emptied hand row between), the opened review's first line is in view, the table's
  top never moves while the message line fills, and no glyph shown (text, tooltips, CSS-drawn marks)
  needs an emoji font (tests/widgets/test_glyphs.py says which characters are safe).

Screenshots of every size go to artifacts/screenshots/layout-*.png (scripts/screenshots.py makes the
README's pictures from the 1366×768 ones).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from euchre_tutor.games.classic.widgets.app import RULES_CHOICES
from euchre_tutor.widgets import BidApp, ClassicApp, SolitaireApp
from tests.browser.conftest import (
    DASHBOARD,
    PAGE_TIMEOUT,
    SCREENSHOTS,
    sized_page,
    wait_for_cards,
)
from tests.browser.test_bid_table import wait_for_table as wait_for_bid_table
from tests.browser.test_classic_table import CLASSIC, bid_texts, wait_for_table

pytestmark = pytest.mark.browser

SIZES = ((360, 740), (820, 1180), (1180, 820), (1366, 768), (1920, 1080))
#: where the hand, the decision and the table must be visible without scrolling (issue 27, item 2)
IN_VIEW = {(820, 1180), (1180, 820), (1366, 768)}
TOUCH_TARGET = 44  # CSS px, WCAG 2.5.5
PHONE = (375, 740)

# The decision's buttons: the classic table's bids, the Solitaire trump choice while it is shown.
DECISIONS = ".euchre-bid"
TABLE_CARDS = (
    ".euchre-table .et-face, .euchre-table .et-empty, .euchre-table .et-back, .euchre-table .et-trumpbadge"
)

# Boxes of what is shown (not display:none, not zero-sized) for a selector, as [left, top, right, bottom].
_BOXES = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map((e) => {
  const r = e.getBoundingClientRect();
  return [e.className.baseVal ?? e.className, r.left, r.top, r.right, r.bottom];
})"""

# Every visible element of the app that pokes out of the viewport at the sides (a part of a box that
# scrolls sideways is represented by that box), and the document's width.
_OUTSIDE = """(area) => {
  const app = document.querySelector('.euchre-app');
  const box = area ? app.closest(area).getBoundingClientRect() : null;
  const [left, right] = box ? [box.left, box.right] : [0, document.documentElement.clientWidth];
  const out = [];
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const walk = (e) => {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    if (style.display === 'none') return;
    if (r.width > 0 && r.height > 0 && style.display !== 'contents' && (r.left < left - 0.5 || r.right > right + 0.5)) {
      out.push(`${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className).split(' ').join('.')}`
        + ` [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    if (!scrolls(e)) for (const child of e.children) walk(child);
  };
  walk(app);
  let width = document.documentElement.scrollWidth;  // Voila scrolls an element of its shell, not the window
  for (let e = app.parentElement; e; e = e.parentElement) width = Math.max(width, e.scrollWidth);
  return {width, viewport: document.documentElement.clientWidth, left, right, outside: out.slice(0, 12)};
}"""


def boxes(page: Any, selector: str) -> list[list[Any]]:
    return list(page.evaluate(_BOXES, selector))


def assert_fits_sideways(page: Any, where: str, area: str | None = None) -> None:
    """Nothing of the app outside the screen at the sides (or outside the ``area`` holding it)."""
    found = page.evaluate(_OUTSIDE, area)
    assert found["width"] <= found["viewport"], f"{where}: the page scrolls sideways: {found}"
    assert not found["outside"], (
        f"{where}: parts of the table outside {area or 'the screen'}: {found['outside']}"
    )
    for what in (".euchre-card", DECISIONS, TABLE_CARDS):
        for name, left, _top, right, _bottom in boxes(page, what):
            assert left >= found["left"] - 0.5 and right <= found["right"] + 0.5, (
                f"{where}: {name} at {left}..{right}"
            )


#: the widths of a lesson's output area in JupyterLab at 1366×768 with the file browser open
LESSON_AREAS = (700, 900)


def assert_fits_lesson_output(page: Any, table: str) -> None:
    """At 1366×768 with the app's output area narrowed to what a JupyterLab lesson gives it (the layout
    follows the table's own width, not the window's): nothing sticks out of the output area."""
    resize(page, 1366, 768)
    for width in LESSON_AREAS:
        page.evaluate(
            "(w) => { document.querySelector('.euchre-app').closest('.jp-Cell').style.maxWidth = w + 'px'; }",
            width,
        )
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shoot(page, f"layout-{table}-lesson-{width}px")
        assert_fits_sideways(page, f"{table} in a {width} px output area", ".jp-Cell")
        app = boxes(page, ".euchre-app")[0]
        assert app[3] - app[1] <= width + 0.5, f"{table}: the app is wider than its {width} px output area"
    page.evaluate("() => { document.querySelector('.euchre-app').closest('.jp-Cell').style.maxWidth = ''; }")


def assert_in_view(page: Any, where: str, selectors: dict[str, str]) -> None:
    """Each selector shows something, all of it inside the viewport with the page not scrolled."""
    to_top(page)
    height = page.viewport_size["height"]
    for what, selector in selectors.items():
        found = boxes(page, selector)
        assert found, f"{where}: no {what} shown ({selector})"
        lowest = max(bottom for *_rest, bottom in found)
        assert lowest <= height + 0.5, (
            f"{where}: the {what} ends {lowest:.0f} px down, below the fold ({height})"
        )
        assert min(top for _n, _l, top, _r, _b in found) >= -0.5, f"{where}: the {what} is above the page"


def to_top(page: Any) -> None:
    """Scroll the page to its top (Voila scrolls an element of its shell, not the window)."""
    page.evaluate(
        "() => { window.scrollTo(0, 0); document.querySelectorAll('*').forEach((e) => {"
        " if (e.scrollTop) e.scrollTop = 0; }); }"
    )


def resize(page: Any, width: int, height: int) -> None:
    """Resize the viewport and wait until Voila's shell (laid out by script on a resize event) and
    two frames have followed."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        """(width) => {
             const shell = document.querySelector('.euchre-app').closest('.lm-BoxPanel-child');
             return document.documentElement.clientWidth === width
               && (!shell || Math.round(shell.getBoundingClientRect().width) === width);
           }""",
        arg=width,
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def shoot(page: Any, name: str) -> None:
    """What the student sees at this size (the viewport, not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    to_top(page)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def open_app(page: Any, url: str) -> None:
    page.goto(url, timeout=PAGE_TIMEOUT)
    page.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)


def hand_top(page: Any) -> float:
    return float(min(top for _n, _l, top, _r, _b in boxes(page, ".euchre-card")))


def walk_sizes(
    page: Any,
    table: str,
    *,
    decision: bool,
    suffix: str = "",
    on_table: tuple[str, str] = ("cards on the table", TABLE_CARDS),
) -> dict[tuple[int, int], float]:
    """Resize through SIZES: fit sideways everywhere, the decision in view where item 2 asks; a
    screenshot at each size. Returns where the hand's top sits at each size. ``on_table``: what the
    table must show (its name, a selector)."""
    tops = {}
    for width, height in SIZES:
        resize(page, width, height)
        where = f"{table} at {width}×{height}{suffix}"
        shoot(page, f"layout-{table}-{width}x{height}{suffix}")
        assert_fits_sideways(page, where)
        if (width, height) in IN_VIEW:
            wanted = {"hand": ".euchre-card", on_table[0]: on_table[1]}
            if decision:
                wanted["decision's buttons"] = DECISIONS
            assert_in_view(page, where, wanted)
        tops[(width, height)] = hand_top(page)
    return tops


def show_hint_in_view(page: Any, table: str) -> None:
    """Open the hint, wait for its recommendation, and check it is in view where item 2 asks."""
    resize(page, 1366, 768)
    page.get_by_role("button", name="Show hint").click()
    page.locator(".euchre-hint .et-rec").wait_for(timeout=PAGE_TIMEOUT)
    for width, height in SIZES:
        resize(page, width, height)
        where = f"{table} with the hint at {width}×{height}"
        shoot(page, f"layout-{table}-{width}x{height}-hint")
        assert_fits_sideways(page, where)
        if (width, height) in IN_VIEW:
            assert_in_view(
                page,
                where,
                {"hint's recommendation": ".euchre-hint .et-rec", "hand": ".euchre-card"},
            )


def test_solitaire_table_at_every_size(browser: Any, voila: Any) -> None:
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + DASHBOARD)
        tops = walk_sizes(p, "solitaire", decision=True)
        assert tops[(1366, 768)] + 112 <= 768
        show_hint_in_view(p, "solitaire")
        assert_fits_lesson_output(p, "solitaire")
        problems.assert_clean()


def test_classic_table_at_every_size(browser: Any, voila: Any) -> None:
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + CLASSIC)
        p.locator(".euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        walk_sizes(p, "classic", decision=True)
        show_hint_in_view(p, "classic")
        assert_fits_lesson_output(p, "classic")
        problems.assert_clean()


@pytest.mark.parametrize("preset", ["three-handed", "six-handed"])
def test_three_and_six_player_tables_at_every_size(browser: Any, voila: Any, preset: str) -> None:
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + CLASSIC)
        label = next(label for label, value in RULES_CHOICES if value == preset)
        p.locator(".ec-rules select").select_option(label=label)
        p.get_by_role("button", name="New match").click()
        players = {"three-handed": 3, "six-handed": 6}[preset]
        p.locator(f".ec-table.ec-n{players}").wait_for(timeout=PAGE_TIMEOUT)
        p.locator(".euchre-card").first.wait_for(timeout=PAGE_TIMEOUT)
        walk_sizes(p, preset, decision=False)
        problems.assert_clean()


# ---------------------------------------------------------------------------------------------- touch


def assert_touch_targets(page: Any, where: str) -> None:
    """Every button of the app shown now is at least 44×44 CSS px, and the page has no hover."""
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "the touch page has a coarse pointer"
    assert page.evaluate("!matchMedia('(hover: hover)').matches"), "the touch page has no hover"
    found = boxes(page, ".euchre-app .jupyter-button, .euchre-app .widget-toggle-button")
    assert found, f"{where}: no buttons"
    small = [
        (name, round(right - left), round(bottom - top))
        for name, left, top, right, bottom in found
        if right - left < TOUCH_TARGET - 0.5 or bottom - top < TOUCH_TARGET - 0.5
    ]
    assert not small, f"{where}: buttons smaller than {TOUCH_TARGET}×{TOUCH_TARGET}: {small}"


def tap_inside(page: Any, locator: Any, where: str) -> None:
    """Tap ``locator`` after checking it lies inside the screen sideways (no sideways scrolling)."""
    box = locator.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{where}: {box}"
    locator.tap()


def test_a_solitaire_deal_by_tapping_on_a_phone(browser: Any, voila: Any) -> None:
    mirror = SolitaireApp(seed=3, source=None)
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        open_app(p, voila.url + DASHBOARD)
        wait_for_cards(p, mirror)
        assert_fits_sideways(p, "solitaire on a phone")
        assert_touch_targets(p, "solitaire on a phone, choosing trump")
        shoot(p, "touch-solitaire-375x740-trump")
        tap_inside(p, p.locator(".euchre-bid", has_text="Order up").first, "order up")
        mirror.trump_button(None).click()
        wait_for_cards(p, mirror)
        for trick in range(5):
            playable = [b for b in mirror.cards if "playable" in b._dom_classes]
            if not playable:
                break
            assert_touch_targets(p, f"solitaire on a phone, trick {trick + 1}")
            name = str(playable[0].description)
            tap_inside(p, p.get_by_role("button", name=name, exact=True), name)
            playable[0].click()
            wait_for_cards(p, mirror)
        assert mirror.controller.view is not None and mirror.controller.view.phase.name == "OVER"
        p.get_by_text("The deal is over").first.wait_for(timeout=PAGE_TIMEOUT)
        assert_fits_sideways(p, "solitaire on a phone, the deal over")
        shoot(p, "touch-solitaire-375x740-over")
        # the same page on a tablet: still every button big enough
        resize(p, 820, 1180)
        assert_touch_targets(p, "solitaire on a tablet")
        problems.assert_clean()
    mirror.close()


def test_a_classic_hand_by_tapping_on_a_phone(browser: Any, voila: Any) -> None:
    mirror = ClassicApp(seed=3)
    with sized_page(browser, voila, *PHONE, touch=True) as (p, problems):
        open_app(p, voila.url + CLASSIC)
        wait_for_table(p, mirror)
        tap_inside(p, p.locator(".ec-autoplay input"), "autoplay")  # every card tapped, even a forced one
        mirror.autoplay.value = False
        p.wait_for_function("!document.querySelector('.ec-autoplay input').checked")
        assert_fits_sideways(p, "classic on a phone")
        assert_touch_targets(p, "classic on a phone, bidding")
        shoot(p, "touch-classic-375x740-bid")
        for _ in range(12):  # bid: pass while passing is allowed, else the first decision offered
            texts = bid_texts(mirror)
            if not texts:
                break
            i = next((k for k, t in enumerate(texts) if re.fullmatch(r"\s*pass\s*", t, re.I)), 0)
            shown = [b for b in mirror.bid_buttons if "euchre-bid" in b._dom_classes]
            tap_inside(p, p.locator(".euchre-bid").nth(i), texts[i])
            shown[i].click()
            wait_for_table(p, mirror)
        for _ in range(8):  # play every card by tapping
            playable = [b for b in mirror.cards if "playable" in b._dom_classes]
            if not playable:
                break
            assert_touch_targets(p, "classic on a phone, playing")
            name = str(playable[0].description)
            tap_inside(p, p.get_by_role("button", name=name, exact=True), name)
            playable[0].click()
            wait_for_table(p, mirror)
        assert mirror.controller.waiting, "the hand is over"
        p.get_by_role("button", name="Next hand").wait_for(timeout=PAGE_TIMEOUT)
        assert p.locator(".euchre-log tbody tr").count() == 5
        assert_fits_sideways(p, "classic on a phone, the hand over")
        shoot(p, "touch-classic-375x740-over")
        resize(p, 820, 1180)
        assert_touch_targets(p, "classic on a tablet")
        problems.assert_clean()
    mirror.close()


def test_hover_only_decorates() -> None:
    """Nothing is revealed only by a mouse hover: every hover rule of the tables' style sheets sits in
    a ``(hover: hover)`` media query (touch screens never see it) and only moves or shades."""
    from euchre_tutor.widgets.style import CLASSIC_CSS, CSS

    css = CSS + CLASSIC_CSS
    hovers = [m.start() for m in re.finditer(r":hover(?=[\s,{:])", css)]  # not the query's own
    assert hovers, "the style sheets have a hover effect to check"
    for at in hovers:
        opened = css.rfind("@media (hover:hover){", 0, at)
        assert opened != -1 and css.find("}}", opened) > at, css[max(0, at - 80) : at + 40]
        rule = css[at : css.find("}", at)]
        assert re.fullmatch(r":hover\{(transform|box-shadow|filter|background)[^{}]*", rule), rule


def test_readme_pictures_are_small_chromebook_views() -> None:
    """docs/images/ holds the README's two pictures, made by scripts/screenshots.py from this module's
    1366×768 screenshots: that size, each under 250 KB."""
    from PIL import Image

    from tests.browser.conftest import ROOT

    for name in ("solitaire.png", "classic.png"):
        path = ROOT / "docs" / "images" / name
        with Image.open(path) as image:
            assert image.size == (1366, 768), (name, image.size)
        assert path.stat().st_size <= 250_000, (name, path.stat().st_size)


def test_the_screenshot_script_fits_a_picture_under_its_limit() -> None:
    """scripts/screenshots.py's optimiser: a 1366×768 gradient (the felt's kind of picture) fits in
    250 KB as a palette PNG of the same size."""
    import importlib.util
    import io

    from PIL import Image

    from tests.browser.conftest import ROOT

    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    image = Image.radial_gradient("L").resize((1366, 768)).convert("RGB")
    raw = io.BytesIO()
    image.save(raw, format="PNG")
    small = module.optimise(raw.getvalue(), 250_000)
    assert len(small) <= 250_000
    with Image.open(io.BytesIO(small)) as out:
        assert out.size == (1366, 768) and out.mode == "P"


BID = "/voila/render/bid.ipynb"


def test_bid_table_at_every_size(browser: Any, voila: Any) -> None:
    """The Bid Euchre table gets the shared layout: nothing clipped sideways at any size, its hand and
    table in view; its whole grid of bids and the pass button in view on a laptop, a tablet either way
    and a desktop (while the bids go round the empty trick folds away and pass sits beside the grid)."""
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + BID)
        p.locator(".eb-cell").first.wait_for(timeout=PAGE_TIMEOUT)
        walk_sizes(p, "bid", decision=False, on_table=("seats on the table", ".euchre-table .ec-seat"))
        for width, height in ((1366, 768), (1180, 820), (820, 1180), (1920, 1080)):
            resize(p, width, height)
            assert_in_view(
                p, f"bid at {width}×{height}", {"grid of bids": ".eb-cell", "pass": ".ec-bids .euchre-bid"}
            )
        problems.assert_clean()


# ------------------------------------------------------------------------------------ the end of a hand
# Issue 38, item 6: at 1366×768 the buttons that follow a hand ("Next hand", "Review hand"; Solitaire's
# "Next deal", "Replay deal") are in view without scrolling, in the place of the emptied hand (no gap),
# the opened review starts in view, the table never moves when the message line fills, and no glyph
# of the page needs an emoji font.

# The text of the app a student sees, tooltips, and the marks CSS draws (generated content), skipping
# icon-font icons (a button's decoration beside its words).
_SHOWN_TEXT = """() => {
  const app = document.querySelector('.euchre-app');
  const parts = [app.innerText];
  for (const e of app.querySelectorAll('*')) {
    if (e.closest('[style*="display: none"]')) continue;
    if (e.title) parts.push(e.title);
    for (const where of ['::before', '::after']) {
      const style = getComputedStyle(e, where);
      if (style.content && style.content !== 'none' && style.content !== 'normal'
          && !/awesome/i.test(style.fontFamily)) parts.push(style.content);
    }
  }
  return parts.join(' ');
}"""


def table_top(page: Any) -> float:
    """Where the table starts, the page not scrolled."""
    to_top(page)
    return float(boxes(page, ".euchre-table")[0][2])


def pass_first(texts: list[str]) -> int:
    """Pass while passing is allowed, else the first decision offered."""
    return next((k for k, t in enumerate(texts) if re.fullmatch(r"\s*pass\s*", t, re.I)), 0)


def classic_step(page: Any, app: ClassicApp) -> tuple[Any, Any] | None:
    """The student's next click at the classic table and the mirror's same button (None: hand over)."""
    if app.controller.waiting or app.controller.state.is_over:
        return None
    texts = bid_texts(app)
    if texts:
        i = pass_first(texts)
        return page.locator(".euchre-bid").nth(i), [
            b for b in app.bid_buttons if "euchre-bid" in b._dom_classes
        ][i]
    card = next(b for b in app.cards if "playable" in b._dom_classes)
    return page.get_by_role("button", name=str(card.description), exact=True), card


def bid_step(page: Any, app: BidApp) -> tuple[Any, Any] | None:
    """The same at the Bid table: pass or the first bid it allows, else the first playable card."""
    if app.controller.waiting or app.controller.state.is_over:
        return None
    shown = [b for b in (*app.decision_buttons, *app.grid_buttons) if "euchre-bid" in b._dom_classes]
    if shown:
        open_ = [k for k, b in enumerate(shown) if not b.disabled]
        i = pass_first([str(b.description) for b in shown])
        i = i if i in open_ else open_[0]
        return page.locator(".euchre-bid").nth(i), shown[i]
    card = next(b for b in app.cards if "playable" in b._dom_classes)
    return page.get_by_role("button", name=str(card.description), exact=True), card


def solitaire_step(page: Any, app: SolitaireApp) -> tuple[Any, Any] | None:
    """The same in Solitaire: order up, then the first playable card."""
    view = app.controller.view
    if view is None or view.phase.name == "OVER":
        return None
    if view.phase.name == "CHOOSE_TRUMP":
        return page.locator(".euchre-bid", has_text="Order up").first, app.trump_button(None)
    card = next(b for b in app.cards if "playable" in b._dom_classes)
    return page.get_by_role("button", name=str(card.description), exact=True), card


def play_to_the_end(
    page: Any,
    table: str,
    app: Any,
    step: Callable[[Any, Any], tuple[Any, Any] | None],
    wait: Callable[[Any, Any], None],
    *,
    message_appears: bool,
) -> None:
    """Play the hand out in the page and in its headless mirror ``app`` (the same seeded deal), waiting
    after each click until the page shows what the mirror shows; the table's top must not move
    meanwhile (above all when the message line first fills: ``message_appears``, it starts empty)."""
    wait(page, app)
    top = table_top(page)
    empty_at_first = not page.locator(".euchre-message").inner_text().strip()
    assert empty_at_first == message_appears, f"{table}: the message line at the start"
    for _ in range(60):
        action = step(page, app)
        if action is None:
            break
        target, button = action
        target.click()
        button.click()
        wait(page, app)
        moved = table_top(page)
        assert abs(moved - top) <= 0.5, (
            f"{table}: the table moved from {top} to {moved} px when the message became "
            f"{page.locator('.euchre-message').inner_text()!r}"
        )
    else:
        raise AssertionError(f"{table}: the hand did not end")
    page.locator(".et-handend").wait_for()
    # the message comes with the same redraw, a moment after the bar on a busy machine: wait for it
    page.wait_for_function(
        "() => document.querySelector('.euchre-message').innerText.trim().length > 0", timeout=10_000
    )
    assert page.locator(".euchre-message").inner_text().strip(), f"{table}: the hand ended without a message"


def button_box(page: Any, name: str) -> dict[str, float]:
    box = page.get_by_role("button", name=name, exact=True).bounding_box()
    assert box is not None, f"no {name} button shown"
    return dict(box)


def assert_end_of_hand_fits(page: Any, table: str, names: tuple[str, str]) -> None:
    """Both buttons wholly inside the 1366×768 viewport, the page not scrolled, right under the prompt
    (no empty hand row between)."""
    to_top(page)
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for name in names:
        box = button_box(page, name)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{table}: {name} at {box}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (
            f"{table}: {name} ends {box['y'] + box['height']:.0f} px down, below the fold ({height})"
        )
    prompt = boxes(page, ".et-prompt")[0]
    first = button_box(page, names[0])
    gap = first["y"] - prompt[4]
    assert gap <= 24, f"{table}: {gap:.0f} px of empty space between the prompt and {names[0]}"
    hand = page.evaluate("() => document.querySelector('.et-hand').getBoundingClientRect().height")
    assert hand <= 1, f"{table}: the emptied hand row still takes {hand} px"


def assert_review_starts_in_view(page: Any, table: str, first_line: str) -> None:
    """The review's first line wholly in view, the page not scrolled."""
    page.locator(first_line).first.wait_for()
    to_top(page)
    found = boxes(page, first_line)
    assert found, f"{table}: no review shown"
    _name, _left, top, _right, bottom = found[0]
    assert top >= 0 and bottom <= page.viewport_size["height"] + 0.5, (
        f"{table}: the review's first line is at {top:.0f}..{bottom:.0f} px, the fold at "
        f"{page.viewport_size['height']}"
    )


def assert_text_glyphs(page: Any, table: str) -> None:
    from tests.widgets.test_glyphs import unsafe

    shown = page.evaluate(_SHOWN_TEXT)
    assert "♠" in shown or "♣" in shown or "♥" in shown or "♦" in shown, f"{table}: no suit shown?"
    assert unsafe(shown) == [], f"{table}: glyphs that need an emoji or a rare font"


def test_the_end_of_a_classic_hand_fits_a_chromebook(browser: Any, voila: Any) -> None:
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + CLASSIC)
        p.locator(".euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        mirror = ClassicApp(seed=3)
        p.locator(".ec-autoplay input").uncheck()  # every card clicked here, the forced ones too
        mirror.autoplay.value = False
        p.wait_for_function("!document.querySelector('.ec-autoplay input').checked")
        shoot(p, "layout-classic-1366x768-deal")
        play_to_the_end(p, "classic", mirror, classic_step, wait_for_table, message_appears=True)
        mirror.close()
        assert "Press Next hand" in p.locator(".et-prompt").inner_text()
        shoot(p, "layout-classic-1366x768-hand-over")
        assert_end_of_hand_fits(p, "classic", ("Next hand", "Review hand"))
        p.get_by_role("button", name="Review hand", exact=True).click()
        assert_review_starts_in_view(p, "classic", ".euchre-review .et-review > :first-child")
        assert_end_of_hand_fits(p, "classic with the review open", ("Next hand", "Review hand"))
        shoot(p, "layout-classic-1366x768-review")
        assert_text_glyphs(p, "classic")
        problems.assert_clean()


def test_the_end_of_a_bid_hand_fits_a_chromebook(browser: Any, voila: Any) -> None:
    from tests.browser.conftest import wait_for_pools

    wait_for_pools(voila, ("bid.ipynb",))
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + BID)
        p.locator(".eb-cell").first.wait_for(timeout=PAGE_TIMEOUT)
        mirror = BidApp(seed=3)
        # the match's first message is there from the start
        play_to_the_end(p, "bid", mirror, bid_step, wait_for_bid_table, message_appears=False)
        mirror.close()
        shoot(p, "layout-bid-1366x768-hand-over")
        assert_end_of_hand_fits(p, "bid", ("Next hand", "Review hand"))
        p.get_by_role("button", name="Review hand", exact=True).click()
        assert_review_starts_in_view(p, "bid", ".euchre-review .et-review > :first-child")
        assert_end_of_hand_fits(p, "bid with the review open", ("Next hand", "Review hand"))
        shoot(p, "layout-bid-1366x768-review")
        assert_text_glyphs(p, "bid")
        problems.assert_clean()


def test_the_end_of_a_solitaire_deal_fits_a_chromebook(browser: Any, voila: Any) -> None:
    with sized_page(browser, voila, 1366, 768) as (p, problems):
        open_app(p, voila.url + DASHBOARD)
        p.locator(".euchre-bid").first.wait_for(timeout=PAGE_TIMEOUT)
        mirror = SolitaireApp(seed=3, source=None)
        play_to_the_end(p, "solitaire", mirror, solitaire_step, wait_for_cards, message_appears=True)
        mirror.close()
        shoot(p, "layout-solitaire-1366x768-deal-over")
        assert_end_of_hand_fits(p, "solitaire", ("Next deal", "Replay deal"))
        assert_review_starts_in_view(
            p, "solitaire", ".euchre-review .et-review > :first-child"
        )  # shown at once
        assert_text_glyphs(p, "solitaire")
        problems.assert_clean()
