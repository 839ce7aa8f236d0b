"""`evolve` for SBH: one small function per event type, applied in place.

Every die a rule rolled is already inside the event, so nothing here rolls or
decides; these functions only record what happened. Events are plain data:
hexes travel as [q, r] lists. This module has the figures' events (moves,
combats, wounds, losses ...); the set-up's and the scenarios' evolvers are in
evolve_setup.py, those of the flow of play (activations, groups, the pending
stack, turns, the game's end) in evolve_turns.py. All reach every figure they
change through evolve_common (so a `decide` under way can journal it first).
"""

from __future__ import annotations

from collections.abc import Callable

from server.rules.kernel import Event
from server.rules.sbh.evolve_common import changing as _fig
from server.rules.sbh.evolve_common import from_hex, to_hex  # noqa: F401 (used from here)
from server.rules.sbh.evolve_common import spend as _spend
from server.rules.sbh.evolve_common import touch as _touch
from server.rules.sbh.evolve_setup import SETUP_EVOLVERS, VERSIONED_EVOLVERS, drop_treasure
from server.rules.sbh.evolve_turns import TURN_EVOLVERS
from server.rules.sbh.figures import parse_rule
from server.rules.sbh.state import SbhState


def _broke_free(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).transfixed_by = None
    _spend(s, d)


