"""A random-legal player acting only from its prompt, for any rules system (tests,
simulators, bots): an offered command with random values, preferring the eager ones
(every system names what it is reluctant to do, such as passing, so games move)."""

from __future__ import annotations

import random

from server.rules.kernel import Command, Prompt


def random_legal(prompt: Prompt, seat: str, rng: random.Random,
                 reluctant: frozenset[str] | set[str], patience: float) -> Command:
    """A reluctant command only one time in `1 / patience` (or when nothing else is
    offered); each parameter drawn from its offered values."""
    specs = list(prompt.for_seat(seat).options)
    eager = [s for s in specs if s.type not in reluctant]
    spec = rng.choice(eager if eager and rng.random() > patience else specs)
    args = dict(spec.args)
    for name, values in spec.params.items():
        args[name] = rng.choice(list(values))
    return Command(seat, spec.type, args)
