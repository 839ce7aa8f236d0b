"""Swords & Sorcery bots for the wire: a decision as a client receives it (the
prompt push's `decision`) and the seat's view in, a command out. The players are
the rules package's own (server/rules/sns/random_player.py and
heuristic_player.py), which act only from a prompt and a view, as a client may."""

from __future__ import annotations

import random

from server.rules.kernel import Decision, Prompt
from server.rules.sns.heuristic_player import heuristic_command
from server.rules.sns.random_player import random_command


class RandomBot:
    """Any offered command, with random values."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: dict, view: dict | None) -> tuple[str, dict]:
        seat = decision["seat"]
        command = self.command(Prompt((Decision.from_wire(decision),)), seat, view)
        return command.type, dict(command.args)

    def command(self, prompt: Prompt, seat: str, view: dict | None):
        return random_command(prompt, seat, self.rng)


class HeuristicBot(RandomBot):
    """Closes with the enemy, faces it, fights, shoots and casts (heuristic_player.py);
    without a view it plays at random."""

    def command(self, prompt: Prompt, seat: str, view: dict | None):
        if view is None:
            return random_command(prompt, seat, self.rng)
        return heuristic_command(prompt, seat, view, self.rng)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(level: str, seed: int = 0) -> RandomBot:
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"no bot level {level!r} (known: {', '.join(BOTS)})") from None
