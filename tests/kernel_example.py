"""A tiny rules system that exercises the whole kernel contract.

"Secret bids": two seats, "a" and "b", bid 1-3 at the same time without seeing
each other's bid (a prompt with two decisions; hidden events). When both have
bid, the bids are revealed; the higher bidder rolls that many d6 and scores
their total (a tie scores nothing). First to `target` points wins.

It is a model for writing a real system: plain immutable state, `decide` that
validates through the prompt and writes every die into an event, a total
`evolve`, a `view` that hides the other seat's bid, and an upcast of an old
event version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from server.rules.dice import Dice
from server.rules.kernel import (
    Command,
    CommandSpec,
    Decision,
    Event,
    Prompt,
    Result,
    RulesError,
    Viewer,
    check_prompt,
)

SEATS = ("a", "b")
PASSAGE = "tests/kernel_example.py, module docstring"


@dataclass(frozen=True, slots=True)
class BidState:
    target: int
    round: int = 1
    scores: tuple[tuple[str, int], ...] = (("a", 0), ("b", 0))
    bids: tuple[tuple[str, int], ...] = ()  # secret until both seats have bid
    winner: str | None = None

    def score(self, seat: str) -> int:
        return dict(self.scores)[seat]


class SecretBids:
    name = "secret-bids"
    seats = SEATS
    rules_version = 1

    def initial(self, setup: Mapping[str, Any]) -> BidState:
        options = setup.get("options") or {}  # (the lobby puts match options here)
        return BidState(target=int(setup.get("target", options.get("target", 10))))

    def prompt(self, state: BidState) -> Prompt:
        if state.winner is not None:
            return Prompt()
        waiting = [s for s in SEATS if s not in dict(state.bids)]
        spec = CommandSpec("bid", "Bid 1 to 3 dice", params={"amount": [1, 2, 3]})
        return Prompt(tuple(Decision(s, "Choose your secret bid", (spec,)) for s in waiting))

    def decide(self, state: BidState, command: Command, dice: Dice) -> list[Event]:
        if command.type == "concede" and command.seat in SEATS and state.winner is None:
            other = next(s for s in SEATS if s != command.seat)  # (the server's resign)
            return [Event("match_won", {"seat": other, "conceded_by": command.seat})]
        check_prompt(self.prompt(state), command, PASSAGE)
        seat, amount = command.seat, command.args["amount"]
        events = [Event("bid_placed", {"seat": seat, "amount": amount},
                        visible_to=(seat,), redacted={"seat": seat})]
        bids = dict(state.bids) | {seat: amount}
        if len(bids) < len(SEATS):
            return events
        events.append(Event("bids_revealed", {"bids": bids}))
        high = max(bids.values())
        bidders = [s for s in SEATS if bids[s] == high]
        if len(bidders) == 1:
            rolled = dice.roll(high, 6)
            events.append(Event("scored", {"seat": bidders[0], "dice": list(rolled)}, v=2))
            new_score = state.score(bidders[0]) + sum(rolled)
            if new_score >= state.target:
                events.append(Event("match_won", {"seat": bidders[0]}))
        return events

    def evolve(self, state: BidState, event: Event) -> BidState:
        data = event.data
        if event.type == "bid_placed":
            return replace(state, bids=state.bids + ((data["seat"], data["amount"]),))
        if event.type == "bids_revealed":
            return replace(state, bids=(), round=state.round + 1)
        if event.type == "scored":
            scores = dict(state.scores)
            scores[data["seat"]] += sum(data["dice"])
            return replace(state, scores=tuple(sorted(scores.items())))
        if event.type == "match_won":
            return replace(state, winner=data["seat"])
        raise RulesError("unknown_event", f"Secret bids has no event {event.type!r}.")

    def view(self, state: BidState, viewer: Viewer) -> dict[str, Any]:
        bids = dict(state.bids)
        return {
            "round": state.round,
            "scores": dict(state.scores),
            "has_bid": sorted(bids),
            "my_bid": bids.get(viewer.seat) if viewer.seat else None,
            "winner": state.winner,
        }

    def is_over(self, state: BidState) -> bool:
        return state.winner is not None

    def result(self, state: BidState) -> Result | None:
        if state.winner is None:
            return None
        return Result(state.winner, dict(state.scores), "reached the target score")

    def upcast(self, event: Event) -> Event:
        # Version 1 of "scored" carried a total instead of the dice; the total
        # was always rolled as a single die in v1 so it is lossless to lift.
        if event.type == "scored" and event.v == 1 and "total" in event.data:
            return Event("scored", {"seat": event.data["seat"], "dice": [event.data["total"]]}, 2)
        return event


SYSTEM = SecretBids()
