"""The HTTP API: /healthz, the games served, tables refused with the game's words, a
bot from an entry point, and the record withheld while the match is on."""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import pathlib
import sys
import types
from typing import Any

import pytest
from helpers.server import run, serving

from ecarte.server.client import ServerError, TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend


BAD_TABLES: list[tuple[dict[str, Any], str]] = [
    ({"game": "chess"}, "game 'chess' is not a registered game (games served: ecarte"),
    ({"game": "ecarte", "rules": "martian"}, "unknown rules preset 'martian'"),
    ({"game": "euchre", "rules": "martian"}, "no Euchre preset 'martian'"),
    ({"game": "ecarte", "variants": ["nope"]}, "no variant 'nope' is installed"),
    ({"game": "ecarte", "seats": [{}]}, "this table has 2 seats; the request lists 1"),
    ({"game": "ecarte", "seats": [{}, {"kind": "bot", "bot": "x"}]}, "no Écarté bot 'x'"),
    ({"game": "ecarte", "seats": [{"bot": "random"}, {}]}, "seat 0 is human: it has no bot"),
    ({"game": "euchre", "variants": ["quick"]}, "Euchre has no variants"),
    ({"game": "ecarte", "turn_seconds": -1}, "Expected `float` > 0.0"),
    ({"game": "ecarte", "colour": "red"}, "unknown field `colour`"),
    (
        {"game": "ecarte", "variants": ["cercle"], "options": {"cercle": {"players": {}}}},
        "club écarté seats two players, not 0",
    ),
    (
        {"game": "ecarte", "variants": ["cercle"], "options": {"cercle": {"players": ["A", "B"]}}},
        "players names each player with a purse",
    ),
    (
        {
            "game": "ecarte",
            "variants": ["cercle"],
            "options": {"cercle": {"players": {"A": 5, "B": 5}, "gallery": "Cleo"}},
        },
        "gallery names each backer with a purse",
    ),
]


def test_a_bad_table_is_refused_in_the_games_words() -> None:
    async def main() -> None:
        async with serving() as (url, server):
            for spec, error in BAD_TABLES:
                with pytest.raises(ServerError) as refused:
                    await create_table(url, **spec)
                assert error in str(refused.value), (spec, refused.value)
            assert server.tables.tables == {}

    run(main())


def test_health_games_info_and_the_withheld_record() -> None:
    async def main() -> None:
        async with serving() as (url, _):
            health = await fetch_json(f"{url}/healthz")
            assert health["ok"] and health["tables"] == 0
            games = await fetch_json(f"{url}/api/games")
            assert {"heuristic", "random"} <= set(games["ecarte"]["bots"])
            assert (
                "openspiel" in games["euchre"]["rules"] and "cercle" in games["ecarte"]["variants"]
            )
            table = await create_table(url, game="ecarte")
            info = await fetch_json(f"{url}/api/tables/{table['table']}")
            assert info["seed"] is None and info["seats"][0]["token"] is None
            with pytest.raises(ServerError, match="not-over: the record"):
                await fetch_json(f"{url}/api/tables/{table['table']}/record")
            with pytest.raises(ServerError, match="unknown-table"):
                await fetch_json(f"{url}/api/tables/nope")
            with pytest.raises(ServerError, match="not-found: nothing is served at /api/no"):
                await fetch_json(f"{url}/api/nothing")
            with pytest.raises(ServerError, match="404: Not Found"):  # (an answer not in JSON)
                await fetch_json(f"{url}/nothing")
            import httpx

            async with httpx.AsyncClient() as http:
                get = await http.get(f"{url}/api/tables")  # (POST only)
                assert get.status_code == 405 and get.headers["allow"] == "POST"
                assert get.json() == {
                    "type": "error",
                    "code": "method-not-allowed",
                    "message": "/api/tables does not answer GET",
                    "seq": None,
                }
                bad = await http.post(f"{url}/api/tables", content=b"{")
                assert bad.status_code == 400 and bad.json()["code"] == "not-json"
                wrong = await http.post(f"{url}/api/tables", content=b'{"game": 5}')
                assert wrong.status_code == 400 and wrong.json()["code"] == "bad-message"
                assert "$.game" in wrong.json()["message"]
                deep = b'{"options": {"cercle": {"players": %s}}}' % (b"[" * 20_000 + b"]" * 20_000)
                nested = await http.post(f"{url}/api/tables", content=deep)
                assert nested.status_code == 400 and nested.json()["code"] == "bad-message"
                big = await http.post(f"{url}/api/tables", content=b" " * 70_000)
                assert big.status_code == 413 and big.json()["code"] == "too-large"
            page = await _get(f"{url}/")
            assert "<h1>A new table</h1>" in page
            assert "cardSVG" in await _get(f"{url}/static/cards.js")

    run(main())


