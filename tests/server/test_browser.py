"""End to end in headless Chromium (Debian's ``chromium``, driven by Playwright through
``executable_path``): open the lobby, play a whole Écarté hand and a Euchre deal by
clicking (and by keyboard), reload mid-hand and resume."""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.server_process import ServerProcess

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("no chromium (apt-get install chromium); CI installs it", allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    assert CHROMIUM is not None, "CI must install chromium (.ci/run)"
    with ServerProcess(str(tmp_path_factory.mktemp("db") / "t.db")) as proc:
        yield proc


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _open(page: Any, url: str, game: str, rules: str | None = None) -> None:
    page.goto(url + "/")
    # the lobby's form is enabled once it knows the games (and listens to the choices)
    page.wait_for_selector("#start:enabled")
    page.check(f"input[name=game][value={game}]")
    if rules:
        page.select_option("#rules", rules)
    page.click("#start")
    page.wait_for_url("**/static/table.html#t=*")
    page.wait_for_function("document.body.dataset.phase !== undefined")


def _step(page: Any, keyboard: bool) -> None:
    """One choice of the seat, by clicking (or by keyboard), then wait for its event."""
    before = int(page.evaluate("document.body.dataset.event"))
    discard = page.query_selector("#discard")
    if discard is not None:
        if discard.is_disabled():
            page.click("#hand [data-select]")
        page.click("#discard")
    elif keyboard and page.query_selector("#actions button[data-legal]"):
        page.keyboard.press("1")
    elif keyboard and page.query_selector("#hand [data-legal]"):
        page.focus("#hand [data-legal]")
        page.keyboard.press("Enter")
    else:
        page.click("[data-legal]")
    page.wait_for_function(f"Number(document.body.dataset.event) > {before}")


def _my_turn(page: Any) -> bool:
    page.wait_for_function(
        "document.body.dataset.over === 'true' || document.querySelector('[data-legal], #discard')"
    )
    return page.evaluate("document.body.dataset.over") != "true"


def _cards(page: Any) -> list[str]:
    return [b.get_attribute("aria-label") for b in page.query_selector_all("#hand button.card")]


def test_a_whole_ecarte_hand_by_clicking_with_a_reload(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 760})
    _open(page, server.url, "ecarte")
    assert page.evaluate("document.body.dataset.hand") == "1"
    labels = page.query_selector_all("#hand button.card, #actions button")
    assert all(b.get_attribute("aria-label") or b.inner_text() for b in labels)
    steps = 0
    reloaded = False
    while page.evaluate("document.body.dataset.hand") == "1" and _my_turn(page):
        _step(page, keyboard=steps % 3 == 1)
        steps += 1
        if steps == 3 and not reloaded and page.evaluate("document.body.dataset.hand") == "1":
            _my_turn(page)  # the bot's answer is in: the view is the last of its batch
            hand, event = _cards(page), page.evaluate("document.body.dataset.event")
            page.reload()
            page.wait_for_function(f"Number(document.body.dataset.event) >= {event}")
            assert _cards(page) == hand  # resumed: the same hand, the same event
            reloaded = True
        if steps == 4:
            page.screenshot(path=str(tmp_path / "ecarte.png"))
    assert reloaded and steps >= 3
    assert (
        page.evaluate("document.body.dataset.hand") != "1"
        or page.evaluate("document.body.dataset.over") == "true"
    )
    assert "turn-up" in page.inner_text("#log") or page.query_selector_all("#log li")
    _docs(tmp_path / "ecarte.png", "server-ecarte.png")
    page.close()


def test_a_euchre_deal_by_clicking(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 760})
    _open(page, server.url, "euchre", "openspiel")  # one deal is the match
    steps = 0
    while _my_turn(page):
        _step(page, keyboard=steps % 2 == 1)
        steps += 1
        if steps == 2:
            page.screenshot(path=str(tmp_path / "euchre.png"))
    assert steps >= 3
    assert "The match is over" in page.inner_text("#status")
    # one deal, no side to win the match: the status gives the points
    if page.evaluate("view.winner") is None:
        points = page.evaluate("view.scores")
        told = f"side 0 & 2 {points[0]} point{'s' * (points[0] != 1)}, side 1 & 3 {points[1]}"
        assert told in page.inner_text("#status")
    page.wait_for_function("document.getElementById('fair').textContent.includes('The seed was')")
    _docs(tmp_path / "euchre.png", "server-euchre.png")
    page.close()


