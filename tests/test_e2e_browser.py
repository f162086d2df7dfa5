"""A judge at the table, in a real browser (headless Chromium): replay a ruling, change the position, apply the
play, answer the question, read the trace, search a ruling in Spanish, open it and switch the language.

``.ci/run`` installs Debian's chromium and chromium-driver where they are missing; the test is skipped only when
the browser is genuinely absent.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists()
                                                 else None)

pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER),
                                reason="chromium and chromedriver are not installed (.ci/run installs them)")

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAIT = 60  # generous: CI machines are small and may be busy; a real failure still fails


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on a free localhost port, served by werkzeug in a thread."""
    from werkzeug.serving import make_server

    from judge.web import create_app

    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("e2e") / "judge.sqlite")})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,1000", "--lang=es",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": "es-ES,es"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def wait(driver, condition):
    # A condition that reads an element the board redraws meanwhile is asked again rather than failing: on a busy
    # machine the server's answer to the previous change can arrive between finding an element and reading it.
    from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException

    return WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,
                                                           ElementNotInteractableException)).until(condition)


def visible(driver, css):
    return wait(driver, EC.visibility_of_element_located((By.CSS_SELECTOR, css)))


def on(driver, element_id, action):
    """Act on an element by id, again if the board re-rendered it in between (the page redraws a panel when the
    server's answer to the previous change arrives, which on a busy machine can be at any moment)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    def attempt(drv):
        try:
            action(drv.find_element(By.ID, element_id))
        except (NoSuchElementException, StaleElementReferenceException):
            return False
        return True

    wait(driver, attempt)


def click_where(driver, css, test=lambda e: True):
    """Click the first element matching ``css`` that passes ``test``, once there is one, again if it was redrawn."""
    from selenium.common.exceptions import StaleElementReferenceException

    def attempt(drv):
        try:
            target = next((e for e in drv.find_elements(By.CSS_SELECTOR, css) if e.is_displayed() and test(e)), None)
            if target is None:
                return False
            target.click()
        except StaleElementReferenceException:
            return False
        return True

    wait(driver, attempt)


def send(driver, element_id, *keys):
    on(driver, element_id, lambda e: e.send_keys(*keys))


def click(driver, element_id):
    on(driver, element_id, lambda e: e.click())


def type_into(driver, element_id, text):
    """Replace a field's value the way a judge does: select all, type, leave the field."""
    from selenium.webdriver.common.keys import Keys

    def replace(field):
        field.send_keys(Keys.CONTROL, "a")  # the modifier is released at the end of each call
        field.send_keys(text, Keys.TAB)

    on(driver, element_id, replace)


