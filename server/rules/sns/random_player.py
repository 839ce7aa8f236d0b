"""A random-legal Swords & Sorcery player that acts only from prompts (tests,
simulator). It prefers acting over holding or ending a phase, so games move;
a described parameter (a reachable area, a facing) is drawn from its description
(server/rules/board/measured_areas.py), the listing only when no drawn value fits."""

from __future__ import annotations

import random

from server.rules.board.measured_areas import sample_described
from server.rules.kernel import Command, Prompt
from server.rules.random_legal import random_legal

RELUCTANT = {"end_phase", "hold", "move_path", "run_path"}


def random_command(prompt: Prompt, seat: str, rng: random.Random) -> Command:
    return random_legal(prompt, seat, rng, RELUCTANT, patience=0.1,
                        pick=sample_described)
