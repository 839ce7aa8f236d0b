"""Which seat an account acts for: one answer for a match run here and one run by
another node (the seat holders travel with the match)."""

from __future__ import annotations

from collections.abc import Mapping

from protocol.errors import ProtocolError


def seat_of(holders: Mapping[str, str | None], account_id: str,
            wanted: str | None = None) -> str | None:
    """The seat `account_id` acts for (None if it holds none); not_your_seat when it
    names a seat it does not hold."""
    mine = [seat for seat, holder in holders.items() if holder == account_id]
    if wanted is not None:
        if wanted not in mine:
            raise ProtocolError("not_your_seat", f"You do not hold seat {wanted!r} in "
                                "this match.")
        return wanted
    return mine[0] if mine else None
