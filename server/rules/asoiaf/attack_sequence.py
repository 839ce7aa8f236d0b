"""The attack sequence's decisions (seed 004, ATTACK SEQUENCE steps 2-10): the
attacker's coins (step 2), the defender's defence abilities and coins (step 4),
its wounds abilities once it lost wounds (after step 6), both sides' aftermaths
(steps 7-8), kill or capture (step 9) and surging forth
(step 10). The attack waits in `State.attack` between steps; `advance` skips
each step nobody has a choice in (attack_prompt.py asks the step it waits at).
Dice are rolled in `roll_attack_event` and `roll_defence_event` (called from
decide) so the faces land in the events, with the terms roll_terms.py gives
(the odds count with the same: odds.py)."""

from __future__ import annotations

import json
from itertools import product

from server.rules.asoiaf import aftermaths as aftermath_rules
from server.rules.asoiaf import (
    attack,
    bought_effects,
    capture,
    coins,
    conditions,
    equipment_uses,
    grant_queue,
    hits,
    motivation_triggers,
    mounts,
    once_per,
    picks,
    roll_terms,
    wounds_abilities,
)
from server.rules.asoiaf import removal as removal_rules
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.roll_terms import context, defence_effects
from server.rules.asoiaf.state import PendingAttack, State, replace
from server.rules.asoiaf.surging import surge_squares
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec, Event

SEQUENCE = "seed 004, ATTACK SEQUENCE"


# -- step 2: the attacker's coins ------------------------------------------------------
def attack_specs(state: State, pack, field, uid: str, index: int, targets: list[str],
                 command: str = "attack", extra_ap: int = 0) -> list[CommandSpec]:
    """The attack (or charge) commands of one attack mode: its targets, grouped
    by the sets of improvements the attacker can afford against them."""
    model = state.model(uid)
    mode = pack.models[model.card].attacks[index]
    purse = state.purses[model.seat]
    if model.ap < mode.ap + extra_ap or not coins.affordable(purse, mode.spend):
        return []
    groups: dict[tuple, list[str]] = {}
    for target in targets:
        words = context(state, pack, field, uid, mode.kind, command == "charge", target)
        choices = coins.improvement_choices(mode.improvements, mode.in_order, "attack",
                                            purse, mode.spend, words)
        groups.setdefault(tuple(map(tuple, choices)), []).append(target)
    found = []
    for key, group in groups.items():
        # a set of improvements picking models: its own option, its picks asked
        picking = {c: bought_effects.pick_params(state, pack, field, model, [
            e for i in c for e in mode.improvements[i].effects]) for c in key}
        plain = [list(c) for c in key if not picking[c]]
        if plain or not key:
            found.append(CommandSpec(command, label=mode.name, args={"mode": index},
                                     params={"target": group, "improvements": plain}))
        found += [CommandSpec(command, label=mode.name, args={"mode": index},
                              params={"target": group, "improvements": [list(c)], **asked})
                  for c, asked in picking.items() if asked and asked != bought_effects.NOBODY]
    # a once-per-game token discarded "before rolling any attack mode"
    words = context(state, pack, field, uid, mode.kind, command == "charge")
    if command == "charge":  # it rolls in contact with its target: BLINDING POWDER's
        words = (words - {"unengaged"}) | {"engaged"}  # "engaged enemy" (docs/rules)
    base = list(found)
    for name in equipment_uses.attack_tokens(state, pack, uid, mode.kind, words):
        found += [CommandSpec(command, label=f"{mode.name} with {name}",
                              args={**spec.args, "equipment": name}, params=spec.params)
                  for spec in base]
    return found


def roll_attack_event(state: State, pack, field, uid: str, index: int, target_uid: str,
                      chosen: list[int], dice: Dice, charging: bool = False,
                      token: str = "", granted: bool = False, blinded: str = "",
                      picked: list | None = None) -> Event:
    """Step 3: roll the attack dice (extra dice bought included) against the
    attack value; improvements and passives change each die; a shaken attacker's
    dice lose 2, natural 10s excepted. `picked`: the models its improvements pick."""
    mode = pack.models[state.model(uid).card].attacks[index]
    bought = Recorded(dice)  # an improvement's hits, before the roll
    state, roll = roll_terms.attack_roll(state, pack, field, uid, index, target_uid, chosen,
                                         charging, bought, picked)
    faces = attack.roll_attack(dice, roll.dice)
    # an engaged enemy's BLINDING POWDER (`blinded`: its token), then LUCKY CHARM
    faces, powder = equipment_uses.change_dice(pack, blinded, "enemy", faces)
    faces, changed = equipment_uses.change_dice(pack, token, "own", faces)
    results = conditions.results(faces, roll.shaken, roll.modifier)
    spent = coins.total(mode.spend, coins.improvements_cost(mode.improvements, chosen))
    return Event("attack_rolled", {
        "attacker": uid, "target": target_uid, "mode": index, "charging": charging,
        "improvements": list(chosen), "spent": {} if charging else coins.as_plain(spent),
        "ap": 0 if charging or granted else mode.ap, "attack_faces": list(faces),
        "attack_results": list(results), "hits": attack.hits(faces, results, roll.value),
        "equipment": token, "changed_dice": powder + changed, **_bought_faces(bought),
        **({"picks": list(picked)} if picked else {})})


