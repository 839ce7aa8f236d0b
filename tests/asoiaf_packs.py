"""The ASOIAF system playing with a test pack: tests/asoiaf/packs/vocabulary (built
on core, cards using vocabulary effects no core card uses), loaded as any community
pack is, with the system's pack swapped for it and its cached tables cleared both
ways. Shared by tests/asoiaf's `vocabulary_pack` fixture, tests/asoiaf_picking.py
and tests/asoiaf_engine_events.py."""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path

PACKS_OF_TESTS = Path(__file__).parent / "asoiaf" / "packs"


def load_vocabulary_pack(folder: Path):
    """The vocabulary pack, copied with the core pack it builds on into `folder`
    (its cards may then be changed without touching the files)."""
    from server.rules.asoiaf.cards.loader import PACKS, load_pack_dir

    shutil.copytree(PACKS / "core", folder / "core")
    shutil.copytree(PACKS_OF_TESTS / "vocabulary", folder / "vocabulary")
    return load_pack_dir(folder / "vocabulary")


@contextmanager
def system_playing(pack):
    """The system plays with `pack` inside the block, with its own again after."""
    from server.rules.asoiaf import system

    saved = system._pack
    system._pack = lambda: pack
    _forget_tables(system)
    try:
        yield pack
    finally:
        system._pack = saved
        _forget_tables(system)


def _forget_tables(system) -> None:
    for cached in (system._wounds, system._types):
        cached.cache_clear()


def knows(pack, card: str, ability) -> None:
    """`card` (of this test's pack copy) has `ability`, and only it."""
    import msgspec

    pack.abilities[ability.name] = ability
    pack.models[card] = msgspec.structs.replace(pack.models[card], abilities=[ability.name])
