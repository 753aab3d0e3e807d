"""Fair deals: the commitment published at the open is the SHA-256 of the seed revealed
at the end, every deal replays from it, and a record altered anywhere fails to verify
(``ecarte verify`` and :func:`ecarte.server.verify`). The messages' JSON Schema is
served and validates what the server sends."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers.server import run, serving

from ecarte.cli import main as cli
from ecarte.server import fair, verify
from ecarte.server.client import TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend


def _finished(game: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    async def main() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with serving() as (url, _):
            rules = "openspiel" if game == "euchre" else None
            table = await create_table(url, game=game, rules=rules)
            seat = await TableClient.connect(url, table["table"], table["seats"][0]["token"])
            await seat.play(lambda v: v.legal[-1].id)
            await seat.wait(lambda c: c.reveal is not None)
            record = await fetch_json(f"{url}/api/tables/{table['table']}/record")
            schema = await fetch_json(f"{url}/api/schema")
            await seat.close()
            return table, record, schema

    result: tuple[dict[str, Any], dict[str, Any], dict[str, Any]] = run(main())
    return result


@pytest.fixture(scope="module", params=["ecarte", "euchre"])
def finished(
    request: pytest.FixtureRequest,
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    return _finished(request.param)


def test_the_commitment_of_the_open_is_kept(finished: Any) -> None:
    table, record, _ = finished
    assert record["commitment"] == table["commitment"]
    assert (
        fair.commitment(table["table"], int(record["seed"]), record["nonce"]) == table["commitment"]
    )
    verdict = verify(record)
    assert verdict.ok and verdict.deals >= 1 and verdict.moves >= 1, verdict
    assert "fair" in str(verdict)


def _alter_a_deal(record: dict[str, Any]) -> None:
    history = record["save"]["history"]
    if record["save"]["game"] == "ecarte":
        i = next(i for i, h in enumerate(history) if h.startswith("deal "))
        cards = history[i].split()[1:]
        cards[0], cards[1] = cards[1], cards[0]
        history[i] = "deal " + " ".join(cards)
    else:
        history[1], history[2] = history[2], history[1]


def _alter(what: str, record: dict[str, Any]) -> None:
    if what == "seed":
        record["seed"] = str(int(record["seed"]) ^ 1)
        record["save"]["seed"] ^= 1
    elif what == "commitment":
        record["commitment"] = "0" * 64
    elif what == "nonce":
        record["nonce"] = ("1" if record["nonce"][0] != "1" else "2") + record["nonce"][1:]
    elif what == "deal":
        _alter_a_deal(record)
    elif what == "events":
        record["events"].pop()
    elif what == "saved seed":
        record["save"]["seed"] ^= 1


@pytest.mark.parametrize("what", ["seed", "commitment", "nonce", "deal", "events", "saved seed"])
def test_an_altered_record_fails(finished: Any, what: str) -> None:
    _, record, _ = finished
    altered = copy.deepcopy(record)
    _alter(what, altered)
    verdict = verify(altered)
    assert not verdict.ok and verdict.problems, what


def _reseat_a_move(record: dict[str, Any]) -> None:
    event = next(e for e in record["events"] if e[2] in ("act", "timeout"))
    event[1] = (event[1] + 1) % 4


MALFORMED: dict[str, Any] = {
    "events not a list": lambda r: r.__setitem__("events", None),
    "an event cut short": lambda r: r["events"].__setitem__(0, r["events"][0][:2]),
    "an event not a list": lambda r: r["events"].__setitem__(0, 7),
    "a commitment not in hex": lambda r: r.__setitem__("commitment", "é" * 64),
    "a move given to another seat": _reseat_a_move,
    "a forfeit added": lambda r: r.__setitem__("forfeit", 1),
    "the events renumbered": lambda r: r["events"][0].__setitem__(0, 99),
}


@pytest.mark.parametrize("what", list(MALFORMED))
def test_a_malformed_record_fails_with_a_reason(
    finished: Any, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record of the wrong shape, or whose events tell another story than its saved
    game, is not verified, with a reason (never a traceback), on the command line too."""
    _, record, _ = finished
    altered = copy.deepcopy(record)
    MALFORMED[what](altered)
    verdict = verify(altered)
    assert not verdict.ok and verdict.problems, what
    path = tmp_path / "record.json"
    path.write_text(json.dumps(altered), encoding="utf-8")
    assert cli(["verify", str(path)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().out


def test_ecarte_verify_on_the_command_line(
    finished: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record, _ = finished
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    altered = copy.deepcopy(record)
    _alter_a_deal(altered)
    bad.write_text(json.dumps(altered), encoding="utf-8")
    assert cli(["verify", str(good)]) == 0
    assert "fair" in capsys.readouterr().out
    assert cli(["verify", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "NOT VERIFIED" in out and "history record" in out
    assert cli(["verify", str(tmp_path / "missing.json")]) == 1


def test_the_served_schema_validates_what_the_server_sends(finished: Any) -> None:
    _, _, schema = finished
    server = {**schema["properties"]["server"], "$defs": schema["$defs"]}
    client = {**schema["properties"]["client"], "$defs": schema["$defs"]}

    async def main() -> list[Any]:
        async with serving() as (url, _):
            table = await create_table(url, game="ecarte", variants=["cercle"])
            from websockets.asyncio.client import connect

            async with connect(url.replace("http", "ws") + f"/ws/{table['table']}") as ws:
                hello = {"type": "hello", "token": table["seats"][0]["token"]}
                jsonschema.validate(hello, client)
                await ws.send(json.dumps(hello))
                out = [json.loads(await ws.recv())]
                act = {"type": "act", "seq": 1, "id": out[0]["view"]["legal"][0]["id"]}
                jsonschema.validate(act, client)
                await ws.send(json.dumps(act))
                await ws.send('{"type": "act", "seq": 1}')
                out += [json.loads(await ws.recv()) for _ in range(3)]
            return out

    for message in run(main()):
        jsonschema.validate(message, server)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "act", "seq": 0}, client)


def test_ecarte_verify_says_why_a_file_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not UTF-8 text, not JSON, or JSON of another shape: each is named
    with its reason (and the exit status is 1), never a traceback."""
    files = {
        "latin1.json": "{'é'}".encode("latin-1"),
        "broken.json": b"{",
        "list.json": b"[1, 2]",
        "deep.json": b"[" * 100_000,  # deeper than json's recursion
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    assert cli(["verify", *(str(tmp_path / name) for name in files)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4, out
    assert "not UTF-8 text" in out[0] and "not JSON" in out[1] and "a JSON object" in out[2]
    assert "not JSON" in out[3]