def test_a_click_before_the_lobby_knows_the_games_still_opens_the_table(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page()

    def late(route: Any) -> None:  # the games come late, as on a busy machine
        script = route.fetch().text()
        assert "\nstart();" in script
        route.fulfill(body=script.replace("\nstart();", "\nsetTimeout(start, 1000);"))

    page.route("**/static/lobby.js", late)
    page.goto(server.url + "/")
    page.wait_for_load_state("load")
    assert page.is_disabled("#start")  # a click now would submit the form to the page itself
    page.click("#start")  # waits until the form is ready
    page.wait_for_url("**/static/table.html#t=*")
    page.wait_for_function("document.body.dataset.phase !== undefined")
    page.close()


def test_a_double_click_sends_the_action_once(server: ServerProcess, browser: Any) -> None:
    # a second click (or a held key) before the server answers would play again: at
    # Euchre a pass doubled could pass the next round too
    page = browser.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f)))
    _open(page, server.url, "ecarte")
    assert _my_turn(page)
    before = int(page.evaluate("document.body.dataset.event"))
    # two clicks, and a key held down (it repeats), before the server answers
    page.evaluate(
        """() => {
          const b = document.querySelector("[data-legal]");
          b.click();
          b.click();
          for (const repeat of [false, true]) {
            document.dispatchEvent(new KeyboardEvent("keydown", { key: "1", repeat }));
          }
        }"""
    )
    page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
    page.wait_for_timeout(300)
    acts = [f for f in sent if '"act"' in f]
    assert len(acts) == 1, acts
    assert not page.inner_text("#status").startswith("Refused")
    page.close()


