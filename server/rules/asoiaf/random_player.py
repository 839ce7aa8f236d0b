"""A random-legal ASOIAF player that acts only from prompts (tests, simulator).
It prefers doing something over ending an activation or passing, so games move."""

from __future__ import annotations

import random

from server.rules.kernel import Command, Prompt

RELUCTANT = {"pass", "end_activation"}


def random_command(prompt: Prompt, seat: str, rng: random.Random) -> Command:
    decision = prompt.for_seat(seat)
    specs = list(decision.options)
    eager = [s for s in specs if s.type not in RELUCTANT]
    spec = rng.choice(eager if eager and rng.random() > 0.2 else specs)
    args = dict(spec.args)
    for name, values in spec.params.items():
        args[name] = rng.choice(list(values))
    return Command(seat, spec.type, args)