async def _get(url: str) -> str:
    import httpx

    async with httpx.AsyncClient() as http:
        return (await http.get(url)).text


class FirstChoice:
    """A bot of a third-party distribution: the last legal action."""

    def choose(self, observation: Any, legal: Any) -> Any:
        return list(legal)[-1]


def test_a_bot_from_an_entry_point_sits_at_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("third_party_bots")
    module.FirstChoice = FirstChoice  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "third_party_bots", module)
    ep = importlib.metadata.EntryPoint("last", "third_party_bots:FirstChoice", "ecarte.bots")
    real = importlib.metadata.entry_points

    def entry_points(**kw: Any) -> Any:
        return [ep] if kw.get("group") == "ecarte.bots" else real(**kw)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)

    async def main() -> None:
        async with serving() as (url, _):
            games = await fetch_json(f"{url}/api/games")
            assert "last" in games["ecarte"]["bots"] and "last" not in games["euchre"]["bots"]
            table = await create_table(
                url, game="ecarte", seats=[{}, {"kind": "bot", "bot": "last"}]
            )
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            assert (await seat.play(lambda v: v.legal[0].id)).over
            await seat.close()

    run(main())


def test_the_documented_application_with_a_route_of_its_own() -> None:
    """docs/server.md's block that extends ``create_app`` (run here on a free port, its
    database in memory): its route lists the tables being played."""
    import contextlib
    import re
    from pathlib import Path

    import uvicorn

    page = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "add_route" in b)
    code, run_line = block.rstrip().rsplit("\n", 1)
    assert run_line.startswith("uvicorn.run(app")
    namespace: dict[str, Any] = {}
    exec(code.replace('"tables.db"', '":memory:"'), namespace)

    async def main() -> None:
        config = uvicorn.Config(
            namespace["app"], port=0, log_level="warning", ws="websockets-sansio"
        )
        srv = uvicorn.Server(config)
        srv.capture_signals = contextlib.nullcontext  # type: ignore[method-assign,assignment]
        task = asyncio.create_task(srv.serve())
        while not srv.started:
            await asyncio.sleep(0.01)
        url = f"http://127.0.0.1:{srv.servers[0].sockets[0].getsockname()[1]}"
        try:
            table = await create_table(url, game="euchre", rules="openspiel")
            assert await fetch_json(f"{url}/playing") == [table["table"]]
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            final = await seat.play(lambda view: view.legal[0].id)
            await seat.close()
            assert final.over
            assert await fetch_json(f"{url}/playing") == []
        finally:
            srv.should_exit = True
            await task

    run(main())


