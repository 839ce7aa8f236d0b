"""The `warband` command line: help for every subcommand, one-line errors, serve."""

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from server.cli import COMMAND_MODULES, build_parser, main


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_help_lists_every_subcommand():
    text = build_parser().format_help()
    for name in COMMAND_MODULES:
        assert name in text


@pytest.mark.parametrize("name", COMMAND_MODULES)
def test_every_subcommand_has_help(name, capsys):
    with pytest.raises(SystemExit) as exited:
        main([name, "--help"])
    assert exited.value.code == 0
    assert "usage: warband " + name in capsys.readouterr().out


def test_bad_setting_is_one_line_and_exit_1(monkeypatch, capsys):
    monkeypatch.setenv("WARBAND_PORT", "eighty")
    assert main(["serve", "--help"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "WARBAND_PORT" in err


def test_serve_answers_healthz(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", "--port", str(port),
         "--database", f"sqlite+aiosqlite:///{tmp_path}/w.db"],
    )
    try:
        deadline = time.time() + 15
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as r:
                    assert r.status == 200
                    break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(10)
