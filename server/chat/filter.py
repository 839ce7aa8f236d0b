"""The configurable word filter (WARBAND_CHAT_FILTER): each listed word, found as a
whole word whatever its case, is replaced by as many asterisks. The text stays
readable and nobody learns how to dodge the list from a refusal."""

from __future__ import annotations

import re


class WordFilter:
    def __init__(self, words: tuple[str, ...] | list[str]) -> None:
        listed = sorted({w.strip().lower() for w in words if w.strip()}, key=len,
                        reverse=True)
        self.pattern = (re.compile(r"(?<!\w)(" + "|".join(map(re.escape, listed)) + r")(?!\w)",
                                   re.IGNORECASE) if listed else None)

    def apply(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda found: "*" * len(found.group(0)), text)
