"""`warband play` / `warband watch`: arguments, a fast `--help`, and a server
that cannot be reached."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from clients.tui.app import WarbandApp
from server.cli import main
from server.commands.play import server_url
from tests.tui.driver import until


def test_help_does_not_import_textual():
    code = ("import sys; from server.cli import build_parser; build_parser().format_help(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'clients')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("given, url", [
    ("ws://example.org:8000/ws", "ws://example.org:8000/ws"),
    ("127.0.0.1:9000", "ws://127.0.0.1:9000/ws"),
    ("http://play.example.org", "ws://play.example.org/ws"),
    ("https://play.example.org/ws", "wss://play.example.org/ws"),
])
def test_server_urls(given, url):
    assert server_url(given) == url


@pytest.mark.parametrize("command", [["play"], ["watch", "abc123"], ["bot"]])
def test_an_address_of_another_kind_is_refused_by_the_argument_check(command, capsys):
    with pytest.raises(SystemExit) as exited:
        main([*command, "--server", "ftp://example.org"])
    assert exited.value.code == 2
    assert ("argument --server: 'ftp://example.org' is not a server address"
            in capsys.readouterr().err)


@pytest.mark.parametrize("command", [["play"], ["watch", "abc123"], ["bot"]])
def test_usage(command, capsys):
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert "--server" in capsys.readouterr().out


async def test_an_unreachable_server_is_an_error_not_a_screen():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once closed
    app = WarbandApp(f"ws://127.0.0.1:{port}/ws", name="Ann")
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.error is not None, what="the failure")
    assert app.error is not None and "could not sign in" in app.error
    assert app.return_code == 1