def _bought_faces(recorded) -> dict:
    """The dice an improvement's or defence ability's hits and will tests
    rolled, for evolve."""
    return {"bought_faces": list(recorded.faces)} if recorded.faces else {}


def attack_rolled(state: State, pack, field, d: dict) -> State:
    mode = pack.models[state.model(d["attacker"]).card].attacks[d["mode"]]
    bought = [e for i in d["improvements"] for e in mode.improvements[i].effects]
    pending = PendingAttack(d["attacker"], d["target"], d["mode"], mode.kind, "defence",
                            hits=d["hits"], target_square=state.model(d["target"]).square,
                            charging=d["charging"], attacker_token=d["equipment"],
                            defender_changes=coins.defender_changes(bought))
    # the attack waits from now on: wounds bought are held to step 9 (hits.wound_in_attack)
    state = bought_effects.apply(replace(state, attack=pending), pack, d["attacker"],
                                 d["attacker"], d["target"], bought, "attack",
                                 Recorded(faces=d.get("bought_faces", ())),
                                 d.get("picks"))
    attacker = state.model(d["attacker"])
    spent = coins.Coins(**d["spent"]) if d["spent"] else coins.Coins()
    purse = coins.pay(state.purses[attacker.seat], spent)
    attacker = conditions.after_roll(replace(attacker, ap=attacker.ap - d["ap"]))
    state = replace(state.with_model(attacker), purses={**state.purses, attacker.seat: purse})
    if d["equipment"]:  # discarded "before rolling"
        state = equipment_uses.spend(state, attacker.uid)
    if d.get("powder_by"):  # an engaged enemy's BLINDING POWDER, discarded
        state = equipment_uses.spend(state, d["powder_by"])
    if state.granted and state.granted[0] == attacker.uid:  # a granted attack, performed
        state = grant_queue.done(state)
    return advance(state, pack, field)


def declared(state: State, pack, field, d: dict) -> State:
    """An attack declared and not rolled: an engaged enemy may first discard its
    BLINDING POWDER (step "powder")."""
    mode = pack.models[state.model(d["attacker"]).card].attacks[d["mode"]]
    pending = PendingAttack(d["attacker"], d["target"], d["mode"], mode.kind, "powder",
                            target_square=state.model(d["target"]).square,
                            charging=d["charging"],
                            declared=(tuple(d["improvements"]), d["equipment"], d["granted"])
                            + ((json.dumps(d["picks"]),) if d.get("picks") else ()),
                            powder=d["powder"])
    return replace(state, attack=pending)


# -- steps 4-6: the defence ------------------------------------------------------------
def defence_choices(state: State, pack, field, pending: PendingAttack) -> list[list]:
    """Every combination of the defender's defence abilities it can use and pay
    for: each ability unused, or used with a set of its improvements; as
    [[name, [improvement indices]], ...]. The first choice is using none."""
    target = state.model(pending.target)
    purse = state.purses[target.seat]
    words = context(state, pack, field, pending.target, pending.kind, False)
    per_ability = []
    for name in pack.models[target.card].abilities:
        ability = pack.abilities[name]
        if not coins.defends(ability, words) or not once_per.available(state, target.uid,
                                                                      ability):
            continue
        uses: list = [None]
        if ability.improvements:
            for chosen in coins.improvement_choices(ability.improvements, ability.in_order,
                                                    "defence", purse, ability.cost, words):
                if chosen and (not ability.effects
                               or coins.roll_effects_only(ability.effects, "defence")):
                    uses.append([name, chosen])
        elif coins.roll_effects_only(ability.effects, "defence") \
                and coins.affordable(purse, ability.cost):
            uses.append([name, []])
        per_ability.append(uses)
    choices = []
    for combo in product(*per_ability):
        used = [u for u in combo if u is not None]
        if coins.affordable(purse, _defence_cost(pack, used)):
            choices.append(used)
    return choices


