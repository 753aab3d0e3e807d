"""``ecarte serve`` in a child process, on a free loopback port."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any

_RUNNING = re.compile(r"running on (http://127\.0\.0\.1:\d+)")


class ServerProcess:
    """A server process: :attr:`url` once it listens, :attr:`logs` its JSON log lines."""

    def __init__(self, database: str, *args: str) -> None:
        command = [sys.executable, "-m", "ecarte.cli", "serve", "--port", "0", "--db", database]
        command += ["--rate", "100000", "--burst", "100000", "--max-connections", "100000"]
        self.proc = subprocess.Popen(
            [*command, *args],
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.logs: list[dict[str, Any]] = []
        self.url = ""
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                self.logs.append(json.loads(line))  # every line is a JSON object
                found = _RUNNING.search(self.logs[-1]["message"])
                if found:
                    self.url = found.group(1)
                    ready.set()
            ready.set()

        self._reader = threading.Thread(target=read, daemon=True)
        self._reader.start()
        if not ready.wait(30) or not self.url:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {self.logs}")

    def signal(self, sig: int) -> int:
        """Send ``sig``; wait for the exit and return its status."""
        self.proc.send_signal(sig)
        status = self.proc.wait(30)
        self._reader.join(10)
        return status

    def kill(self) -> None:
        self.signal(signal.SIGKILL)

    def messages(self) -> list[str]:
        return [line["message"] for line in self.logs]

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.signal(signal.SIGTERM)


def wait_until(predicate: Any, timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError
        time.sleep(0.01)
