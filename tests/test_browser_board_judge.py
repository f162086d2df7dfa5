"""A judge at the board, in a real browser (issue #15): builds a position no game leads to and is warned with the rule,
switches the language half-way and keeps everything, resolves, switches back with the trace shown, replays a ruling
whose answers are recorded and sees its expected result ticked, then changes an answer and sees where it parts.

The browser and the server are those of ``test_e2e_browser`` (skipped the same way where Chromium is absent).
"""

from __future__ import annotations

import pytest

from test_e2e_browser import CHROMEDRIVER, CHROMIUM, browser, click, click_where, send, server, type_into, visible, wait  # noqa: F401

pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER),
                                reason="chromium and chromedriver are not installed (.ci/run installs them)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def read(d, css, what=lambda e: e.text):
    """What an element shows, read again if the board redrew it meanwhile (each check of the position redraws the
    problems and warnings)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    def attempt(drv):
        try:
            return what(drv.find_element(By.CSS_SELECTOR, css)) or False
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    return wait(d, attempt)


def lang_is(d, code):
    wait(d, lambda drv: drv.find_element(By.TAG_NAME, "html").get_attribute("lang") == code)


def test_a_judge_builds_switches_language_resolves_and_replays_a_ruling(server, browser):
    d = browser
    d.get(f"{server}/lang/es?next=/board")
    visible(d, "#plays button[data-play]")
    assert "Mitos y Leyendas" in d.find_element(By.ID, "playable-games").text

    # The position: Krump in p1's battleline, a Troll in p1's hand, and p2 with an æmber count no game reaches — a
    # warning, not an error.
    send(d, "add-p1-battleline", "Krump")
    click_where(d, "#zone-p1-battleline .suggestions li[data-card='krump']")
    wait(d, lambda drv: "Krump" in drv.find_element(By.ID, "zone-p1-battleline").text)
    send(d, "add-p1-hand", "Tro")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='troll']")
    wait(d, lambda drv: "Trol" in drv.find_element(By.ID, "zone-p1-hand").text)
    type_into(d, "f-p2-amber", "1000000")
    assert read(d, "#position-warnings a.cite") == "keyforge-17.2#aember"
    assert "Posición válida" in read(d, "#valid-flag")
    assert "field-warning" in read(d, "[data-where='players.p2.amber']", lambda e: e.get_attribute("class"))

    # Half-way, the judge switches to English: the same position, now read in English.
    click(d, "lang-en")
    lang_is(d, "en")
    wait(d, lambda drv: "Troll" in drv.find_element(By.ID, "zone-p1-hand").text)
    assert "Krump" in d.find_element(By.ID, "zone-p1-battleline").text
    assert d.find_element(By.ID, "f-p2-amber").get_attribute("value") == "1000000"
    assert "no game reaches" in read(d, "#position-warnings")

    # Resolve: playing the Troll asks for its flank; the trace keeps the engine's counters behind "details".
    click_where(d, "#plays button[data-play]", lambda b: b.get_attribute("data-play").startswith("play ") and "Troll" in b.text)
    click_where(d, "#question[data-key='flank'] button.option[data-value='left']")
    visible(d, "#resolved")
    hidden = d.find_elements(By.CSS_SELECTOR, "#trace .changes .detail")
    assert hidden and not any(n.is_displayed() for n in hidden)
    assert any("this-turn" in n.get_attribute("textContent") for n in hidden)
    click(d, "trace-details")
    assert any(n.is_displayed() for n in d.find_elements(By.CSS_SELECTOR, "#trace .changes .detail"))

    # Back to Spanish with the resolution shown: the play, its answer and its trace come back in Spanish.
    click(d, "lang-es")
    lang_is(d, "es")
    visible(d, "#resolved")
    assert "Flanco izquierdo" in d.find_element(By.CSS_SELECTOR, "#resolution .answers-list").text
    assert "Resolución paso a paso" in d.find_element(By.ID, "resolution").text
    assert d.find_element(By.ID, "f-p2-amber").get_attribute("value") == "1000000"

    # A ruling's Replay applies the answers the scenario recorded: nothing is asked, and what it proves is shown.
    d.get(f"{server}/rulings/KF11-ERR-02")
    d.find_element(By.CSS_SELECTOR, "a.replay[data-scenario='KF11-ERR-02']").click()
    verdict = visible(d, "#replay-verdict[data-passed='yes']")
    assert not d.find_elements(By.ID, "question")
    rows = d.find_elements(By.CSS_SELECTOR, "#replay-expect tr[data-path]")
    assert rows and all("ok" in r.get_attribute("class") and r.find_element(By.CSS_SELECTOR, "td.mark").text == "✓"
                        for r in rows)
    assert "✓" in verdict.text
    link = d.find_element(By.CSS_SELECTOR, "#replay-rulings a[data-ruling='KF11-ERR-02']")
    assert link.get_attribute("href").endswith("/rulings/KF11-ERR-02")
    assert "Inflige 4" in d.find_element(By.ID, "replay-reading").text
    assert "left, big" in d.find_element(By.ID, "replay-recorded").text

    # The judge tries the other target: the engine's check now crosses the damage the ruling expects.
    Select(d.find_elements(By.CSS_SELECTOR, "#resolution .answers-list select")[1]).select_by_value("other")
    visible(d, "#replay-verdict[data-passed='no']")
    crossed = d.find_element(By.CSS_SELECTOR, "#replay-expect tr[data-path='big.damage']")
    assert "bad" in crossed.get_attribute("class") and crossed.find_element(By.CSS_SELECTOR, "td.mark").text == "✗"


def test_steps_other_than_the_main_one_offer_their_plays(server, browser):
    d = browser
    d.get(f"{server}/lang/en?next=/board")
    visible(d, "#plays button[data-play]")
    Select(d.find_element(By.ID, "f-step")).select_by_value("forge")
    visible(d, "#plays button[data-play='forge']")
    Select(d.find_element(By.ID, "f-step")).select_by_value("ready")
    button = visible(d, "#plays button[data-play='end-turn']")
    assert button.text == "Ready cards, draw and end the turn"
    # A Mitos y Leyendas step where nobody holds priority: no play, and each refusal with its rule.
    Select(d.find_element(By.ID, "ruleset")).select_by_value("myl-pe-2024")
    visible(d, "#zone-p1-castillo")
    Select(d.find_element(By.ID, "f-step")).select_by_value("batalla.dano.c")
    why = visible(d, "#no-plays li[data-rule='myl-pe-faq-2024#pasos-para-jugar-una-carta.5']")
    assert why.find_element(By.CSS_SELECTOR, "a.cite").text == "myl-pe-faq-2024#pasos-para-jugar-una-carta.5"


def through_dialog(d, server, opener, area, text, go):
    """On the board in English, open a toolbar dialog, write ``text`` in it and confirm."""
    d.get(f"{server}/lang/en?next=/board")
    visible(d, "#plays button[data-play]")
    click(d, opener)
    d.execute_script("arguments[0].value = arguments[1]", visible(d, f"#{area}"), text)
    click(d, go)


def test_a_problem_does_not_repeat_its_field(server, browser):
    d = browser
    through_dialog(d, server, "btn-text", "position-text",
                   'active = "p1"\nturn = 0\nstep = "main"\n[players.p1]\nhouse = "brobnar"\n[players.p2]\n', "btn-load-text")
    problem = wait(d, lambda drv: next((li for li in drv.find_elements(By.CSS_SELECTOR, "#modal-body li")
                                        if "turn" in li.text), None))
    assert "turn turn" not in problem.text and "must be" in problem.text


def test_an_imported_scenario_is_replayed_with_its_recorded_answers(server, browser):
    from pathlib import Path

    d = browser
    text = (Path(__file__).resolve().parents[1] / "scenarios" / "keyforge" / "faq" / "KF11-ERR-02.toml").read_text()
    through_dialog(d, server, "btn-import", "import-text", text, "btn-import-go")
    # The file's answers are applied: nothing is asked, and the scenario's check ticks its expected result.
    visible(d, "#replay-verdict[data-passed='yes']")
    assert not d.find_elements(By.ID, "question")
    assert "Left flank" in d.find_element(By.CSS_SELECTOR, "#resolution .answers-list").text
