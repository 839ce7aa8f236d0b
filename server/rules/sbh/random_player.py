"""A random-legal SBH player that acts only from prompts (used by tests and
the simulator). Set-up commands whose parameters are free-form (the warband
list, a hand-made terrain lay-out) are filled from the arguments given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from server.rules.kernel import Command, Prompt

SKIP = {"concede", "lay_terrain", "accept_draw", "decline_draw", "offer_draw"}
RELUCTANT = {"pass", "end_activation", "fall"}  # chosen only when nothing else appeals


def random_command(prompt: Prompt, seat: str, rng: random.Random, warband: dict) -> Command:
    decision = prompt.for_seat(seat)
    specs = [s for s in decision.options if s.type not in SKIP]
    eager = [s for s in specs if s.type not in RELUCTANT]
    spec = rng.choice(eager if eager and rng.random() > 0.1 else specs)
    if spec.type == "submit_list":
        return Command(seat, "submit_list", {"list": warband, "salt": f"{rng.random():.12f}"})
    args = dict(spec.args)
    for name, values in spec.params.items():  # (a sequence as is: choice only indexes it)
        args[name] = rng.choice(values if isinstance(values, Sequence) else list(values))
    for name, values in spec.subsets.items():  # (any non-empty set of the values)
        args[name] = rng.sample(list(values), rng.randint(1, len(values)))
    return Command(seat, spec.type, args)