@pytest.mark.parametrize("loop", ["auto", "asyncio", "uvloop"])
def test_serve_runs_on_the_event_loop_asked_for(
    loop: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ecarte serve --loop`` reaches uvicorn's settings (``auto`` when not given); a
    loop it does not know is refused by the parser."""
    import uvicorn

    from ecarte import cli
    from ecarte.server import ServerConfig, logs
    from ecarte.server import run as running

    ran: list[object] = []
    monkeypatch.setattr(logs, "configure", lambda level: None)  # (the loggers left as they are)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: ran.append(self.config.loop))
    db = str(tmp_path / "t.db")
    argv = ["serve", "--db", db, "--port", "0"] + ([] if loop == "auto" else ["--loop", loop])
    assert cli.main(argv) == 0
    assert ran == [loop]
    config = running.uvicorn_config(ServerConfig(database=db), "127.0.0.1", 0, log_level="info")
    assert isinstance(config, uvicorn.Config) and config.loop == "auto"
    with pytest.raises(SystemExit):
        cli.main(["serve", "--db", db, "--loop", "trio"])


@pytest.mark.parametrize("framing", ["length", "chunked"])
def test_a_request_body_over_the_limit_is_refused_before_it_is_read(framing: str) -> None:
    """A table request whose body says it is larger than the limit, or is sent in chunks
    past it, is answered 413 at once: the server does not wait for (nor keep) the rest."""

    async def main() -> None:
        async with serving() as (url, server):
            host, port = url.removeprefix("http://").split(":")
            reader, writer = await asyncio.open_connection(host, int(port))
            head = f"POST /api/tables HTTP/1.1\r\nHost: {host}\r\n"
            if framing == "length":
                writer.write(f"{head}Content-Length: 1000000000\r\n\r\n{{".encode())
            else:
                writer.write(f"{head}Transfer-Encoding: chunked\r\n\r\n".encode())
                for _ in range(5):  # 80 KiB, never the last chunk
                    writer.write(b"4000\r\n" + b" " * 0x4000 + b"\r\n")
            await writer.drain()
            status = await asyncio.wait_for(reader.readline(), 10)
            assert status.split()[1] == b"413", status
            assert server.tables.tables == {}
            writer.close()

    run(main())


def test_a_table_of_bots_only_is_played_at_once_and_not_kept_in_memory() -> None:
    """A table whose seats are all bots is over when it is created: memory does not keep
    it (it counted against ``max_tables`` for good), the store does, with its record."""

    async def main() -> None:
        async with serving(max_tables=1) as (url, server):
            bots = [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]
            table = await create_table(url, game="ecarte", seats=bots)
            assert server.tables.tables == {}
            info = await fetch_json(f"{url}/api/tables/{table['table']}")
            assert info["status"] == "over" and info["seed"] is not None
            from ecarte.server import verify

            assert verify(await fetch_json(f"{url}/api/tables/{table['table']}/record")).ok
            await create_table(url, game="ecarte", seats=bots)  # room for another

    run(main())


def test_one_address_opens_at_most_its_tables_being_played() -> None:
    """One client address may have ``max_tables_per_address`` tables being played: one
    more is refused in words, and a finished table leaves room."""

    async def main() -> None:
        async with serving(max_tables_per_address=2) as (url, server):
            bots = [{"kind": "bot"}, {"kind": "bot", "bot": "random"}]
            await create_table(url, game="ecarte", seats=bots)  # (over at once: not counted)
            first = await create_table(url, game="ecarte")
            await create_table(url, game="euchre")
            with pytest.raises(ServerError, match="bad-table: this address has 2 tables being"):
                await create_table(url, game="ecarte")
            assert len(server.tables.tables) == 2
            server.tables.tables[first["table"]].forfeit = 0  # (the match over: lost)
            await create_table(url, game="ecarte")

    run(main())


def test_the_addresses_whose_tables_all_ended_are_forgotten() -> None:
    """What the server keeps of the addresses that opened tables stays bounded: an
    address none of whose tables is being played any more is not kept."""
    from ecarte.server import messages as m

    async def main() -> None:
        async with serving() as (_, server):
            bots = [m.SeatSpec(kind="bot"), m.SeatSpec(kind="bot", bot="random")]
            tables = server.tables
            for i in range(30):  # (tables of bots: over as they open)
                tables.create(m.CreateTable(game="ecarte", seats=bots), f"10.0.{i}.1")
            played = [
                tables.create(m.CreateTable(game="ecarte"), f"10.1.{i}.1").table for i in range(3)
            ]
            assert len(tables._opened) == 3
            for table_id in played:  # (each match over: lost on time)
                tables.tables[table_id].forfeit = 0
                tables._evict(tables.tables[table_id])
            assert tables._opened == {}

    run(main())


@pytest.mark.parametrize(
    ("setting", "value", "words"),
    [
        ("burst", 0, "burst must be an int >= 1, not 0"),
        ("rate", -1.0, "rate must be a number > 0, not -1.0"),
        ("rate", float("nan"), "rate must be a finite number > 0, not nan"),
        ("rate", float("inf"), "rate must be a finite number > 0, not inf"),
        ("idle_seconds", float("inf"), "idle_seconds must be a finite number > 0, not inf"),
        ("max_frame", 0, "max_frame must be at least 3072 bytes"),
        ("max_frame", 1, "max_frame must be at least 3072 bytes"),
        ("max_frame", 3071, "max_frame must be at least 3072 bytes"),
        ("max_frame", 4096.0, "max_frame must be an int >= 3072, not 4096.0"),
        ("abuse_limit", 0, "abuse_limit must be an int >= 1"),
        ("abuse_seconds", 0.0, "abuse_seconds must be a number > 0"),
        ("max_connections_per_address", -3, "max_connections_per_address must be an int >= 1"),
        ("idle_seconds", 0, "idle_seconds must be a number > 0"),
        ("max_tables", 0, "max_tables must be an int >= 1"),
        ("max_tables_per_address", 0, "max_tables_per_address must be an int >= 1"),
        ("max_missed", -1, "max_missed must be an int >= 0"),
        ("snapshot_every", 0, "snapshot_every must be an int >= 1"),
        ("queue_limit", 0, "queue_limit must be an int >= 1"),
        ("commit_delay", -0.5, "commit_delay must be a number >= 0"),
        ("commit_delay", float("inf"), "commit_delay must be a finite number >= 0, not inf"),
        ("burst", 2.5, "burst must be an int >= 1, not 2.5"),
    ],
)
def test_a_setting_out_of_its_range_is_refused_in_its_words(
    setting: str, value: object, words: str
) -> None:
    """A limit no server can run with (no message allowed at all, a connection closed as
    soon as it opens) is refused when the settings are made, naming it."""
    from ecarte import ArgumentError
    from ecarte.server import ServerConfig

    with pytest.raises(ArgumentError, match=words.replace("(", r"\(").replace(".", r"\.")):
        ServerConfig(**{setting: value})  # type: ignore[arg-type]


def test_the_least_max_frame_carries_the_largest_message_a_client_sends() -> None:
    """Every message the protocol allows fits in the least ``max_frame``: its longest
    texts in characters of four bytes, its largest numbers, in compact UTF-8 or with every
    character beyond ASCII escaped."""
    from ecarte.server import ServerConfig
    from ecarte.server import messages as m
    from ecarte.server.config import MIN_FRAME

    text, big = "\U0001f600" * 200, 2**53
    largest = [
        m.Hello(token="x" * 100, last_event=big),
        m.Act(seq=big, action=text, id=1000),
        m.Bet(seq=big, player=text, amount=10**9, game=1000),
        m.Sync(last_event=big),
        m.Ping(),
    ]
    assert max(len(m.encode(msg)) for msg in largest) <= MIN_FRAME
    # as Python's json writes them by default, each such character escaped in 12 bytes
    escaped = [json.dumps(json.loads(m.encode(msg))).encode() for msg in largest]
    assert max(map(len, escaped)) <= MIN_FRAME
    assert ServerConfig(max_frame=MIN_FRAME).max_frame == MIN_FRAME


def test_serve_with_a_limit_out_of_its_range_says_so_and_does_not_start(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from ecarte import cli
    from ecarte.server import logs

    ran: list[object] = []
    monkeypatch.setattr(logs, "configure", lambda level: None)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: ran.append(self))
    status = cli.main(["serve", "--db", str(tmp_path / "t.db"), "--burst", "0"])
    assert status != 0 and ran == []
    assert "burst must be an int >= 1, not 0" in capsys.readouterr().err


def _serve_refused(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """``ecarte ARGV``'s exit status and stderr, checking that the server did not start."""
    import uvicorn

    from ecarte import cli
    from ecarte.server import logs

    ran: list[object] = []
    monkeypatch.setattr(logs, "configure", lambda level: None)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: ran.append(self))
    try:
        status = cli.main(argv)
    except SystemExit as exc:  # (argparse's usage error)
        status = int(exc.code or 0)
    assert ran == []
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--idle", "-1"], "--idle must be a number > 0, not -1.0"),
        (["--max-connections", "0"], "--max-connections must be an int >= 1, not 0"),
        (["--max-tables-per-address", "0"], "--max-tables-per-address must be an int >= 1"),
        (["--burst", "0"], "--burst must be an int >= 1, not 0"),
        (["--max-frame", "1"], "--max-frame must be at least 3072 bytes"),
        (["--rate", "inf"], "--rate must be a finite number > 0, not inf"),
    ],
)
def test_serve_names_the_option_out_of_its_range(
    option: list[str],
    words: str,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The error names the option as it was typed (``--idle``), not the setting behind it."""
    argv = ["serve", "--db", str(tmp_path / "t.db"), *option]
    status, err = _serve_refused(argv, monkeypatch, capsys)
    assert status == 2
    assert err.startswith(f"ecarte: error: {words}")
    assert err.count("\n") == 1


@pytest.mark.parametrize("port", ["-1", "65536", "99999"])
def test_serve_refuses_a_port_that_does_not_exist(
    port: str,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A port out of 0 to 65535 is a usage error (not a port taken modulo 65536)."""
    argv = ["serve", "--db", str(tmp_path / "t.db"), "--port", port]
    status, err = _serve_refused(argv, monkeypatch, capsys)
    assert status == 2
    assert f"argument --port: a port is 0 to 65535, not {port}" in err


@pytest.mark.parametrize("kind", ["missing folder", "not a database", "a folder"])
def test_serve_says_in_one_line_that_its_database_cannot_be_used(
    kind: str,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A ``--db`` the server cannot open is refused before it starts: one line naming
    the file, no traceback; the file is left as it was."""
    path = tmp_path / "t.db"
    if kind == "missing folder":
        path = tmp_path / "nowhere" / "t.db"
    elif kind == "not a database":
        path.write_text("these are my notes, not tables\n")
    else:
        path.mkdir()
    before = path.read_bytes() if path.is_file() else None
    status, err = _serve_refused(["serve", "--db", str(path)], monkeypatch, capsys)
    assert status == 2
    assert err.startswith(f"ecarte: error: --db {path}: cannot open the database (")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (path.read_bytes() if path.is_file() else None) == before
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"port": 99999}, "port must be an int 0..65535, not 99999"),
        ({"port": -1}, "port must be an int 0..65535, not -1"),
        ({"database": "nowhere/t.db"}, "database {tmp}/nowhere/t.db: cannot open the database ("),
    ],
)
def test_serve_from_python_refuses_a_port_or_database_it_cannot_use(
    settings: dict[str, Any],
    words: str,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ecarte.server.serve`` checks what ``ecarte serve`` checks: an ``ArgumentError``
    naming the port or the database, and uvicorn is not started."""
    import uvicorn

    from ecarte import ArgumentError
    from ecarte.server import ServerConfig, logs, serve

    ran: list[object] = []
    monkeypatch.setattr(logs, "configure", lambda level: None)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: ran.append(self))
    database = str(tmp_path / settings.get("database", "t.db"))
    with pytest.raises(ArgumentError) as refused:
        serve(ServerConfig(database=database), port=settings.get("port", 0))
    assert str(refused.value).startswith(words.format(tmp=tmp_path))
    assert ran == []


def test_a_table_request_whose_client_goes_before_its_body_is_not_an_error() -> None:
    """A client that sends a table request's headers and goes before the body (a
    hostile one, a dropped connection) is not a failure of the server: no exception
    escapes the application (uvicorn would log each as an error, with its traceback)."""
    from ecarte.server import ServerConfig, create_app

    app = create_app(ServerConfig(database=":memory:"))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"50")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    incoming = [
        {"type": "http.request", "body": b'{"game": ', "more_body": True},
        {"type": "http.disconnect"},
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run(app(scope, receive, send))
    assert sent[0]["status"] == 400, sent
