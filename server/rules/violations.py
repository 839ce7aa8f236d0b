"""What a list checker says of an army list, whatever the rules system: one problem
with a stable code, a sentence a player understands, the seed passage it enforces,
and which entry of the list it concerns (`check_list` in server/rules/kernel.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    message: str
    passage: str
    model: int | None = None  # index of the offending entry, None for the whole list

    def to_wire(self) -> dict:
        return {"code": self.code, "message": self.message, "passage": self.passage,
                "model": self.model}
