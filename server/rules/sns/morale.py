"""MORALE, MORALE CHECK RESULT TABLE and its modifiers, RALLY CHECK (seed 003).
Both phases are resolved without a choice: every figure that must check
does, every leader tries to rally (docs/rules/sns.md, "Morale and rally")."""

from __future__ import annotations

from server.rules.board.measured import gap_within, inches
from server.rules.dice import Dice
from server.rules.sns.attacks import causes_fear, has_effect, is_undead
from server.rules.sns.evolve import Stepper
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

ROUTS_ON = 4          # "1-4 Unit routs next turn"
RALLY_ON = 6          # "A rally attempt is successful on a roll of 1-6 on D12"
NEAR = inches(10)     # "within 10""
RALLY_REACH = inches(8)
SUPERIOR = 2          # "far superior": an enemy worth at least twice the figure's gold
OUTNUMBERED = 2       # "heavily outnumbered": twice as many enemies near as friends
FEAR_REACH = inches(4)  # "Cause Fear: Enemy units within 4" must check morale"


def _near(a: Figure, b: Figure, reach: int = NEAR) -> bool:
    return gap_within(a.base, b.base, reach)


def outnumbered(state: State, figure: Figure) -> bool:
    enemies = [e for e in state.figures if e.seat != figure.seat and e.can_act
               and not e.routing and _near(figure, e)]
    friends = [f for f in state.figures if f.seat == figure.seat and f.can_act
               and not f.routing and _near(figure, f)]  # (itself included)
    return len(enemies) >= 2 and len(enemies) >= OUTNUMBERED * len(friends)


def fire_walls_near(state: State, figure: Figure) -> list[str]:
    """Fire Wall's "fear ability", as "Cause Fear: Enemy units within 4" must
    check morale": the burning walls of the other side whose fire comes within
    4" of the figure's rim."""
    owners = dict(state.fire_walls)
    centre = figure.base.centre
    return [piece.name for piece in state.layout.terrain
            if owners.get(piece.name, figure.seat) != figure.seat
            and piece.polygon.near_segment(centre, centre, figure.radius + FEAR_REACH)]


def triggers(state: State, figure: Figure) -> list[str]:
    """seed 003, MORALE: "Units must check morale under the following circumstances"."""
    found = []
    if figure.attacked:
        found.append("attacked this turn")
    for friend in state.figures:
        if friend.seat != figure.seat or friend.uid == figure.uid or not _near(figure, friend):
            continue
        if (friend.dead and friend.attacked) or (friend.mortal and friend.attacked) \
                or (friend.routing and friend.routed_turn == state.turn - 1) \
                or friend.immobilized >= state.turn:
            found.append("a friendly unit within 10\" killed, immobilized, or routing")
            break
    enemies = [e for e in state.figures if e.seat != figure.seat and e.can_act]
    if any(_near(figure, e) and e.cost >= SUPERIOR * figure.cost for e in enemies):
        found.append("a far superior enemy unit within 10\"")
    if outnumbered(state, figure):
        found.append("heavily outnumbered")
    if any(_near(figure, e, FEAR_REACH) and causes_fear(e, figure_profile(e))
           for e in enemies):
        found.append("Fear")
    if fire_walls_near(state, figure):
        found.append("Fear (Fire Wall)")
    if has_effect(figure, "feared", state.turn):
        found.append("Fear spell")
    return found


def modifiers(state: State, figure: Figure) -> list[tuple[int, str]]:
    prof = figure_profile(figure)
    friends = [f for f in state.figures if f.seat == figure.seat and f.uid != figure.uid
               and f.can_act and not f.routing and _near(figure, f)]
    enemies = [e for e in state.figures if e.seat != figure.seat and e.can_act
               and _near(figure, e)]

    def friend_has(name: str) -> bool:
        return any(figure_profile(f).has(name) for f in friends)

    rows = [
        (prof.veteran or prof.has("Monster") or prof.has("Dragon"), 2,
         "Unit making check is veteran, elite, heroic, or a monster"),
        (prof.has("Cowardly") or prof.has("Siege crew") or prof.has("Supplies"), -2,
         "Unit making check is a noncombatant, untrained, green, or cowardly"),
        (any(e.hits > 1 for e in enemies), -1, "Facing a unit with more than one hit"),
        (is_undead(figure, prof), 4, "Unit making check is undead"),
        (outnumbered(state, figure), -1, "Unit making check is heavily outnumbered"),
        (friend_has("Instrument"), 1, "Friendly Musician within 10\""),
        (friend_has("Leader"), 1, "Friendly Leader within 10\""),
        (friend_has("Commander"), 2, "Friendly Commander within 10\""),
        (friend_has("Standard"), 1, "Friendly Standard within 10\""),
        (prof.has("Berserker") or has_effect(figure, "berserk", state.turn), 2,
         "Unit making check is berserk"),
        (has_effect(figure, "courage", state.turn), 1, "Courage: morale check +1"),
        (has_effect(figure, "feared", state.turn), -1, "Fear spell: check morale at -1"),
    ]
    return [(v, t) for applies, v, t in rows if applies]


def morale_phase(step: Stepper, dice: Dice) -> None:
    state = step.state
    for figure in state.figures:
        if not figure.can_act or figure.routing:
            continue
        found = triggers(state, figure)
        if not found:
            continue
        mods = modifiers(state, figure)
        (roll,) = dice.roll(1, 12)
        step.emit("morale_checked", figure=figure.uid, triggers=found, roll=roll,
                  modifiers=[[v, t] for v, t in mods],
                  routs=roll + sum(v for v, _ in mods) <= ROUTS_ON)


def rally_phase(step: Stepper, dice: Dice) -> None:
    """"A leader unit may try to rally routing units within 8""; "Roll once for
    all units in range". The table's "1-6" is success and its modifiers are
    bonuses, so a bonus widens success: rallied when roll <= 6 + bonuses
    (docs/rules/sns.md, "Rally")."""
    for leader in step.state.figures:
        prof = figure_profile(leader)
        if not (prof.leader and leader.can_act and not leader.routing):
            continue
        routing = [f for f in step.state.figures if f.seat == leader.seat and f.routing
                   and f.on_table and f.uid != leader.uid and _near(leader, f, RALLY_REACH)]
        if not routing:
            continue
        (roll,) = dice.roll(1, 12)
        bonus = (1 if prof.has("Commander") else 0) + (1 if prof.polearm is not None
                                                       and prof.polearm.name == "Whip" else 0)
        rallied = [f.uid for f in routing
                   if roll <= RALLY_ON + bonus + (1 if figure_profile(f).veteran else 0)]
        step.emit("rallied", leader=leader.uid, roll=roll, bonus=bonus,
                  tried=[f.uid for f in routing], rallied=rallied)
