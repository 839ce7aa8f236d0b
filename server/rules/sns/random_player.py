"""A random-legal Swords & Sorcery player that acts only from prompts (tests,
simulator). It prefers acting over holding or ending a phase, so games move;
a described parameter (a reachable area, a facing) is sampled from its listing."""

from __future__ import annotations

import random

from server.rules.kernel import Command, Prompt

RELUCTANT = {"end_phase", "hold", "move_path", "run_path"}


def random_command(prompt: Prompt, seat: str, rng: random.Random) -> Command:
    decision = prompt.for_seat(seat)
    specs = list(decision.options)
    eager = [s for s in specs if s.type not in RELUCTANT]
    spec = rng.choice(eager if eager and rng.random() > 0.1 else specs)
    args = dict(spec.args)
    for name, values in spec.params.items():
        args[name] = rng.choice(list(values))
    return Command(seat, spec.type, args)
