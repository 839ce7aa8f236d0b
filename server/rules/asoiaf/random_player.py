"""A random-legal ASOIAF player that acts only from prompts (tests, simulator).
It prefers doing something over ending an activation or passing, so games move."""

from __future__ import annotations

import random

from server.rules.kernel import Command, Prompt
from server.rules.random_legal import random_legal

RELUCTANT = {"pass", "end_activation"}


def random_command(prompt: Prompt, seat: str, rng: random.Random) -> Command:
    return random_legal(prompt, seat, rng, RELUCTANT, patience=0.2)
