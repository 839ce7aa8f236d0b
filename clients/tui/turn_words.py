"""The match screen's question in each system's voice, as the web client says it
(asoiaf_words.js, sns_words.js): ASOIAF's plain "Your turn." said as what there is to
do ("Act with Baratheon Warden 3."), S&S's "Turn 3:" left to the headline (which has
the turn, and who acts, and "waiting for you": no "Your turn:" prefix here, where a
narrow side panel has no line to spare)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

TURN_NUMBER = re.compile(r"^Turn \d+: ")


def question_words(decision: Mapping[str, Any], view: Mapping[str, Any] | None,
                   names: Mapping[str, str]) -> str:
    """What this seat is asked, in words."""
    text = str(decision.get("text") or "Choose what to do.")
    system = (view or {}).get("system")
    if system == "sns":
        return TURN_NUMBER.sub("", text)
    if system == "asoiaf" and text == "Your turn.":
        active = (view or {}).get("active_model")
        if active:
            return f"Act with {names.get(active, active)}."
        types = {o.get("type") for o in decision.get("options") or ()}
        return "Activate a model or pass." if {"activate", "pass"} <= types \
            else "Choose what to do."
    return text