def _defence_cost(pack, used: list) -> coins.Coins:
    costs = []
    for name, chosen in used:
        ability = pack.abilities[name]
        costs += [ability.cost, coins.improvements_cost(ability.improvements, chosen)]
    return coins.total(*costs)


def roll_defence_event(state: State, pack, field, used: list, dice: Dice,
                       token: str = "", picked: list | None = None) -> Event:
    """Step 5: "The defender rolls as many dice as hits received. Each [die]
    scoring equal or above their [defence] blocks 1 hit"; step 6: each unblocked
    hit is a wound."""
    pending = state.attack
    bought = Recorded(dice)  # a defence ability's hits, before the roll
    state, roll = roll_terms.defence_roll(state, pack, field, used, bought, picked)
    target = state.model(pending.target)
    faces = attack.roll_defence(dice, pending.hits + roll.dice) if pending.hits else ()
    # the attacker's BLINDING POWDER, then the defender's LUCKY CHARM (it sees the powder)
    faces, blinded = equipment_uses.change_dice(pack, pending.attacker_token, "enemy", faces)
    faces, lucky = equipment_uses.change_dice(pack, token, "own", faces)
    results = conditions.results(faces, roll.shaken, roll.modifier)
    blocked = attack.blocks(faces, results, roll.value, pending.hits)
    return Event("defended", {"target": target.uid, "abilities": used,
                              "spent": coins.as_plain(_defence_cost(pack, used)),
                              "defence_faces": list(faces), "defence_results": list(results),
                              "wounds": pending.hits - blocked, "equipment": token,
                              "changed_dice": blinded + lucky, **_bought_faces(bought),
                              **({"picks": list(picked)} if picked else {})})


def defended(state: State, pack, field, d: dict) -> State:
    state = bought_effects.apply(state, pack, d["target"], state.attack.attacker, d["target"],
                                 defence_effects(pack, d["abilities"]), "defence",
                                 Recorded(faces=d.get("bought_faces", ())),
                                 d.get("picks"))
    target = state.model(d["target"])
    purse = coins.pay(state.purses[target.seat], coins.Coins(**d["spent"]))
    if d["defence_faces"]:
        target = conditions.after_roll(target)
    lost = min(target.wounds_left, d["wounds"])
    target = replace(target, wounds_left=target.wounds_left - lost)
    state = replace(state.with_model(target), purses={**state.purses, target.seat: purse})
    if d["equipment"]:
        state = equipment_uses.spend(state, target.uid)
    for name, _ in d["abilities"]:
        state = once_per.record(state, target.uid, pack.abilities[name])
    pending = replace(state.attack, wounds=d["wounds"], lost=lost, step="wounds")
    return advance(replace(state, attack=pending), pack, field)


def wounds_ability_used(state: State, pack, field, d: dict) -> State:
    """A wounds ability used (or declined) right after step 6."""
    state = wounds_abilities.used(state, pack, d)
    return advance(replace(state, attack=replace(state.attack, step="attacker_aftermath")),
                   pack, field)


# -- steps 7-8: aftermaths (aftermaths.py) ----------------------------------------------
def aftermaths(state: State, pack, field, pending: PendingAttack, step: str) -> list:
    """The aftermath abilities usable now: the attack mode's (step 7) or the
    defender's card's (step 8)."""
    attacker = state.model(pending.attacker)
    if step == "attacker_aftermath":
        owner = attacker
        found = pack.models[attacker.card].attacks[pending.mode].aftermath
    else:
        owner = state.model(pending.target)
        found = [pack.abilities[n] for n in pack.models[owner.card].abilities
                 if pack.abilities[n].timing == "aftermath"]
    words = context(state, pack, field, owner.uid, pending.kind, pending.charging)
    return aftermath_rules.usable(state, pack, field, owner, found, words)


def aftermath_owner(pending: PendingAttack) -> str:
    return pending.attacker if pending.step == "attacker_aftermath" else pending.target


def aftermath_event(state: State, pack, field, args: dict, dice: Dice) -> Event:
    """Resolve once to roll any will dice; the event keeps them for evolve."""
    recorded = Recorded(dice)
    if args.get("ability"):
        use_aftermath(state, pack, field, args, recorded)
    data = {"ability": args.get("ability", "")}
    for key in ("target", "targets", "square"):  # the model(s) or square its player picked
        if args.get(key):
            data[key] = args[key]
    if picks.listed(args) is not None:  # several picks, in order (picks.py)
        data["picks"] = picks.listed(args)
    if recorded.faces:  # (an aftermath with a will test)
        data["will_faces"] = recorded.faces
    return Event("aftermath_used", data)


