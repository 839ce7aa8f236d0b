"""Every chat message and error is documented: docs/asyncapi.yaml names each request
type of protocol/messages.py and protocol/community_messages.py and the chat pushes;
docs/protocol.md has a section for each chat request and a row for each chat error."""

from __future__ import annotations

from pathlib import Path

import yaml

from protocol.codec import REQUEST_TYPES
from protocol.errors import ERRORS

DOCS = Path(__file__).resolve().parents[2] / "docs"
CHAT_ERRORS = [code for code in ERRORS if code.startswith("chat_")] + [
    "no_such_room", "not_a_moderator", "no_such_message", "no_such_account"]


def test_asyncapi_covers_every_request_and_the_chat_pushes_and_errors():
    spec = yaml.safe_load((DOCS / "asyncapi.yaml").read_text())
    named = {message["name"] for message in spec["components"]["messages"].values()}
    tags = {kind.__struct_config__.tag for kind in REQUEST_TYPES}
    assert tags - named == set()
    assert {"chat_message", "chat_hidden"} <= named
    codes = spec["components"]["schemas"]["Error"]["properties"]["code"]["enum"]
    assert [code for code in CHAT_ERRORS if code not in codes] == []


def test_protocol_md_has_the_chat_requests_and_errors():
    text = (DOCS / "protocol.md").read_text()
    for kind in ("chat_history", "chat_unfollow", "chat_send", "chat_report", "chat_hide",
                 "chat_silence", "chat_reports"):
        assert f"### `{kind}`" in text
    assert "### `chat_mute`, `chat_unmute`" in text
    for code in CHAT_ERRORS:
        assert f"| `{code}` | {ERRORS[code].message} |" in text
