"""The cards on the board, in a real browser (headless Chromium): a judge finds Mighty Tiger with the picker's
filters, puts it next to Bulwark, reads on the chip (hover, then a tap) its armor now, its keywords and its
abilities as the engine reads them, adds a bonus icon Enhance put on a copy and a lasting effect of an earlier play,
and resolves; what the board wrote is the notation of the scenario files.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from test_e2e_browser import browser, click, click_where, on, send, server, visible, wait  # noqa: F401 (fixtures)

pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def chip_of(driver, zone, name):
    from selenium.common.exceptions import StaleElementReferenceException

    def find(drv):
        try:
            return next((c for c in drv.find_elements(By.CSS_SELECTOR, f"#zone-{zone} .cardchip") if name in c.text), False)
        except StaleElementReferenceException:
            return False

    return wait(driver, find)


def hover(driver, zone, name):
    """Hover the chip of ``name`` in ``zone`` and return it with its popover; again if the board redrew the chip in
    between (the server's answer to the previous change can arrive at any moment on a busy machine)."""
    from selenium.common.exceptions import StaleElementReferenceException

    def attempt(drv):
        try:
            chip = chip_of(drv, zone, name)
            ActionChains(drv).move_to_element(chip).perform()
            pops = [p for p in drv.find_elements(By.CSS_SELECTOR, ".card-pop") if p.is_displayed()]
            if pops and chip.get_attribute("aria-describedby") == pops[0].get_attribute("id"):
                return chip, pops[0]
        except StaleElementReferenceException:
            pass
        return False

    return wait(driver, attempt)


def test_a_judge_reads_a_card_adds_an_icon_and_a_lasting_effect_and_resolves(server, browser):  # noqa: F811
    d = browser
    d.get(f"{server}/lang/en?next=/board")
    visible(d, "#plays button[data-play]")
    on(d, "f-p1-house", lambda e: Select(e).select_by_value("untamed"))

    # Bulwark by its name; then Mighty Tiger through the filters (house, trait, type), by their display names.
    send(d, "add-p1-battleline", "Bulwark")
    click_where(d, "#zone-p1-battleline .suggestions li[data-card='bulwark']")
    chip_of(d, "p1-battleline", "Bulwark")
    click(d, "add-p1-battleline-filter-toggle")
    house = visible(d, "#add-p1-battleline-f-house")
    assert "Untamed" in [o.text for o in Select(house).options] and "untamed" not in [o.text for o in Select(house).options]
    on(d, "add-p1-battleline-f-house", lambda e: Select(e).select_by_value("untamed"))
    on(d, "add-p1-battleline-f-trait", lambda e: Select(e).select_by_value("beast"))
    on(d, "add-p1-battleline-f-type", lambda e: Select(e).select_by_value("creature"))
    send(d, "add-p1-battleline", "Tiger")
    visible(d, "#zone-p1-battleline .suggestions li[data-card='mighty-tiger']")
    suggestions = d.find_elements(By.CSS_SELECTOR, "#zone-p1-battleline .suggestions li")
    assert all("Untamed" in li.text and "Creature" in li.text for li in suggestions)
    # the suggestion under the pointer shows the engine's reading of the card
    ActionChains(d).move_to_element(d.find_element(By.CSS_SELECTOR, "#zone-p1-battleline li[data-card='mighty-tiger']")).perform()
    wait(d, lambda drv: "Deal 4 damage" in drv.find_element(By.CSS_SELECTOR, "#zone-p1-battleline .suggest-info").text)
    click_where(d, "#zone-p1-battleline .suggestions li[data-card='mighty-tiger']")

    # Hovering the Tiger's chip: its armor now (Bulwark's +2), its power, and its ability as the engine reads it.
    tiger, pop = hover(d, "p1-battleline", "Mighty Tiger")
    assert tiger.get_attribute("aria-describedby") == pop.get_attribute("id")
    assert pop.get_attribute("role") == "tooltip"
    text = pop.text
    assert "Creature · Untamed" in text
    assert "Armor 0 → 2" in text and "Power 4" in text
    assert "Traits: Beast" in text
    assert "As the engine reads it" in text and "Play: Deal 4 damage to an enemy creature." in text
    ActionChains(d).move_to_element(d.find_element(By.ID, "plays-h")).perform()
    wait(d, lambda drv: not drv.find_elements(By.CSS_SELECTOR, ".card-pop"))

    # A card with keywords shows them by name.
    send(d, "add-p1-hand", "Duskwitch")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='duskwitch']")
    _, pop = hover(d, "p1-hand", "Duskwitch")
    assert "Keywords: Omega, Elusive" in pop.text

    # A tap opens the editor with the same panel, and the bonus icon Enhance added to another Tiger in hand.
    send(d, "add-p1-hand", "Mighty Tiger")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='mighty-tiger']")
    hand_tiger = chip_of(d, "p1-hand", "Mighty Tiger")
    uid = hand_tiger.get_attribute("data-uid")
    hand_tiger.click()
    editor = visible(d, f"#editor-{uid}")
    assert "Play: Deal 4 damage to an enemy creature." in editor.text
    wait(d, lambda drv: drv.find_element(By.CSS_SELECTOR, f"#zone-p1-hand .cardchip[data-uid='{uid}']")
         .get_attribute("aria-expanded") == "true")
    on(d, f"e-{uid}-icon", lambda e: Select(e).select_by_value("aember"))
    click(d, f"e-{uid}-icon-add")
    wait(d, lambda drv: "+ Æmber" in drv.find_element(By.CSS_SELECTOR, f"#zone-p1-hand .cardchip[data-uid='{uid}']").text)

    # A lasting effect of an earlier play: +2 power on the Tiger in play for the rest of the turn.
    tiger_uid = chip_of(d, "p1-battleline", "Mighty Tiger").get_attribute("data-uid")
    click_where(d, "#lasting-form summary")
    visible(d, "#lasting-amount")
    on(d, "lasting-effect", lambda e: Select(e).select_by_value("power"))
    on(d, "lasting-amount", lambda e: (e.clear(), e.send_keys("2")))
    on(d, "lasting-duration", lambda e: Select(e).select_by_value("turn"))
    click_where(d, f"#lasting-targets input[value='{tiger_uid}']")
    click(d, "lasting-add")
    wait(d, lambda drv: "Mighty Tiger" in drv.find_element(By.ID, "lasting-list").text)
    _, pop = hover(d, "p1-battleline", "Mighty Tiger")
    assert "Power 4 → 6" in pop.text
    assert "For the remainder of the turn, this card gets +2 power." in pop.text

    # What the board wrote is the scenario files' notation: the saved board's position holds both.
    click(d, "btn-save")
    link = visible(d, "#permalink").get_attribute("href")
    saved = json.load(urllib.request.urlopen(f"{server}/api/saves/{link.rsplit('/', 1)[1]}"))
    position = saved["position"]
    assert position["values"]["lasting"] == [{"controller": "p1", "duration": "turn",
                                              "effect": {"modify": "power", "amount": 2, "target": {"uids": [tiger_uid]}}}]
    assert {"uid": uid, "card": "mighty-tiger", "icons": ["aember"]} in position["players"]["p1"]["hand"]

    # Playing the enhanced Tiger resolves its added icon: p1 gains 1 æmber.
    click_where(d, "#plays button[data-play]", lambda b: b.get_attribute("data-play") == f"play {uid}")
    click_where(d, "#question[data-key='flank'] button.option[data-value='right']")
    visible(d, "#resolved")
    assert "p1.amber" in d.find_element(By.ID, "changes").get_attribute("textContent")


