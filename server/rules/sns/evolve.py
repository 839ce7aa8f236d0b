"""Events into state: pure and total, no dice (every roll is in the event).
`Stepper` lets a rule module emit events and read the state they make as
it goes, so decide and evolve can never disagree."""

from __future__ import annotations

from dataclasses import replace

from server.rules.kernel import Event
from server.rules.sns.attacks import PERMANENT, apply_outcome
from server.rules.sns.state import OVER, Figure, State, other


def _figure(state: State, uid: str, **changes) -> State:
    return state.with_figure(replace(state.figure(uid), **changes))


def _attacked(state: State, d) -> State:
    attacker = state.figure(d["attacker"])
    # (an area's attacks are one attack: the cast, breath or blast counted it)
    made = attacker.attacks_made + (0 if d.get("spell") or d.get("area") else 1)
    state = state.with_figure(replace(attacker, attacks_made=made,
                                      stunned=False,
                                      last_shot=state.turn if d.get("reloads")
                                      else attacker.last_shot))
    target = state.figure(d["target"])
    if d["kind"] == "hth":
        counts = dict(state.hth_counts)
        counts[target.uid] = counts.get(target.uid, 0) + 1
        state = replace(state, hth_counts=tuple(sorted(counts.items())))
    if not d["hit"]:
        return _figure(state, target.uid, attacked=True)
    if d.get("immobilize"):
        state = _figure(state, target.uid, immobilized=max(target.immobilized, state.turn))
        target = state.figure(target.uid)
    if d.get("net"):
        return _figure(state, target.uid, attacked=True,
                       immobilized=max(target.immobilized, state.turn + d["net"] - 1))
    return state.with_figure(apply_outcome(target, d["result"], state.turn,
                                           d.get("mortal_turns", 0), d.get("knock", False)))


def _piece(data) -> tuple:
    """A spell's new piece, as the layout keeps it (hashable)."""
    name, corners, movement, sight, height = data
    return (name, tuple(tuple(c) for c in corners), movement, sight, height)


def _spend(state: State, caster: str, spell: str, once: bool = False) -> State:
    """A card cast leaves the hand; an item's once-a-battle spell is marked cast."""
    if once:
        f = state.figure(caster)
        return _figure(state, caster, cast_once=(*f.cast_once, spell))
    hands = dict(state.hands)
    hand = list(hands[caster])
    hand.remove(spell)
    hands[caster] = tuple(hand)
    return replace(state, hands=tuple(sorted(hands.items())))


def _turn_ended(state: State) -> State:
    """End of turn: per-turn marks cleared; a knocked down figure stands at the
    end of the turn after its fall; the mortally wounded count down and die
    ("will die in 1D6 if not healed or regenerated"); a regenerating figure
    closes a mortal wound and one wound."""
    figures = []
    for f in state.figures:
        changes: dict = dict(moved=False, retreated=False, retreat_failed=False,
                             spears_set=False, charged=(), surprised=(), attacks_made=0,
                             attacked=False,
                             effects=tuple(e for e in f.effects if e[1] > state.turn))
        if f.on_table and any(e == "enlarged" and last == state.turn for e, last in f.effects) \
                and not any(e == "enlarged" and last > state.turn for e, last in f.effects):
            changes["hits"] = max(1, f.hits - 1)  # the spell's hit goes (hits lost came off it)
        if f.knocked_down and f.knocked_down < state.turn:
            changes["knocked_down"] = 0
        if f.on_table and f.mortal:
            from server.rules.sns.setup import figure_profile
            if figure_profile(f).has("Regenerate"):
                changes.update(mortal=0, wounds=max(f.wounds, 1))
            elif f.mortal == 1:
                changes.update(mortal=0, dead=True)
            else:
                changes["mortal"] = f.mortal - 1
        elif f.on_table and f.wounds:
            from server.rules.sns.setup import figure_profile
            if figure_profile(f).has("Regenerate"):
                changes["wounds"] = f.wounds - 1
        figures.append(replace(f, **changes))
    return replace(state, figures=tuple(figures), turn=state.turn + 1, hth_counts=())


