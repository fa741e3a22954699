"""``orgdocs demo`` stops cleanly on SIGTERM as on Ctrl-C: both servers down, its temporary folder gone, exit 0.

The real command runs in a subprocess on free loopback ports (``--port 0``), with its own TMPDIR so the test
can see what it leaves behind; a watchdog kills it if it never ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
START_TIMEOUT = 60.0  # for the demo to print its token
WATCHDOG = 120.0


def _wait_for(path: Path, text: str, process: subprocess.Popen) -> str:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline and process.poll() is None:
        output = path.read_text()
        if text in output:
            return output
        time.sleep(0.1)
    pytest.fail(f"orgdocs demo never printed {text!r}: {path.read_text()}")


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_cleans_the_temporary_folder(tmp_path, stop_signal):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    out, err = tmp_path / "demo.out", tmp_path / "demo.err"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(scratch)}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPOSITORY), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "orgdocs", "demo", "--port", "0", "--api-port", "0"]
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, env=env)
    watchdog = threading.Timer(WATCHDOG, process.kill)
    watchdog.daemon = True
    watchdog.start()
    try:
        printed = _wait_for(out, "Demo bearer token", process)
        assert f"(database {scratch}" in printed  # the database is in the temporary folder
        assert [path.name[:13] for path in scratch.iterdir()] == ["orgdocs-demo-"]
        process.send_signal(stop_signal)
        status = process.wait(timeout=60)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
    assert status == 0, err.read_text()
    assert list(scratch.iterdir()) == []
    assert "Traceback" not in err.read_text()
    assert err.read_text().endswith("orgdocs demo: stopped\n")
