"""A random-legal player acting only from its prompt, for any rules system (tests,
simulators, bots): an offered command with random values, preferring the eager ones
(every system names what it is reluctant to do, such as passing, so games move)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from server.rules.kernel import Command, Prompt


def pick_listed(values, rng: random.Random):
    return rng.choice(list(values))


def random_legal(prompt: Prompt, seat: str, rng: random.Random,
                 reluctant: frozenset[str] | set[str], patience: float,
                 pick: Callable[[Sequence, random.Random], object] = pick_listed) -> Command:
    """A reluctant command only one time in `1 / patience` (or when nothing else is
    offered); each parameter drawn by `pick` (default: from its offered values; a
    system whose prompts describe parameter sets samples from the description)."""
    specs = list(prompt.for_seat(seat).options)
    eager = [s for s in specs if s.type not in reluctant]
    spec = rng.choice(eager if eager and rng.random() > patience else specs)
    args = dict(spec.args)
    for name, values in spec.params.items():
        args[name] = pick(values, rng)
    return Command(seat, spec.type, args)
