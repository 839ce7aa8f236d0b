import subprocess
import sys
import time
import urllib.request

from server.cli import build_parser


def test_help_lists_serve():
    assert "serve" in build_parser().format_help()


def test_serve_answers_healthz(tmp_path):
    port = 18000 + (hash(str(tmp_path)) % 1000)
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