def test_in_spanish_the_keyboard_reaches_the_card_and_another_game_shows_its_facts(server, browser):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    d = browser
    d.get(f"{server}/lang/es?next=/board")
    visible(d, "#plays button[data-play]")
    # houses are named as a judge reads them, and written as the game's word
    house = Select(d.find_element(By.ID, "f-p1-house"))
    assert "Indómitos" in [o.text for o in house.options] and "Marte" in [o.text for o in house.options]
    on(d, "f-p1-house", lambda e: Select(e).select_by_value("untamed"))
    send(d, "add-p1-battleline", "Tigre Port")
    click_where(d, "#zone-p1-battleline .suggestions li[data-card='mighty-tiger']")
    chip = chip_of(d, "p1-battleline", "Tigre Portentoso")

    # From the picker's filter button, Tab reaches the chip: its popover opens, Escape closes it.
    d.execute_script("document.getElementById('add-p1-battleline-filter-toggle').focus()")
    ActionChains(d).send_keys(Keys.TAB).perform()
    wait(d, lambda drv: drv.switch_to.active_element.get_attribute("data-uid") == chip.get_attribute("data-uid"))
    pop = visible(d, ".card-pop")
    assert "Criatura · Indómitos" in pop.text
    assert "Como la lee el motor" in pop.text and "Jugar: Inflige 4 de daño a una criatura enemiga." in pop.text
    ActionChains(d).send_keys(Keys.ESCAPE).perform()
    wait(d, lambda drv: not drv.find_elements(By.CSS_SELECTOR, ".card-pop"))

    # A card with an ability the engine has not encoded is marked, and says what is missing in Spanish.
    send(d, "add-p1-hand", "3LL-I0T")
    suggestion = visible(d, "#zone-p1-hand .suggestions li[data-card='3ll-i0t']")
    assert "⚠" in suggestion.text
    click_where(d, "#zone-p1-hand .suggestions li[data-card='3ll-i0t']")
    robot = chip_of(d, "p1-hand", "3LL-I0T")
    assert "incomplete" in robot.get_attribute("class")
    _, pop = hover(d, "p1-hand", "3LL-I0T")
    assert "Incompleta: el motor no tiene codificado" in pop.text
    assert "sin codificar" in pop.text

    # A Mitos y Leyendas card shows the engine's reading of its abilities and, beneath it, the FAQ's words for it.
    on(d, "ruleset", lambda e: Select(e).select_by_value("myl-pe-2024"))
    visible(d, "#add-p1-mano")
    send(d, "add-p1-mano", "Amaru")
    click_where(d, "#zone-p1-mano .suggestions li[data-card='amaru']")
    _, pop = hover(d, "p1-mano", "Amaru")
    assert "Aliado" in pop.text.splitlines()[1]
    reading = pop.text.index("Como la lee el motor")
    assert "Cuando este Aliado entra en juego," in pop.text[reading:]
    assert pop.text.index("Lo que dice el FAQ") > reading
    assert "El motor aún no lee en palabras las habilidades" not in pop.text