def evolve(state: State, event: Event) -> State:
    d, kind = event.data, event.type
    if kind == "phase_began":
        return replace(state, phase=d["phase"], first=d["first"], acting=d["first"],
                       done=(), declared=())
    if kind == "rolled_off":
        return state
    if kind == "side_done":
        done = (*state.done, "seat:" + d["seat"])
        return replace(state, done=done, acting=other(d["seat"]))
    if kind == "moved":
        end = d["path"][-1]
        doubled = d.get("doubled", False)
        f = state.figure(d["figure"])
        state = _figure(state, f.uid, x=end[0], y=end[1], facing=d["facing"],
                        moved=f.moved or end != [f.x, f.y], charged=tuple(d.get("charged", ())),
                        surprised=tuple(d.get("surprised", ())),
                        fatigued=state.turn + 1 if doubled else f.fatigued,
                        retreated=f.retreated or d.get("retreat", False))
        return replace(state, done=(*state.done, f.uid))
    if kind == "retreat_failed":
        state = _figure(state, d["figure"], retreat_failed=True)
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "held":
        state = _figure(state, d["figure"], spears_set=d.get("spears_set", False),
                        facing=d.get("facing", state.figure(d["figure"]).facing))
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "routed_move":
        end = d["path"][-1]
        return _figure(state, d["figure"], x=end[0], y=end[1], fled=d["fled"], moved=True)
    if kind == "declared":
        spell = d.get("spell", "")
        if spell:  # Touch of Death: the card is spent when the attack is declared
            state = _spend(state, d["figure"], spell, d.get("once", False))
        return replace(state, declared=(*state.declared, (d["figure"], d["target"], spell)))
    if kind == "flyer_declared":
        if d["engages"]:
            state = _figure(state, d["figure"], engaged=state.turn)
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "attacked":
        return _attacked(state, d)
    if kind == "morale_checked":
        return _figure(state, d["figure"], routing=True, routed_turn=state.turn) \
            if d["routs"] else state
    if kind == "rallied":
        for uid in d["rallied"]:
            state = _figure(state, uid, routing=False)
        return state
    if kind in ("spells_dealt", "spell_swapped"):
        hands = dict(state.hands)
        drawn = dict(state.drawn)
        seat = state.figure(d["figure"]).seat
        hand = [c for c in hands.get(d["figure"], ()) if c != d.get("discarded")]
        hands[d["figure"]] = tuple(hand + list(d["cards"]))
        drawn[seat] = tuple(drawn.get(seat, ())) + tuple(d["cards"])
        return replace(state, hands=tuple(sorted(hands.items())),
                       drawn=tuple(sorted(drawn.items())),
                       done=(*state.done, d["figure"]) if kind == "spell_swapped" else state.done)
    if kind == "spells_kept":
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "spell_cast":
        caster = state.figure(d["figure"])
        state = replace(_spend(state, caster.uid, d["spell"], d.get("once", False)),
                        done=(*state.done, caster.uid))
        return _figure(state, caster.uid, attacks_made=caster.attacks_made + 1)
    if kind == "healed":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, wounds=max(0, f.wounds - d["wounds"]),
                       mortal=0 if d.get("mortal") else f.mortal)
    if kind == "resurrected":
        return _figure(state, d["figure"], dead=False, hits=1, wounds=0, mortal=0,
                       stunned=False, disarmed=False, knocked_down=0, routing=False)
    if kind in ("terrain_changed", "petrified"):
        layout = state.layout
        added = layout.added + ((_piece(d["piece"]),) if d.get("piece") else ())
        state = replace(state, layout=replace(layout, added=added,
                                              removed=layout.removed + tuple(d.get("removed", ()))))
        if d.get("seat"):  # a Fire Wall: its caster's side (its fear frightens the others)
            state = replace(state, fire_walls=(*state.fire_walls, (d["piece"][0], d["seat"])))
        if kind == "petrified":
            f = state.figure(d["figure"])
            # killed this turn (`attacked` marks it so): a morale trigger for its friends
            state = _figure(state, f.uid, dead=True, attacked=True,
                            effects=(*f.effects, ("petrified", 10**6)))
        return state
    if kind == "charmed":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, seat=d["seat"], charmed_from=f.charmed_from or f.seat,
                       routing=False)
    if kind == "charm_save":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, seat=f.charmed_from, charmed_from="") if d["saved"] \
            else state
    if kind == "animated":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, seat=d["seat"], dead=False, hits=1, wounds=0, mortal=0,
                       stunned=False, disarmed=False, knocked_down=0, routing=False,
                       effects=(*f.effects, ("undead", d["last"]), ("fear", d["last"])))
    if kind == "breathed":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, breaths=f.breaths + 1, attacks_made=f.attacks_made + 1,
                       facing=d["facing"])
    if kind == "detonated":  # the bomb goes off on its bearer's back
        f = state.figure(d["figure"])
        return _figure(state, f.uid, dead=True, attacked=True, hits=0,
                       attacks_made=f.attacks_made + 1)
    if kind == "burned":
        if not d["hit"]:
            return _figure(state, d["figure"], attacked=True)
        return state.with_figure(apply_outcome(state.figure(d["figure"]), d["result"],
                                               state.turn, d.get("mortal_turns", 0)))
    if kind == "deployed":
        state = _figure(state, d["figure"], x=d["to"][0], y=d["to"][1], facing=d["facing"])
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "climb_began":
        state = _figure(state, d["figure"], climbing=(d["arrives"], *d["to"]), moved=True)
        return replace(state, done=(*state.done, d["figure"]))
    if kind == "climb_ended":
        f = state.figure(d["figure"])
        return _figure(state, f.uid, x=f.climbing[1], y=f.climbing[2], climbing=(), moved=True)
    if kind == "teleported":
        return _figure(state, d["figure"], x=d["to"][0], y=d["to"][1])
    if kind == "spell_effect":
        if d.get("saved"):
            return state
        f = state.figure(d["figure"])
        changes: dict = {"effects": (*f.effects, (d["effect"], d["last"]))}
        if d["effect"] == "enlarged" and not any(e == "enlarged" for e, _ in f.effects):
            changes["hits"] = f.hits + 1  # Enlarge: "Hits +1"
        if d["effect"] in ("paralyzed", "helpless"):
            changes["immobilized"] = max(f.immobilized, d["last"])
        return _figure(state, f.uid, **changes)
    if kind == "dispelled":
        f = state.figure(d["figure"])
        held = any(name in ("paralyzed", "helpless") for name, _ in f.effects)
        enlarged = any(name == "enlarged" and last >= state.turn for name, last in f.effects)
        lasting = tuple(e for e in f.effects if e[1] >= PERMANENT)  # (Animate Dead stays)
        return _figure(state, f.uid, effects=lasting, immobilized=0 if held else f.immobilized,
                       hits=max(1, f.hits - 1) if enlarged else f.hits)
    if kind == "turn_ended":
        return _turn_ended(state)
    if kind == "game_over":
        return replace(state, phase=OVER, winner=d["winner"], reason=d["reason"],
                       aftermath=tuple(tuple(sorted(a.items())) for a in d.get("aftermath", ())))
    raise ValueError(f"unknown sns event {kind!r}")


class Stepper:
    """The state as a command's events are emitted."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event_type: str, /, **data) -> State:
        event = Event(event_type, data)
        self.state = evolve(self.state, event)
        self.events.append(event)
        return self.state

    def emit_secret(self, event_type: str, seat: str, redacted: dict, /, **data) -> State:
        """An event only `seat` may read; others see `redacted` (a hand of spells)."""
        event = Event(event_type, data, visible_to=(seat,), redacted=redacted)
        self.state = evolve(self.state, event)
        self.events.append(event)
        return self.state

    def figure(self, uid: str) -> Figure:
        return self.state.figure(uid)