def test_the_focus_stays_on_its_card_when_the_table_is_drawn_again(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page()
    _open(page, server.url, "ecarte")
    while not page.query_selector("#hand button.card:nth-child(3)") and _my_turn(page):
        _step(page, keyboard=False)  # (the packets come before the cards)
    page.focus("#hand button.card:nth-child(3)")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.evaluate("ws.close()")  # a dropped connection: the welcome draws it all again
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Disc')")
    page.wait_for_function("!document.getElementById('status').textContent.startsWith('Disc')")
    focused = page.evaluate(
        "(e => e.closest('#hand') && e.getAttribute('aria-label'))(document.activeElement)"
    )
    assert focused == label
    page.close()


def test_a_seat_open_in_two_windows_plays_from_both(server: ServerProcess, browser: Any) -> None:
    # each window numbers its actions: the second's number was the first's already
    first = browser.new_page()
    _open(first, server.url, "ecarte")
    second = browser.new_context().new_page()  # (another device: its own storage)
    second.goto(first.url)
    second.wait_for_function("document.body.dataset.phase !== undefined")
    assert _my_turn(first)
    _step(first, keyboard=False)
    if _my_turn(second):
        before = int(second.evaluate("document.body.dataset.event"))
        discard = second.query_selector("#discard")
        if discard is not None and discard.is_disabled():
            second.click("#hand [data-select]")
        second.click("#discard" if discard is not None else "[data-legal]")
        second.wait_for_function(f"Number(document.body.dataset.event) > {before}", timeout=5000)
    second.context.close()
    first.close()


def test_the_turn_clock_is_shown_and_its_timeout_told(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#start:enabled")
    page.fill("#clock", "2")
    page.click("#start")
    page.wait_for_url("**/static/table.html#t=*")
    assert _my_turn(page)
    page.wait_for_function("/\\d s left/.test(document.getElementById('clock').textContent)")
    page.wait_for_function("document.getElementById('log').textContent.includes('turn clock')")
    page.close()


def test_an_idle_player_stays_connected(tmp_path: Path, browser: Any) -> None:
    # the server closes a connection that sends nothing for its idle time (here 3 s): the
    # page pings it meanwhile. The page's clock is the test's: its timers fire at once
    with ServerProcess(str(tmp_path / "idle.db"), "--idle", "3") as proc:
        page = browser.new_page()
        sockets: list[Any] = []
        received: list[str] = []

        def opened(ws: Any) -> None:
            sockets.append(ws)
            ws.on("framereceived", lambda f: received.append(str(f)))

        page.on("websocket", opened)
        page.clock.install()
        _open(page, proc.url, "ecarte")
        for _ in range(5):  # 5 s of the server's time, a minute of the page's at each
            page.clock.run_for(60_000)
            page.wait_for_timeout(1000)
        assert len(sockets) == 1 and not sockets[0].is_closed()
        assert not [f for f in received if '"code":"idle"' in f.replace(" ", "")]
        assert any('"pong"' in f for f in received)
        page.close()


def test_the_page_pings_within_the_servers_idle_time(tmp_path: Path, browser: Any) -> None:
    # a server whose idle time (3 s) is shorter than the page's usual ping period: the
    # welcome tells it, and the page pings often enough (real time: the server's clock)
    with ServerProcess(str(tmp_path / "short.db"), "--idle", "3") as proc:
        page = browser.new_page()
        sockets: list[Any] = []
        page.on("websocket", lambda ws: sockets.append(ws))
        _open(page, proc.url, "ecarte")
        page.wait_for_timeout(4500)  # (without a ping, closed at 3 s)
        assert len(sockets) == 1 and not sockets[0].is_closed()
        page.close()


def test_a_page_whose_server_is_down_tries_again_less_and_less_often(
    tmp_path: Path, browser: Any
) -> None:
    # after 1 s, then 2, 4...: a server down (or refusing connections) is not pressed
    with ServerProcess(str(tmp_path / "down.db")) as proc:
        page = browser.new_page()
        _open(page, proc.url, "ecarte")
        tries: list[Any] = []
        page.on("websocket", lambda ws: tries.append(ws))
        proc.kill()
        page.wait_for_timeout(4500)
        assert len(tries) == 2, len(tries)  # (at 1 and 3 s; every second: 4)
        assert "reconnecting in" in page.inner_text("#status")
        page.close()


def test_a_seat_that_forfeits_on_time_is_told_it_was_its_own(
    server: ServerProcess, browser: Any
) -> None:
    spec = {"seats": [{}, {"kind": "bot"}], "turn_seconds": 1, "on_timeout": "forfeit"}
    table = _create(server.url, spec)
    page = browser.new_page()
    page.goto(f"{server.url}/static/table.html#t={table['table']}&k={table['seats'][0]['token']}")
    page.wait_for_function("document.getElementById('status').classList.contains('over')")
    assert page.inner_text("#status") == "The match is over: you (seat 0) forfeited."
    page.close()


def test_own_moves_replayed_after_a_reload_read_as_live_ones(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page()
    _open(page, server.url, "ecarte")
    assert _my_turn(page)
    key = page.evaluate("key")
    start = page.evaluate(f"JSON.parse(localStorage.getItem({key!r})).lastEvent")
    shown = len(page.query_selector_all("#log li"))
    for _ in range(3):
        if not _my_turn(page):
            break
        _step(page, keyboard=False)
    _my_turn(page)
    live = [li.inner_text() for li in page.query_selector_all("#log li")][shown:]
    assert any(line.startswith("you (seat 0)") for line in live), live
    # the page was closed when it had seen event ``start``: the welcome replays the rest
    page.evaluate(
        f"""() => {{
          const saved = JSON.parse(localStorage.getItem({key!r}));
          saved.lastEvent = {start};
          localStorage.setItem({key!r}, JSON.stringify(saved));
          stop = true;
          ws.close();
        }}"""
    )
    page.reload()
    page.wait_for_function("document.body.dataset.phase !== undefined")
    replayed = [li.inner_text() for li in page.query_selector_all("#log li")]
    assert replayed == live
    page.close()


def _create(url: str, spec: dict[str, Any]) -> dict[str, Any]:
    """A table opened by the API (its answer: the tokens)."""
    request = urllib.request.Request(
        url + "/api/tables", json.dumps(spec).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        created: dict[str, Any] = json.load(answer)
    return created


def _club(url: str, seats: list[dict[str, str]], first: str = "Ada") -> dict[str, Any]:
    """A club (``cercle``) table of ``first`` and Blaise, with Cleo in the gallery."""
    spec = {
        "game": "ecarte",
        "variants": ["cercle"],
        "options": {"cercle": {"players": {first: 50, "Blaise": 50}, "gallery": {"Cleo": 30}}},
        "seats": seats,
    }
    return _create(url, spec)


def test_a_backer_bets_by_keyboard_at_a_club_table(server: ServerProcess, browser: Any) -> None:
    odd = "Ada (1), seat 9 Bo"  # (a name that reads like the club's lines in words)
    table = _club(server.url, [{"kind": "human"}, {"kind": "bot"}], odd)
    (backer,) = table["backers"]
    page = browser.new_page()
    page.goto(f"{server.url}/static/table.html#t={table['table']}&k={backer['token']}")
    page.wait_for_function("document.body.dataset.phase !== undefined")
    assert "Cleo" in page.inner_text("#title")
    # the controls are named for screen readers, and reached and used by keyboard alone
    player, stake, number = (page.get_by_label(n) for n in ("Bet on", "Stake", "For game"))
    assert [o.inner_text() for o in player.locator("option").all()] == [odd, "Blaise"]
    open_books = [o.get_attribute("value") for o in number.locator("option").all()]
    assert open_books and "book open" in page.inner_text("#describe")
    player.focus()
    page.keyboard.press("ArrowDown")  # (a select's own keys: not the table's)
    assert player.input_value() == "Blaise"
    assert page.evaluate("document.activeElement.id") == "bet-player"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "bet-amount"
    page.keyboard.type("1000")  # (digits typed into the stake choose no action)
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Refused')")
    assert "Cleo holds 30, cannot stake 1000" in page.inner_text("#status")
    stake.fill("12")
    stake.press("Enter")
    line = f"Cleo stakes 12 on Blaise for game {open_books[0]}"
    page.wait_for_function(f"document.getElementById('log').textContent.includes({line!r})")
    assert page.locator("#log li").last.inner_text() == line
    page.wait_for_function(
        "document.getElementById('describe').textContent.includes('Cleo 12 on Blaise')"
    )
    page.close()


def test_a_seated_player_covers_at_a_club_table(server: ServerProcess, browser: Any) -> None:
    table = _club(server.url, [{"kind": "human"}, {"kind": "bot"}])
    seat = table["seats"][0]
    page = browser.new_page()
    page.goto(f"{server.url}/static/table.html#t={table['table']}&k={seat['token']}")
    page.wait_for_function("document.body.dataset.phase !== undefined")
    player = page.get_by_label("Bet on")
    assert [o.inner_text() for o in player.locator("option").all()] == ["Ada"]  # themselves
    page.get_by_label("Stake").fill("5")
    page.get_by_role("button", name="Bet").click()
    page.wait_for_function(
        "document.getElementById('describe').textContent.includes('Ada 5 on themselves')"
    )
    while not page.query_selector("#hand button.card") and _my_turn(page):
        _step(page, keyboard=False)  # (the packets come before the cards)
    player.focus()
    page.keyboard.press("ArrowRight")  # the field keeps its keys: no card takes the focus
    assert page.evaluate("document.activeElement.id") == "bet-player"
    page.close()


def test_no_bets_outside_a_club(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page()
    _open(page, server.url, "ecarte")
    assert not page.is_visible("#bets")
    page.close()


def test_a_page_opened_late_tells_what_happened_before(server: ServerProcess, browser: Any) -> None:
    # a second device, a spectator: the log tells the moves made before the page opened
    table = _create(server.url, {"game": "ecarte", "seats": [{"kind": "human"}] * 2})
    link = f"{server.url}/static/table.html#t={table['table']}"
    page = browser.new_page()
    page.goto(f"{link}&k={table['seats'][0]['token']}")
    page.wait_for_function("document.body.dataset.phase !== undefined")
    seat = page.evaluate("view.to_act")
    if seat != 0:
        page.close()
        page = browser.new_page()
        page.goto(f"{link}&k={table['seats'][seat]['token']}")
        page.wait_for_function("document.body.dataset.phase !== undefined")
    _my_turn(page)
    _step(page, keyboard=False)
    said = [li.inner_text() for li in page.query_selector_all("#log li")]
    assert said and said[0].startswith(f"you (seat {seat}): ")
    late = browser.new_context().new_page()
    late.goto(link)
    late.wait_for_function("document.body.dataset.phase !== undefined")
    told = [li.inner_text() for li in late.query_selector_all("#log li")]
    assert told == [line.replace(f"you (seat {seat})", f"seat {seat}") for line in said]
    # what happened before is shown, not read out (a screen reader would read out up to
    # 500 lines); what happens now is read out
    live = "[aria-live]:not([aria-live=off])"
    assert late.evaluate(
        f"[...document.querySelectorAll('#log li')].every(li => !li.closest({live!r}))"
    )
    other = browser.new_page()
    other.goto(f"{link}&k={table['seats'][1 - seat]['token']}")
    assert _my_turn(other)
    _step(other, keyboard=False)
    late.wait_for_function(f"document.querySelectorAll('#log li').length > {len(told)}")
    now = late.locator("#log li").last.inner_text()
    assert late.evaluate(
        f"[...document.querySelectorAll({live!r})].some(e => e.textContent.includes({now!r}))"
    )
    other.close()
    late.context.close()
    page.close()


def test_cards_chosen_to_discard_that_left_the_hand_are_forgotten(
    server: ServerProcess, browser: Any
) -> None:
    # a card chosen, then discarded for the seat (by the turn clock's bot, or from the
    # seat's other window): at the next exchange it held the Discard button disabled
    page = browser.new_page()
    _open(page, server.url, "ecarte")
    while not page.query_selector("#discard") and _my_turn(page):
        _step(page, keyboard=False)
    assert page.query_selector("#discard")
    gone = page.evaluate("view.turnup")  # (a card no longer in the hand)
    page.evaluate(f"selected.add({gone!r}); render(view)")
    page.click("#hand [data-select]")
    assert gone not in page.inner_text("#discard")
    before = int(page.evaluate("document.body.dataset.event"))
    page.click("#discard")
    page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
    page.close()


def test_a_double_click_in_the_lobby_opens_one_table(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server.url + "/")
    page.wait_for_selector("#start:enabled")
    page.dblclick("#start")
    page.wait_for_url("**/static/table.html#t=*")
    page.wait_for_function("document.body.dataset.phase !== undefined")
    assert len(posts) == 1, posts
    page.close()


def test_the_focus_stays_in_the_hand_when_its_card_is_played(
    server: ServerProcess, browser: Any
) -> None:
    # a card played by keyboard leaves the hand: the focus stays with the cards (a
    # screen reader's cursor is not sent back to the top of the page)
    page = browser.new_page()
    _open(page, server.url, "ecarte")
    while not page.query_selector("#hand [data-legal]") and _my_turn(page):
        _step(page, keyboard=False)
    played = 0
    while page.query_selector("#hand [data-legal]") and played < 3:
        before = int(page.evaluate("document.body.dataset.event"))
        page.focus("#hand [data-legal]")
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
        assert page.evaluate("!!document.activeElement.closest('#mine')")
        played += 1
        if not _my_turn(page) or page.evaluate("document.body.dataset.phase") != "play":
            break
    assert played
    page.close()


def _euchre_four_windows(server: ServerProcess, browser: Any) -> list[Any]:
    """A Euchre table of four humans, each seat's page open in a window of its own (by
    seat)."""
    table = _create(server.url, {"game": "euchre", "seats": [{"kind": "human"}] * 4})
    link = f"{server.url}/static/table.html#t={table['table']}"
    pages = []
    for seat in table["seats"]:
        page = browser.new_page()
        page.goto(f"{link}&k={seat['token']}")
        page.wait_for_function("document.body.dataset.phase !== undefined")
        pages.append(page)
    return pages


def test_euchre_four_seats_the_card_turned_down_is_not_the_up_card(
    server: ServerProcess, browser: Any
) -> None:
    # four people at four windows: everyone passes the up-card, which is turned down
    pages = _euchre_four_windows(server, browser)
    upcard = pages[0].evaluate("view.upcard")
    assert "up-card" in pages[0].get_attribute("#turnup .played", "aria-label")
    for _ in range(4):
        page = pages[pages[0].evaluate("view.to_act")]
        before = int(page.evaluate("document.body.dataset.event"))
        page.click("#actions button:text-matches('pass$')")
        page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
        pages[0].wait_for_function(f"Number(document.body.dataset.event) > {before}")
    assert pages[0].evaluate("view.phase") == "bid2"
    for page in pages:
        shown = page.get_attribute("#turnup .played", "aria-label") or ""
        assert "up-card" not in shown and "turned down" in shown, shown
        assert page.evaluate("view.upcard") == upcard
        page.close()


def test_euchre_the_dealers_discard_is_named_a_discard(server: ServerProcess, browser: Any) -> None:
    pages = _euchre_four_windows(server, browser)
    while pages[0].evaluate("view.phase") != "discard":
        page = pages[pages[0].evaluate("view.to_act")]
        before = int(page.evaluate("document.body.dataset.event"))
        choices = page.query_selector_all("#actions button")
        # the first seat orders the card up, and nobody goes alone
        texts = [b.inner_text() for b in choices]
        pick = [t for t in texts if "call" in t] or [t for t in texts if "alone" not in t]
        choice = choices[texts.index(pick[0])]
        choice.click()
        page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
        pages[0].wait_for_function(f"Number(document.body.dataset.event) > {before}")
    dealer = pages[pages[0].evaluate("view.dealer")]
    dealer.wait_for_function("document.body.dataset.phase === 'discard'")
    # the five cards of the hand and the up-card taken: any of the six may go
    cards = dealer.query_selector_all("#hand [data-legal]")
    labels = [b.get_attribute("aria-label") for b in cards]
    assert len(labels) == 6 and all(label.endswith(", to discard") for label in labels), labels
    upcard = dealer.evaluate("view.upcard")
    before = int(dealer.evaluate("document.body.dataset.event"))
    dealer.click(f"#hand [data-card='{upcard}']")
    dealer.wait_for_function(f"Number(document.body.dataset.event) > {before}")
    assert dealer.evaluate("view.phase") != "discard"
    for page in pages:
        page.close()


def test_a_seats_link_opened_in_a_watching_tab_takes_the_seat(
    server: ServerProcess, browser: Any
) -> None:
    # the links differ after the '#' only: the browser does not load the page again
    table = _create(server.url, {"game": "ecarte"})
    link = f"{server.url}/static/table.html#t={table['table']}"
    page = browser.new_page()
    page.goto(link)
    page.wait_for_function("document.getElementById('title').textContent.includes('watching')")
    page.goto(f"{link}&k={table['seats'][0]['token']}")
    page.wait_for_function("document.getElementById('title').textContent.includes('seat 0')")
    assert page.query_selector_all("#hand button.card") or page.query_selector("[data-legal]")
    page.close()


def test_a_browser_shortcut_with_a_digit_chooses_nothing(
    server: ServerProcess, browser: Any
) -> None:
    # Ctrl+1 (Alt+1, Cmd+1) switches tabs: it is not the key 1 of the table's choices
    page = browser.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f)))
    _open(page, server.url, "ecarte")
    assert _my_turn(page) and page.query_selector("#actions button[data-legal]")
    before = int(page.evaluate("document.body.dataset.event"))
    for keys in ("Control+1", "Alt+1", "Meta+1"):
        page.keyboard.press(keys)
    page.evaluate("ws.send(JSON.stringify({ type: 'ping' }))")  # (a mark among the frames)
    page.keyboard.press("1")  # the key alone chooses
    page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
    kinds = [json.loads(f)["type"] for f in sent if '"hello"' not in f]
    assert (
        kinds[kinds.index("ping") + 1 :].count("act") == 1
        and "act" not in kinds[: kinds.index("ping")]
    ), kinds
    page.close()


def test_the_lobby_says_when_the_server_does_not_answer(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page()
    failed: list[str] = []

    def down_once(route: Any) -> None:  # the server restarting as the lobby opens
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort()

    page.route("**/api/games", down_once)
    page.goto(server.url + "/")
    page.wait_for_function("document.getElementById('links').textContent.includes('did not')")
    assert page.is_disabled("#start")
    page.wait_for_selector("#start:enabled")  # it asks again
    page.close()


def test_euchre_the_partner_of_a_lone_player_is_told_they_sit_out(
    server: ServerProcess, browser: Any
) -> None:
    pages = _euchre_four_windows(server, browser)
    while not pages[0].evaluate("view.alone.length"):
        page = pages[pages[0].evaluate("view.to_act")]
        before = int(page.evaluate("document.body.dataset.event"))
        choices = page.query_selector_all("[data-legal]")
        texts = [b.inner_text() for b in choices]
        # the first seat calls the card and goes alone (the dealer discards any card)
        pick = [t for t in texts if "call" in t or t.endswith("alone")] or texts
        choices[texts.index(pick[0])].click()
        page.wait_for_function(f"Number(document.body.dataset.event) > {before}")
        pages[0].wait_for_function(f"Number(document.body.dataset.event) > {before}")
    (lone,) = pages[0].evaluate("view.alone")
    partner = pages[(lone + 2) % 4]
    partner.wait_for_function(f"view.alone.includes({lone})")
    boxes = [b.inner_text() for b in partner.query_selector_all("#seats .seat")]
    assert "sits out" in boxes[(lone + 2) % 4] and "sits out" not in boxes[lone], boxes
    assert "sit out" in partner.inner_text("#status")
    for page in pages:
        page.close()


def _docs(shot: Path, name: str) -> None:
    """Refresh the docs' screenshots when asked (ECARTE_DOCS_SCREENSHOTS=1)."""
    if os.environ.get("ECARTE_DOCS_SCREENSHOTS") and shot.exists():
        DOCS.mkdir(exist_ok=True)
        shutil.copy(shot, DOCS / name)
