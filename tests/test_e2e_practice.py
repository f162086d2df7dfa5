"""A learner in a real browser (headless Chromium): one question answered wrong, read side by side with the ruling,
then answered right; progress kept in the browser; the same page at a phone's width.

It shares the server and browser of the board's browser test (``.ci/run`` installs chromium and its driver).
"""

from __future__ import annotations

import json

import pytest

from test_e2e_browser import CHROMEDRIVER, CHROMIUM, WAIT, browser, server, visible, wait  # noqa: F401

pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER),
                                reason="chromium and chromedriver are not installed (.ci/run installs them)")

from selenium.webdriver.common.by import By  # noqa: E402


def answer(d, choice_id):
    d.find_element(By.CSS_SELECTOR, f"#choice-{choice_id} input").click()
    d.find_element(By.ID, "answer-btn").click()


def test_a_question_answered_wrong_then_right(server, browser):  # noqa: F811
    from conftest import ROOT
    from judge.practice import questions

    q = questions.build(next((ROOT / "scenarios").rglob("KF172-GEN-39.toml")))
    wrong = next(c for c in q.choices if not c.correct)
    d = browser
    d.get(f"{server}/practice")
    d.execute_script("window.localStorage.clear()")
    assert d.find_element(By.ID, "start-keyforge").is_displayed()  # the page offers each game
    d.get(f"{server}/practice/q/KF172-GEN-39")
    assert d.find_element(By.ID, "prompt").text == "¿Qué pasa?"
    assert "Ser Marrows" in d.find_element(By.CSS_SELECTOR, ".pboard").text

    # Wrong: the way to the learner's answer beside the ruling's, and the rule that decides.
    answer(d, wrong.id)
    visible(d, "#reveal.wrong")
    assert d.find_element(By.ID, "verdict").text == "No es así"
    assert visible(d, "#trace-mine").is_displayed() and visible(d, "#trace-ruling").is_displayed()
    assert "replacement-effects" in d.find_element(By.ID, "deciding-rule").get_attribute("href")
    assert d.find_elements(By.CSS_SELECTOR, "#trace-ruling .step.decides")
    assert "is-wrong" in d.find_element(By.ID, f"choice-{wrong.id}").get_attribute("class")

    # Right, after trying again.
    d.find_element(By.ID, "try-again").click()
    wait(d, lambda drv: not drv.find_elements(By.ID, "reveal"))
    answer(d, q.correct.id)
    visible(d, "#reveal.right")
    assert d.find_element(By.ID, "verdict").text == "¡Correcto!"
    assert not d.find_elements(By.CSS_SELECTOR, ".side-by-side")

    # Both answers were kept in this browser, none on the server.
    kept = json.loads(d.execute_script("return window.localStorage.getItem('judge.practice.v1')"))
    assert kept["questions"]["KF172-GEN-39"] == {"game": "keyforge", "tries": 2, "right": 1, "first": False}
    d.get(f"{server}/practice")
    wait(d, lambda drv: "1" in drv.find_element(By.CSS_SELECTOR, "[data-progress-game='keyforge']").text)


def test_a_question_fits_a_phone(server, browser):  # noqa: F811
    d = browser
    d.set_window_size(390, 900)
    try:
        d.get(f"{server}/practice/q/KF172-GLOSS-DESTROYED-1")
        wrong = d.find_element(By.CSS_SELECTOR, "input[name=pick]:not(:checked)")
        wrong.click()
        d.find_element(By.ID, "answer-btn").click()
        visible(d, "#reveal")
        width = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page is wider than the phone: {width}"
        choice = d.find_element(By.CSS_SELECTOR, ".choice")
        assert choice.size["height"] >= 40, "an answer is large enough to tap"
    finally:
        d.set_window_size(1280, 1000)