def _moved(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.pos = to_hex(d["to"])
    fig.moves += 1
    if d.get("contact"):
        fig.contacted_this_turn = True
    _spend(s, d)


def _stood_up(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.fallen = False
    fig.stand_up_cost = 1
    _spend(s, d)


def _melee(s: SbhState, d: dict) -> None:
    if not d.get("free_hack"):
        attacker = _fig(s, d["attacker"])
        attacker.attacked = "melee"
        attacker.melee_attacks += 1
        if d.get("special"):
            attacker.special_used = True
    _spend(s, d)


def _shot(s: SbhState, d: dict) -> None:
    for shooter in d.get("volley") or [d["shooter"]]:
        _fig(s, shooter).attacked = "ranged"
    if d.get("javelin"):  # one of the Quest's magic javelins is gone
        left = s.magic_item["javelins"] - 1
        s.magic_item = dict(s.magic_item, javelins=left, spent=left <= 0)
    if d.get("spell_power"):
        s.activation.spell_cast = True
    _spend_spell(s, d)


def _missile_check(s: SbhState, d: dict) -> None:
    if d["spent"] and d["figure"] is not None:  # None: a volley's owner chooses who
        _fig(s, d["figure"]).out_of_missiles = True


def _intercepted(s: SbhState, d: dict) -> None:
    if d["to"] is not None:
        _fig(s, d["by"]).pos = to_hex(d["to"])


def _terror_tested(s: SbhState, d: dict) -> None:
    """Seed 000, TERROR (P): after a failed roll the model "may not move in contact
    with the terrorizing model" (for the rest of this activation: terror.py)."""
    act = s.activation
    if (not d["passed"] and act is not None and act.figure == d["figure"]
            and d["source"] not in act.terror_refused):
        act.terror_refused = act.terror_refused + (d["source"],)


def _volley_rolled(s: SbhState, d: dict) -> None:
    for shooter in d["shooters"]:
        _fig(s, shooter).activated = True
    # seed 000, LEGENDARY SHOT: the volley "uses only one of his attacks, so if he
    # has more actions available, he can perform additional ranged attacks" -- a
    # Legendary Shot shooter (not a declared caster) acts on as a member of the
    # group with the volley's other successes (shots only: shooting.volley_follow_up)
    legendary = [f for f in d["shooters"] if f not in d.get("casters", ())
                 and _fig(s, f).has("Legendary Shot")] if d["successes"] > 1 else []
    s.group = {"leader": d["leader"], "members": legendary, "all": list(d["shooters"]),
               "successes": d["successes"] - 1, "turnover": d["failures"] >= 2,
               "regroup": False, "volley": True}
    for caster in d.get("out_of_power", ()):
        _fig(s, caster).out_of_power = True


def _held(s: SbhState, d: dict) -> None:
    if d["transfixed"]:
        _fig(s, d["target"]).transfixed_by = d["by"]
    s.activation.spell_cast = True
    _spend_spell(s, d)


def _spend_spell(s: SbhState, d: dict) -> None:
    act = s.activation
    if act is not None:
        spell_only = d.get("spell_only", 0)
        act.spell_only -= spell_only
        if act.bonus_dice and spell_only:  # (a spell uses its boosted dice first)
            act.bonus_dice -= min(act.bonus_dice, spell_only)
    _spend(s, d)


def _spent(s: SbhState, d: dict) -> None:
    _spend(s, d)


def _fell(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).fallen = True
    if d.get("stand_up_cost"):
        _fig(s, d["figure"]).stand_up_cost = d["stand_up_cost"]


def _recoiled(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).pos = to_hex(d["to"])


def _hero_rerolled(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).hero_reroll_used = True


def _terror_resisted(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    if d["profile"] not in fig.terror_immune_to:
        fig.terror_immune_to = fig.terror_immune_to + (d["profile"],)


def _followed_up(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).pos = to_hex(d["to"])


def _healed(s: SbhState, d: dict) -> None:
    patient = _fig(s, d["patient"])
    patient.wounds -= d["healed"]
    if d["stood_up"]:
        patient.fallen = False
    if d["faith_lost"]:
        _fig(s, d["figure"]).faith_lost = True
    _spend(s, d)


def _greed_tested(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).greedy = d["greedy"]


def _snapped_out(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).greedy = False
    _spend(s, d)


def _relocated(s: SbhState, d: dict) -> None:
    """A jump or a fall from a height puts the figure somewhere else."""
    fig = _fig(s, d["figure"])
    fig.pos = to_hex(d["to"])
    fig.moves += 1 if d.get("cost") else 0
    if d.get("contact"):  # (for Dashing)
        fig.contacted_this_turn = True
    _spend(s, d)


def _recorded_only(s: SbhState, d: dict) -> None:
    """A roll whose consequence is its own event (kept for the dice log)."""


def _wounded(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).wounds += d.get("amount", 1)


def _killed(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.died_at = fig.pos
    _leave_table(s, fig, "dead")


def _resurrected(s: SbhState, d: dict) -> None:
    """Seed 001, Necromancer: "Undead (at +1 Quality and -1 Combat) and fight on
    the necromancer's side"."""
    fig = _fig(s, d["figure"])
    fig.seat = s.figures[d["by"]].seat
    fig.status, fig.pos, fig.died_at = "ready", to_hex(d["at"]), None
    fig.quality += 1
    fig.combat = max(0, fig.combat - 1)
    fig.rules = {**fig.rules, "Undead": None}
    fig.fallen, fig.transfixed_by, fig.activated = False, None, True
    s.activation.spell_cast = True
    _spend(s, d)


def _mutated(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).transfixed_by = "mutation"
    if s.activation is None:  # a group's roll: its turn in the group is spent
        s.group["members"] = [m for m in s.group["members"] if m != d["figure"]]
        return
    s.activation.actions = 0
    s.activation.spell_only = 0


def _turned_were(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.name, fig.quality, fig.combat = d["form"], d["quality"], d["combat"]
    fig.rules = dict(parse_rule(r) for r in d["rules"])
    fig.fallen = False


def _fled(s: SbhState, d: dict) -> None:
    _leave_table(s, _fig(s, d["figure"]), "fled")


def _carried(s: SbhState, d: dict) -> None:
    passenger = _fig(s, d["passenger"])
    passenger.carried_by = d["figure"]
    passenger.pos = None
    _spend(s, d)


def _dismounted(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.carried_by = None
    fig.pos = to_hex(d["to"])
    if d.get("contact"):  # (for Dashing)
        fig.contacted_this_turn = True
    _spend(s, d)


def _unload(s: SbhState, mount, status: str) -> None:
    """A mount leaves the table: its passenger is left behind fallen where the mount
    died, or goes with it (seed 000, MOUNTED; reading in docs/rules/sbh.md)."""
    for f in s.figures.values():
        if f.carried_by == mount.id:
            _touch(s, f)
            f.carried_by = None
            if status == "dead":
                f.pos, f.fallen = mount.pos, True
            else:
                f.status = status


def _leave_table(s: SbhState, fig, status: str) -> None:
    _unload(s, fig, status)
    drop_treasure(s, fig)
    fig.status = status
    fig.pos = None
    _release_transfixed_by(s, fig.id)


def _release_transfixed_by(s: SbhState, caster: str) -> None:
    # seed 000, TRANSFIX: broken automatically when the magic-user is killed
    for f in s.figures.values():
        if f.transfixed_by == caster:
            _touch(s, f)
            f.transfixed_by = None


def _fled_move(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    if d.get("stood_up"):
        fig.fallen = False
        fig.stand_up_cost = 1
    fig.pos = to_hex(d["to"])


def _morale_tested(s: SbhState, d: dict) -> None:
    if d.get("dead_outnumber_seat"):
        s.dead_outnumber_tested = s.dead_outnumber_tested + (d["dead_outnumber_seat"],)


def _dead_outnumber(s: SbhState, d: dict) -> None:
    s.dead_outnumber_tested = s.dead_outnumber_tested + (d["seat"],)


def _sacrificed(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).sorcery_bonus = d["bonus"]
    _spend(s, d)


def _teleported(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).pos = to_hex(d["to"])
    _spend(s, d)


def _teleport_mishap(s: SbhState, d: dict) -> None:
    fig = _fig(s, d["figure"])
    fig.pos = to_hex(d["to"])
    fig.transfixed_by = "teleport mishap"  # no caster: only breaking free ends it


def _rallied_to_standard(s: SbhState, d: dict) -> None:
    if d.get("to") is not None:
        _fig(s, d["figure"]).pos = to_hex(d["to"])


def _swarm_tightened(s: SbhState, d: dict) -> None:
    for figure, q, r in d["moves"]:
        _fig(s, figure).pos = to_hex([q, r])


def _standard_destroyed(s: SbhState, d: dict) -> None:
    bearer = _fig(s, d["bearer"])
    # a new dict: a figure's rules are shared between clones and never mutated
    bearer.rules = {k: v for k, v in bearer.rules.items() if k != "Standard Bearer"}
    _spend(s, d)


EVOLVERS: dict[str, Callable[[SbhState, dict], None]] = {
    **SETUP_EVOLVERS,
    **TURN_EVOLVERS,
    "terrain_danger_rolled": _recorded_only,
    "terrain_danger_tested": _recorded_only,
    "stray_shot_rolled": _recorded_only,
    "broke_free": _broke_free,
    "moved": _moved,
    "stood_up": _stood_up,
    "melee": _melee,
    "shot": _shot,
    "missile_check": _missile_check,
    "held": _held,
    "volley_rolled": _volley_rolled,
    "intercepted": _intercepted,
    "actions_spent": _spent,
    "fell": _fell,
    "recoiled": _recoiled,
    "wounded": _wounded,
    "hero_rerolled": _hero_rerolled,
    "jumped": _relocated,
    "fell_from_height": _relocated,
    "jumped_down": _relocated,
    "climb_rolled": _recorded_only,
    "slip_tested": _recorded_only,
    "falling_damage_rolled": _recorded_only,
    "healed": _healed,
    "greed_tested": _greed_tested,
    "snapped_out": _snapped_out,
    "followed_up": _followed_up,
    "terror_tested": _terror_tested,
    "terror_resisted": _terror_resisted,
    "poison_rolled": _recorded_only,
    "volley_spell_short": _recorded_only,
    "tailslap_rolled": _recorded_only,
    "killed": _killed,
    "fled": _fled,
    "flee_moved": _fled_move,
    "morale_tested": _morale_tested,
    "dead_outnumber": _dead_outnumber,
    "rallied_to_standard": _rallied_to_standard,
    "teleported": _teleported,
    "resurrected": _resurrected,
    "mutated": _mutated,
    "turned_were": _turned_were,
    "sacrificed": _sacrificed,
    "carried": _carried,
    "dismounted": _dismounted,
    "teleport_mishap": _teleport_mishap,
    "standard_destroyed": _standard_destroyed,
    "swarm_tightened": _swarm_tightened,
}


def evolve_in_place(state: SbhState, event: Event) -> SbhState:
    if event.v == 1:
        EVOLVERS[event.type](state, event.data)
    else:
        VERSIONED_EVOLVERS[event.type, event.v](state, event.data)
    state.log_size += 1
    if state._memo:  # values derived from the state before this event (state.remembered)
        state._memo = {}
    return state
