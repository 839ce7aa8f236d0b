"""Build a Swords & Sorcery state with figures placed by hand (tests only):
`table(("a1", "Swordsman", 100, 100, 0), ("b1", "Orc", 100, 90, 180))` puts
sample units at those centres (tenths of an inch) and facings."""

from dataclasses import replace

from server.rules.dice import Dice
from server.rules.kernel import Command
from server.rules.sns.army.catalog import load
from server.rules.sns.evolve import Stepper
from server.rules.sns.profile import profile, unit_types
from server.rules.sns.state import Figure, Layout, State
from server.rules.sns.system import SYSTEM


def figure(uid: str, unit: str, x: int, y: int, facing: int = 0, **changes) -> Figure:
    sample = load().unit(unit)
    kit = tuple(item.split("|")[0].strip() for item in sample.kit)
    prof = profile(kit, sample.notes)
    made = Figure(uid=uid, seat=uid[0], name=sample.name, kit=kit, cost=sample.cost, x=x, y=y,
                  facing=facing, radius=prof.radius, hits=prof.hits,
                  types=unit_types(kit, sample.types, sample.notes))
    return replace(made, **changes)


def table(*figures, phase: str = "hth", turn: int = 1, layout: str = "open", **changes) -> State:
    made = tuple(f if isinstance(f, Figure) else figure(*f) for f in figures)
    return replace(State(made, Layout(360, 240, layout), turn=turn, phase=phase), **changes)


def run(state: State, command: Command, dice: Dice) -> tuple[State, list]:
    events = SYSTEM.decide(state, command, dice)
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events


def events_of(events, kind: str) -> list[dict]:
    return [dict(e.data) for e in events if e.type == kind]


def stepper(state: State) -> Stepper:
    return Stepper(state)