def use_aftermath(state: State, pack, field, d: dict, dice=None) -> State:
    """Pay and apply the aftermath; then the next step. Wounds it deals take
    effect now; a model left with none is removed at step 9 ("at the end of the
    current action")."""
    pending = state.attack
    step = pending.step
    if d.get("ability"):
        ability = next(a for a in aftermaths(state, pack, field, pending, step)
                       if a.name == d["ability"])
        dice = dice or Recorded(faces=d.get("will_faces", ()))
        state = aftermath_rules.apply(state, pack, pending, aftermath_owner(pending),
                                      ability, dice, picks.picked(d, ability.effects),
                                      d.get("square"))
    following = "defender_aftermath" if step == "attacker_aftermath" else "removal"
    return advance(replace(state, attack=replace(state.attack, step=following)), pack, field)


# -- steps 9-10: removal and surging forth -----------------------------------------------
def remove(state: State, pack, field, removal: str, token: str = "") -> State:
    """Step 9: the target leaves the battlefield as the attacker chose (or killed,
    with no choice), then an attacker left with no wounds dies too. A mounted
    model left with none loses only its mount (seed 004, MOUNTED CHARACTERS):
    it waits in `State.dismounting` for its player to place the infantry model,
    "before any enemy model surges forth"."""
    pending = state.attack
    target = state.model(pending.target)
    if removal == "captured" and pending.step == "removal" \
            and equipment_uses.flask(state, pack, target.uid):  # STRANGLER FLASK: asked
        return replace(state, attack=replace(pending, step="strangler"))
    if token:  # "discard to kill them instead"
        state, removal = equipment_uses.spend(state, target.uid), "killed"
    outright = removal_rules.outright(pack, pending) and target.on_battlefield
    if outright:
        target = replace(target, wounds_left=0)
        state = state.with_model(target)
    vacated = ()
    if target.wounds_left == 0 and not target.removed \
            and (outright or not mounts.mount_died(pack, target)):
        vacated = tuple(tuple(sq) for sq in target.squares)
        if removal == "captured":
            state = capture.capture(state, pending.attacker, target.uid)
        else:
            state = capture.kill(state, target.uid)
        # seed 004, MOTIVATIONS CARDS: the kill or capture's triggers wait for their players
        state = motivation_triggers.after_removal(state, pending.attacker, target.uid,
                                                  removal, pack.models, pack.motivations,
                                                  vacated)
    # the attacker, a friend that took wounds for the target, a model an aftermath
    # wounded, left with none
    for uid in [m.uid for m in state.models if m.wounds_left == 0 and m.on_battlefield]:
        state = hits.fall(state, pack, uid, removal_rules.killer(pending, uid))
    pending = replace(pending, step="dismount" if state.dismounting else "surge",
                      vacated=vacated)
    return advance(replace(state, attack=pending), pack, field)


def dismounted(state: State, pack, field, d: dict) -> State:
    """A mount died in this attack: its rider stands on the square chosen; the
    target's other squares are left for surging forth."""
    uid = d["model"]
    before = state.model(uid)
    state = mounts.dismount(state, pack, uid, d["square"], 0)
    pending = state.attack
    if uid == pending.target:
        pending = replace(pending, vacated=tuple(tuple(sq) for sq in before.squares
                                                 if list(sq) != list(d["square"])))
    state = replace(state, attack=pending,
                    dismounting=tuple(u for u in state.dismounting if u != uid))
    return advance(state, pack, field)


def advance(state: State, pack, field) -> State:
    """Move the attack past every step nobody has a choice in."""
    pending = state.attack
    while pending is not None:
        if state.wounds_waiting:  # an aftermath's wounds: a wounds ability asked first
            return replace(state, attack=pending)
        step = pending.step
        if step == "defence":
            if pending.hits:
                return state
            pending = replace(pending, step="wounds")
        elif step == "wounds":
            if pending.wounds and wounds_abilities.specs(state, pack, field, pending.target):
                return state
            pending = replace(pending, step="attacker_aftermath")
        elif step in ("attacker_aftermath", "defender_aftermath"):
            if aftermaths(state, pack, field, pending, step):
                return state
            pending = replace(pending, step="defender_aftermath"
                              if step == "attacker_aftermath" else "removal")
        elif step in ("strangler", "powder"):  # the token's player decides
            return replace(state, attack=pending)
        elif step == "dismount":
            if state.dismounting:
                return replace(state, attack=pending)
            pending = replace(pending, step="surge")
        elif step == "removal":
            if removal_rules.choice(state, pack, pending):
                return replace(state, attack=pending)
            return remove(replace(state, attack=pending), pack, field, "killed")
        else:
            if surge_squares(state, field, pending):
                return replace(state, attack=pending)
            return replace(state, attack=None)
        state = replace(state, attack=pending)
    return state