def test_a_judge_replays_changes_resolves_searches_and_switches_language(server, browser):
    d = browser
    # The ruling page offers a Replay of its scenario.
    d.get(f"{server}/rulings/KF172-GEN-39")
    assert "KF172-GEN-39" in d.find_element(By.TAG_NAME, "h1").text
    assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    d.find_element(By.CSS_SELECTOR, "a.replay[data-scenario='KF172-GEN-39']").click()

    # The board opens on the scenario's position with its first play ready.
    visible(d, "#plays button[data-play]")
    assert d.find_element(By.ID, "play-text").get_attribute("value") == "play Puerta Dimensional"
    assert "Ser Marrows" in d.find_element(By.ID, "player-p2").text

    # Change the position: Brobnar becomes the active house and a Troll goes into p1's hand, found by its Spanish
    # name through the autocomplete.
    on(d, "f-p1-house", lambda e: Select(e).select_by_value("brobnar"))
    send(d, "add-p1-hand", "Tro")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='troll']")
    wait(d, lambda drv: "Trol" in drv.find_element(By.ID, "zone-p1-hand").text)

    # The legal plays follow the new position; playing the Troll asks where it enters the battleline.
    click_where(d, "#plays button[data-play]",
                lambda b: b.get_attribute("data-play").startswith("play ") and "Trol" in b.text)
    question = visible(d, "#question[data-key='flank']")
    assert "p1" in question.text
    assert question.find_element(By.CSS_SELECTOR, "a.cite").text == "keyforge-17.2#flank"
    click_where(d, "#question[data-key='flank'] button.option[data-value='left']")

    # The play resolves; the trace names the rule of each step and the decision taken with the one not taken.
    visible(d, "#resolved")
    trace = d.find_element(By.ID, "trace")
    cites = [a.text for a in trace.find_elements(By.CSS_SELECTOR, "a.cite")]
    assert "keyforge-17.2#flank" in cites and "keyforge-17.2#play-cards" in cites
    decision = trace.find_element(By.CSS_SELECTOR, ".decision").text
    assert "p1" in decision and "Flanco derecho" in decision  # the option not taken is shown
    after = d.find_element(By.ID, "compare").text
    assert "Trol" in after

    # An illegal play is refused with the rule that forbids it.
    on(d, "play-text", lambda e: (e.clear(), e.send_keys("reap marrows")))
    click(d, "btn-apply")
    error = visible(d, "#play-error[data-error='illegal-play']")
    assert error.find_element(By.CSS_SELECTOR, "a.cite").text.startswith("keyforge-17.2#")

    # Search a ruling in Spanish from the front page and open it.
    d.get(server + "/")
    search = d.find_element(By.ID, "q")
    search.send_keys("¿el elusivo se gasta si la criatura atacante muere por dañino?")
    search.submit()
    visible(d, "ol.results")
    top = [li.get_attribute("data-id") for li in d.find_elements(By.CSS_SELECTOR, "ol.results > li")][:5]
    assert "KF172-GEN-44" in top
    d.find_element(By.CSS_SELECTOR, "li[data-id='KF172-GEN-44'] a.result-title").click()
    visible(d, "article.entry")
    assert "KF172-GEN-44" in d.find_element(By.TAG_NAME, "h1").text
    assert "PREGUNTA" in d.find_element(By.CSS_SELECTOR, ".verbatim-card").text.upper()

    # Switch the language: the page comes back in English and the choice sticks on the next page.
    click(d, "lang-en")
    wait(d, lambda drv: drv.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
    assert "KF172-GEN-44" in d.find_element(By.TAG_NAME, "h1").text
    assert "QUESTION" in d.find_element(By.CSS_SELECTOR, ".verbatim-card").text.upper()
    d.get(server + "/board")
    visible(d, "#plays-h")
    assert "Plays legal now" in d.find_element(By.ID, "plays-h").text


def test_problems_custom_card_explore_and_permalink(server, browser):
    d = browser
    d.get(f"{server}/lang/en?next=/board")
    visible(d, "#plays button[data-play]")

    # An impossible position: every problem is listed and the field is marked.
    type_into(d, "f-p1-chains", "99")
    problems = visible(d, "#problems .problems")
    assert "players.p1.chains" in problems.text
    wait(d, lambda drv: "field-problem" in (drv.find_element(By.ID, "f-p1-chains").get_attribute("class") or ""))
    type_into(d, "f-p1-chains", "0")
    wait(d, lambda drv: not drv.find_elements(By.CSS_SELECTOR, "#problems .problems"))

    # A custom card defined on the spot, played from the hand.
    click(d, "btn-custom-new")
    visible(d, "#custom-form")
    send(d, "cc-id", "thief")
    send(d, "cc-name-en", "Table Thief")
    on(d, "cc-house", lambda e: Select(e).select_by_value("brobnar"))
    on(d, "cc-type", lambda e: Select(e).select_by_value("action"))
    on(d, "cc-b-trigger", lambda e: Select(e).select_by_value("play"))
    on(d, "cc-b-effect", lambda e: Select(e).select_by_value("gain"))
    on(d, "cc-b-amount", lambda e: (e.clear(), e.send_keys("2")))
    click(d, "cc-b-add")
    click(d, "cc-submit")
    wait(d, lambda drv: "Table Thief" in drv.find_element(By.ID, "custom").text)
    send(d, "add-p1-hand", "Table")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='thief']")
    click_where(d, "#plays button[data-play]",
                lambda b: "Table Thief" in b.text and b.get_attribute("data-play").startswith("play"))
    visible(d, "#resolved")
    assert "p1.amber" in d.find_element(By.ID, "changes").get_attribute("textContent")

    # Explore a play with a choice: two outcomes, and the judge sees that the choice matters.
    send(d, "add-p1-hand", "Krump")
    click_where(d, "#zone-p1-hand .suggestions li[data-card='krump']")
    send(d, "add-p1-battleline", "Troll")
    click_where(d, "#zone-p1-battleline .suggestions li[data-card='troll']")
    # The Troll is on the board (and the legal plays are those of the board with it) before the judge explores: a
    # change of the position clears an exploration already shown.
    wait(d, lambda drv: "Troll" in drv.find_element(By.ID, "zone-p1-battleline").text)
    wait(d, lambda drv: any("Troll" in b.text for b in drv.find_elements(By.CSS_SELECTOR, "#plays button[data-play]")))
    krump = wait(d, lambda drv: next((b.get_attribute("data-play") for b in
                                      drv.find_elements(By.CSS_SELECTOR, "#plays button[data-play]")
                                      if b.get_attribute("data-play").startswith("play") and "Krump" in b.text), False))
    on(d, "play-text", lambda e: (e.clear(), e.send_keys(krump)))
    click(d, "btn-explore")
    verdict = visible(d, "#explore-verdict")
    assert "matters" in verdict.text
    assert len(d.find_elements(By.CSS_SELECTOR, "#exploration .outcome")) == 2

    # Save behind a permalink and open it again.
    click(d, "btn-save")
    link = visible(d, "#permalink")
    url = link.get_attribute("href")
    assert "/b/" in url
    d.get(url)
    wait(d, lambda drv: "Table Thief" in drv.find_element(By.ID, "custom").text)
    assert "Krump" in d.find_element(By.ID, "zone-p1-hand").text


# Mitos y Leyendas and Gobierno & Prestigio: games with a stack and priority ---------------------------------------


def define_card(driver, cid, name, kind, *, cost=None, abilities=None, keywords=(), extra=()):
    """Define a custom card with the board's form, as a judge does for a card whose text the catalog lacks."""
    click(driver, "btn-custom-new")
    visible(driver, "#custom-form")
    send(driver, "cc-id", cid)
    send(driver, "cc-name-es", name)
    on(driver, "cc-type", lambda e: Select(e).select_by_value(kind))
    for field, value in ([("cost", cost)] if cost is not None else []) + list(extra):
        type_into(driver, f"cc-{field}", str(value))
    for word in keywords:
        click_where(driver, f"#cc-keywords input[type=checkbox][value='{word}']")
    if abilities is not None:
        import json

        on(driver, "cc-abilities", lambda e: (e.clear(), e.send_keys(json.dumps(abilities))))
    click(driver, "cc-submit")
    wait(driver, lambda drv: name in drv.find_element(By.ID, "custom").text)


def add_card(driver, pid, zone, typed, cid):
    """Add a card to a zone through the autocomplete (the catalog of the game and the custom cards)."""
    before = len(driver.find_elements(By.CSS_SELECTOR, f"#zone-{pid}-{zone} .cardchip"))
    send(driver, f"add-{pid}-{zone}", typed)
    click_where(driver, f"#zone-{pid}-{zone} .suggestions li[data-card='{cid}']")
    wait(driver, lambda drv: len(drv.find_elements(By.CSS_SELECTOR, f"#zone-{pid}-{zone} .cardchip")) > before)


def add_cards(driver, *adds):
    """Add each (player, zone, typed, card id); once the position is valid, the uid the board gave each card, by
    player and the text typed for it."""
    for pid, zone, typed, cid in adds:
        add_card(driver, pid, zone, typed, cid)
    wait(driver, lambda drv: "✓" in drv.find_element(By.ID, "valid-flag").text)
    return {(pid, typed): uid_of(driver, pid, zone, typed) for pid, zone, typed, _ in adds}


def uid_of(driver, pid, zone, name):
    """The uid the board gave a card, once its chip is drawn (again, if the zone was redrawn meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException

    def find(drv):
        try:
            return next((c.get_attribute("data-uid") for c in drv.find_elements(By.CSS_SELECTOR, f"#zone-{pid}-{zone} .cardchip")
                         if name in c.text), False)
        except StaleElementReferenceException:
            return False

    return wait(driver, find)


def then(driver, play, by):
    """Go on from the result shown with the next play, made by ``by``, and wait for its resolution."""
    click_where(driver, "#next-plays button",
                lambda b: b.get_attribute("data-play") == play and b.get_attribute("data-by") == by)
    wait(driver, lambda drv: drv.find_elements(By.CSS_SELECTOR, "#resolved, #question, #play-error"))
    heading = driver.find_element(By.CSS_SELECTOR, "#resolution h2 code").text
    assert heading == f"{by} · {play}", heading


def after_stack(driver):
    """The stack after the play shown, top first, by source card."""
    boards = driver.find_elements(By.CSS_SELECTOR, "#compare .mini-board")
    return [li.text for li in boards[-1].find_elements(By.CSS_SELECTOR, ".mini-stack li")]


TALISMAN = [{"kind": "jugar", "effects": [{"do": "destruir", "target": {"type": "aliado"}}]}]
ANNUL = [{"kind": "jugar", "effects": [{"do": "anular", "target": {"type": "talisman"}}]}]


def test_myl_a_talisman_annulled_and_the_annulment_annulled(server, browser):
    d = browser
    d.get(f"{server}/lang/es?next=/board%3Fruleset%3Dmyl-pe-2024")
    visible(d, "#zone-p1-castillo")
    assert d.find_element(By.ID, "f-p1-castillo-count").get_attribute("value") == "40"
    assert "pila y prioridad" in d.find_element(By.ID, "ruleset-support").text

    # The cards whose text the FAQ does not give are defined on the spot; the Aliado comes from the catalog.
    define_card(d, "oro", "Oro", "oro")
    define_card(d, "rayo", "Rayo de Prueba", "talisman", cost=1, abilities=TALISMAN)
    define_card(d, "anula", "Anulación de Prueba", "talisman", cost=1, abilities=ANNUL)
    type_into(d, "f-p2-castillo-count", "30")
    gold = [(pid, "reserva-de-oro", "Oro", "oro") for pid in ("p1", "p1", "p2", "p2")]
    uids = add_cards(d, *gold, ("p1", "mano", "Rayo", "rayo"), ("p1", "mano", "Anula", "anula"),
                     ("p2", "mano", "Anula", "anula"), ("p2", "linea-de-defensa", "Trival", "trivaldi"))
    rayo, mine, theirs, target = (uids[k] for k in (("p1", "Rayo"), ("p1", "Anula"), ("p2", "Anula"), ("p2", "Trival")))

    # p1 plays the talismán: it waits on the stack, and p2 holds priority and may answer.
    click_where(d, "#plays button[data-play]", lambda b: b.get_attribute("data-play") == f"play {rayo}")
    visible(d, "#resolved")
    assert after_stack(d)[0].startswith("s1") and "Rayo de Prueba" in after_stack(d)[0]
    assert "Prioridad: p2" in d.find_element(By.ID, "compare").text

    # p2 annuls it; the board now stands after the talismán, with p2's answer offered by p2.
    then(d, f"play {theirs}", "p2")
    wait(d, lambda drv: drv.find_elements(By.ID, "acting-p2"))
    assert [li.get_attribute("data-source") for li in d.find_elements(By.CSS_SELECTOR, "#stack-items li")] == [rayo]
    assert [s.split(" ")[0] for s in after_stack(d)] == ["s2", "s1"]

    # p1 annuls the annulment: the annulment goes, the talismán resolves and destroys the Aliado.
    then(d, f"play {mine}", "p1")
    visible(d, "#resolved")
    trace = d.find_element(By.ID, "trace")
    annulled = trace.find_element(By.CSS_SELECTOR, "li.step[data-kind='annulled']")
    assert f"({theirs}) es anulada" in annulled.text
    assert annulled.find_element(By.CSS_SELECTOR, "a.cite").text == "myl-pe-faq-2024#pasos-para-jugar-una-carta.5"
    assert "Pasos para jugar una carta › Paso 5" in annulled.find_element(By.CSS_SELECTOR, ".cite-title").text
    cites = [a.text for a in trace.find_elements(By.CSS_SELECTOR, "a.cite")]
    assert cites.index("myl-pe-faq-2024#pasos-para-jugar-una-carta.1") < cites.index(
        "myl-pe-faq-2024#pasos-para-jugar-una-carta.6")
    assert "Se destruye Trivaldi" in trace.text
    assert after_stack(d) == []
    graveyard = d.find_elements(By.CSS_SELECTOR, "#compare .mini-board")[-1].text
    assert "Trivaldi" in graveyard
    # The change is listed by the card's name, the rest of the bookkeeping under "details".
    moved = d.find_element(By.CSS_SELECTOR, f"#changes-read tr[data-what='{target}.zone']")
    assert "Trivaldi" in moved.get_attribute("textContent")

    # The same trace in English.
    click(d, "trace-lang")
    wait(d, lambda drv: "is annulled" in drv.find_element(By.ID, "trace").text)


def test_gyp_an_order_answered_with_an_inesperada_resolves_last_in_first_out(server, browser):
    d = browser
    d.get(f"{server}/lang/es?next=/board%3Fruleset%3Dgyp-reglas-1")
    visible(d, "#zone-p1-campo")
    assert Select(d.find_element(By.ID, "f-priority")).first_selected_option.get_attribute("value") == "p1"

    define_card(d, "espia", "Espía", "ciudadano", cost=2, keywords=["inesperada"],
                extra=[("strength", 1), ("toughness", 1)])
    define_card(d, "soldado", "Soldado", "ciudadano", cost=2, extra=[("strength", 2), ("toughness", 2)])
    type_into(d, "f-p1-prestigio", "5")
    uids = add_cards(d, ("p1", "mano", "Fruto", "fruto-de-la-ira"), ("p2", "mano", "Espía", "espia"),
                     ("p2", "campo", "Soldado", "soldado"))
    fruto, espia, soldado = uids[("p1", "Fruto")], uids[("p2", "Espía")], uids[("p2", "Soldado")]
    wait(d, lambda drv: "fuerza 2" in drv.find_element(By.CSS_SELECTOR, f".cardchip[data-uid='{soldado}']").text)

    # p1 puts the mandato on the stack (its only target is the Soldado) and passes; p2 answers with the Inesperada.
    click_where(d, "#plays button[data-play]", lambda b: b.get_attribute("data-play") == f"play {fruto}")
    visible(d, "#resolved")
    assert "Fruto de la Ira" in after_stack(d)[0]
    then(d, "pass", "p1")
    then(d, f"play {espia}", "p2")
    assert "Espía" in after_stack(d)[0] and "Fruto de la Ira" in after_stack(d)[1]

    # Both pass: the top order, the Inesperada, resolves first.
    then(d, "pass", "p2")
    then(d, "pass", "p1")
    resolved = d.find_element(By.CSS_SELECTOR, "#trace li.step[data-kind='resolve']")
    assert "Espía" in resolved.text and resolved.find_element(By.CSS_SELECTOR, "a.cite").text == "gyp-reglas-1#120.5"
    assert len(after_stack(d)) == 1 and "Fruto de la Ira" in after_stack(d)[0]

    # Both pass again: the mandato resolves, then the state-based checks destroy the Soldado with lethal damage.
    then(d, "pass", "p1")
    then(d, "pass", "p2")
    trace = d.find_element(By.ID, "trace")
    steps = [li.get_attribute("data-kind") for li in trace.find_elements(By.CSS_SELECTOR, "li.step")]
    assert steps.index("resolve") < steps.index("state-checks") < steps.index("state-check")
    check = trace.find_element(By.CSS_SELECTOR, "li.step[data-kind='state-check']")
    assert "Soldado" in check.text and check.find_element(By.CSS_SELECTOR, "a.cite").text == "gyp-reglas-1#123.9"
    assert after_stack(d) == []
    assert any(a.text == "gyp-reglas-1#120.6" for a in trace.find_elements(By.CSS_SELECTOR, "a.cite"))


@pytest.mark.parametrize("entry, check", [
    ("MYL-GEN-45", lambda text: "Aliado K" in text),
    ("GP-RULE-091", lambda text: "Espía" in text),
])
def test_a_ruling_of_another_game_is_replayed_with_its_answers_and_players(server, browser, entry, check):
    d = browser
    d.get(f"{server}/rulings/{entry}")
    d.find_element(By.CSS_SELECTOR, f"a.replay[data-scenario='{entry}']").click()
    visible(d, "#btn-script-all")
    script = d.find_element(By.ID, "script").text
    assert "p2: " in script
    click(d, "btn-script-all")
    visible(d, "#script-done")
    assert not d.find_elements(By.CSS_SELECTOR, "#play-error:not([data-error='illegal-play'])")
    assert check(d.find_element(By.ID, "compare").text)
