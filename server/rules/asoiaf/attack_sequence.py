"""The attack sequence's decisions (seed 004, ATTACK SEQUENCE steps 2-10): the
attacker's coins (step 2), the defender's defence abilities and coins (step 4),
its wounds abilities once it lost wounds (after step 6), both sides' aftermaths
(steps 7-8), kill or capture (step 9) and surging forth
(step 10). The attack waits in `State.attack` between steps; `advance` skips
each step nobody has a choice in. Dice are rolled in `roll_attack_event` and
`roll_defence_event` (called from decide) so the faces land in the events."""

from __future__ import annotations

from itertools import product

from server.rules.asoiaf import aftermaths as aftermath_rules
from server.rules.asoiaf import (
    attack,
    capture,
    coins,
    command_abilities,
    conditions,
    equipment,
    equipment_uses,
    motivations,
    mounts,
    once_per,
    passives,
    requirements,
    wounds_abilities,
)
from server.rules.asoiaf.state import Condition, PendingAttack, State, replace
from server.rules.asoiaf.surging import surge_squares
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec, Decision, Event

SEQUENCE = "seed 004, ATTACK SEQUENCE"


def context(state: State, pack, field, uid: str, kind: str, charging: bool = False,
            target_uid: str = "") -> set[str]:
    """The requirement words true for model `uid` in this attack (coins.requirements_met)."""
    model = state.model(uid)
    words = {"close_combat" if kind == "close" else "ranged"}
    if charging:
        words.add("charging")
    words |= requirements.standing(state, pack, field, uid)
    if target_uid and pack.models[state.model(target_uid).card].type != "soldier":
        words.add("target_hero_or_champion")
    if target_uid and passives.on_terrain(field, model, "high_ground") \
            and not passives.on_terrain(field, state.model(target_uid), "high_ground"):
        words.add("on_high_ground")  # seed 004, HIGH GROUND: "against enemies not on"
    return words


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
    found = [CommandSpec(command, label=mode.name, args={"mode": index},
                         params={"target": group, "improvements": [list(c) for c in key]})
             for key, group in groups.items()]
    # a once-per-game token discarded "before rolling any attack mode"
    words = context(state, pack, field, uid, mode.kind, command == "charge")
    if command == "charge":  # it rolls in contact with its target: BLINDING POWDER's
        words = (words - {"unengaged"}) | {"engaged"}  # "engaged enemy" (docs/rules)
    for name in equipment_uses.attack_tokens(state, pack, uid, mode.kind, words):
        found += [CommandSpec(command, label=f"{mode.name} with {name}",
                              args={**spec.args, "equipment": name}, params=spec.params)
                  for spec in found[:len(groups)]]
    return found


def roll_attack_event(state: State, pack, field, uid: str, index: int, target_uid: str,
                      chosen: list[int], dice: Dice, charging: bool = False,
                      token: str = "", granted: bool = False, blinded: str = "") -> Event:
    """Step 3: roll the attack dice (extra dice bought included) against the
    attack value; improvements and passives change each die; a shaken attacker's
    dice lose 2, natural 10s excepted."""
    model = state.model(uid)
    mode = pack.models[model.card].attacks[index]
    effects = [e for i in chosen for e in mode.improvements[i].effects]
    extra, modifier = coins.roll_bonus(effects, "attack")
    extra += coins.value_change(effects, "attack_dice") \
        + passives.value_change(state, pack, field, uid, "attack_dice")
    value = mode.value + coins.value_change(effects, "attack_value") \
        + passives.value_change(state, pack, field, uid, "attack_value")
    modifier += passives.roll_modifier(state, pack, field, uid, "attack")
    words = context(state, pack, field, uid, mode.kind, charging, target_uid)
    modifier += passives.terrain_modifier(pack, field, model, "attack", words)
    modifier += equipment.roll_modifier(pack, model, "attack", words)
    faces = attack.roll_attack(dice, mode.dice + extra)
    # an engaged enemy's BLINDING POWDER (`blinded`: its token), then LUCKY CHARM
    faces, powder = equipment_uses.change_dice(pack, blinded, "enemy", faces)
    faces, changed = equipment_uses.change_dice(pack, token, "own", faces)
    results = conditions.results(faces, Condition.SHAKEN in model.conditions, modifier)
    spent = coins.total(mode.spend, coins.improvements_cost(mode.improvements, chosen))
    return Event("attack_rolled", {
        "attacker": uid, "target": target_uid, "mode": index, "charging": charging,
        "improvements": list(chosen), "spent": {} if charging else coins.as_plain(spent),
        "ap": 0 if charging or granted else mode.ap, "attack_faces": list(faces),
        "attack_results": list(results), "hits": attack.hits(faces, results, value),
        "equipment": token, "changed_dice": powder + changed})


def attack_rolled(state: State, pack, field, d: dict) -> State:
    attacker = state.model(d["attacker"])
    mode = pack.models[attacker.card].attacks[d["mode"]]
    spent = coins.Coins(**d["spent"]) if d["spent"] else coins.Coins()
    purse = coins.pay(state.purses[attacker.seat], spent)
    attacker = conditions.after_roll(replace(attacker, ap=attacker.ap - d["ap"]))
    state = replace(state.with_model(attacker), purses={**state.purses, attacker.seat: purse})
    if d["equipment"]:  # discarded "before rolling"
        state = equipment_uses.spend(state, attacker.uid)
    if d.get("powder_by"):  # an engaged enemy's BLINDING POWDER, discarded
        state = equipment_uses.spend(state, d["powder_by"])
    if state.granted and state.granted[0] == attacker.uid:  # a granted attack, performed
        state = replace(state, granted=())
    bought = [e for i in d["improvements"] for e in mode.improvements[i].effects]
    pending = PendingAttack(d["attacker"], d["target"], d["mode"], mode.kind, "defence",
                            hits=d["hits"], target_square=state.model(d["target"]).square,
                            charging=d["charging"], attacker_token=d["equipment"],
                            defender_changes=coins.defender_changes(bought))
    return advance(replace(state, attack=pending), pack, field)


def declared(state: State, pack, field, d: dict) -> State:
    """An attack declared and not rolled: an engaged enemy may first discard its
    BLINDING POWDER (step "powder")."""
    mode = pack.models[state.model(d["attacker"]).card].attacks[d["mode"]]
    pending = PendingAttack(d["attacker"], d["target"], d["mode"], mode.kind, "powder",
                            target_square=state.model(d["target"]).square,
                            charging=d["charging"],
                            declared=(tuple(d["improvements"]), d["equipment"], d["granted"]),
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
        if ability.timing != "defence" or not coins.requirements_met(ability.requires, words) \
                or not once_per.available(state, target.uid, ability):
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
                       token: str = "") -> Event:
    """Step 5: "The defender rolls as many dice as hits received. Each [die]
    scoring equal or above their [defence] blocks 1 hit"; step 6: each unblocked
    hit is a wound."""
    pending = state.attack
    target = state.model(pending.target)
    effects = [e for name, chosen in used
               for e in pack.abilities[name].effects
               + [x for i in chosen for x in pack.abilities[name].improvements[i].effects]]
    extra, modifier = coins.roll_bonus(effects, "defence")
    against, worse = pending.defender_changes  # the attacker's improvements
    modifier += against + passives.roll_modifier(state, pack, field, target.uid, "defence")
    defence = pack.models[target.card].defence + worse + coins.value_change(effects, "defence") \
        + passives.value_change(state, pack, field, target.uid, "defence")
    modifier += equipment.roll_modifier(pack, target, "defence",
                                        context(state, pack, field, target.uid, pending.kind))
    faces = attack.roll_defence(dice, pending.hits + extra) if pending.hits else ()
    # the attacker's BLINDING POWDER, then the defender's LUCKY CHARM (it sees the powder)
    faces, blinded = equipment_uses.change_dice(pack, pending.attacker_token, "enemy", faces)
    faces, lucky = equipment_uses.change_dice(pack, token, "own", faces)
    results = conditions.results(faces, Condition.SHAKEN in target.conditions, modifier)
    blocked = attack.blocks(faces, results, defence, pending.hits)
    return Event("defended", {"target": target.uid, "abilities": used,
                              "spent": coins.as_plain(_defence_cost(pack, used)),
                              "defence_faces": list(faces), "defence_results": list(results),
                              "wounds": pending.hits - blocked, "equipment": token,
                              "changed_dice": blinded + lucky})


def defended(state: State, pack, field, d: dict) -> State:
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
    recorded = command_abilities.Recorded(dice)
    if args.get("ability"):
        use_aftermath(state, pack, field, args, recorded)
    data = {"ability": args.get("ability", "")}
    for key in ("target", "square"):  # the model or square its player picked
        if args.get(key):
            data[key] = args[key]
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
        dice = dice or command_abilities.Recorded(faces=d.get("will_faces", ()))
        state = aftermath_rules.apply(state, pack, pending, aftermath_owner(pending),
                                      ability, dice, d.get("target"), d.get("square"))
    following = "defender_aftermath" if step == "attacker_aftermath" else "removal"
    return advance(replace(state, attack=replace(state.attack, step=following)), pack, field)


# -- steps 9-10: removal and surging forth -----------------------------------------------
def removal_choice(state: State, pack, pending: PendingAttack) -> bool:
    """Whether the attacker chooses between killing and capturing the target."""
    target = state.model(pending.target)
    card = pack.models[target.card]
    if _outright(pack, pending):  # OBSIDIAN DAGGER: "cannot be captured"
        return False
    return (target.wounds_left == 0 and not target.removed
            and capture.may_capture(state, pending.attacker, card.type, card.large,
                                    pending.kind))


def _outright(pack, pending: PendingAttack) -> bool:
    """OBSIDIAN DAGGER: "If this attack deals at least 1 wound, the defender is
    killed regardless of any remaining wounds"."""
    return pending.lost > 0 and equipment_uses.kills_outright(pack, pending.attacker_token)


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
    outright = _outright(pack, pending) and target.on_battlefield
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
        state = motivations.after_removal(state, pending.attacker, target.uid, removal,
                                          pack.models, pack.motivations, vacated)
    # the attacker, or a friend that took wounds for the target, left with none
    dismounting = []
    for uid in [m.uid for m in state.models if m.wounds_left == 0 and m.on_battlefield]:
        if mounts.mount_died(pack, state.model(uid)):
            dismounting.append(uid)
            continue
        # killed by the defender's aftermath, or by the attack it took wounds from
        killer = pending.target if uid == pending.attacker else pending.attacker
        squares = state.model(uid).squares
        state = motivations.deceased_side(capture.kill(state, uid), uid, pack.models,
                                          pack.motivations, squares, killer)
    pending = replace(pending, step="dismount" if dismounting else "surge", vacated=vacated)
    return advance(replace(state, attack=pending, dismounting=tuple(dismounting)), pack, field)


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
            if removal_choice(state, pack, pending):
                return replace(state, attack=pending)
            return remove(replace(state, attack=pending), pack, field, "killed")
        else:
            if surge_squares(state, field, pending):
                return replace(state, attack=pending)
            return replace(state, attack=None)
        state = replace(state, attack=pending)
    return state


# -- the prompt --------------------------------------------------------------------------
def decision(state: State, pack, field) -> Decision:
    pending = state.attack
    attacker, target = state.model(pending.attacker), state.model(pending.target)
    if pending.step == "defence":
        choices = {"abilities": defence_choices(state, pack, field, pending)}
        words = context(state, pack, field, target.uid, pending.kind)
        return Decision(target.seat, f"{attacker.card} scores {pending.hits} hit(s) on "
                        f"{target.card}: use defence abilities and coins, or none.",
                        (CommandSpec("defend", params=choices),
                         *(CommandSpec("defend", label=f"with {name}",
                                       args={"equipment": name}, params=choices)
                           for name in equipment_uses.defence_tokens(state, pack,
                                                                     target.uid, words))))
    if pending.step == "wounds":
        return Decision(target.seat, f"{target.card} loses {pending.wounds} wound(s): use "
                        "a wounds ability, or not.",
                        (*wounds_abilities.specs(state, pack, field, target.uid),
                         CommandSpec("decline_wounds_ability")))
    if pending.step in ("attacker_aftermath", "defender_aftermath"):
        owner = attacker if pending.step == "attacker_aftermath" else target
        options = []
        for a in aftermaths(state, pack, field, pending, pending.step):
            params = {key: found for key, found in (
                ("target", aftermath_rules.targets(state, pack, field, owner, a)),
                ("square", aftermath_rules.squares(state, field, owner, a))) if found}
            options.append(CommandSpec("aftermath", label=a.name, args={"ability": a.name},
                                       params=params))
        return Decision(owner.seat, "An aftermath may be used now.",
                        (*options, CommandSpec("decline_aftermath")))
    if pending.step == "dismount":
        return mounts.decision(state)
    if pending.step == "strangler":
        return equipment_uses.flask_decision(state, pack)
    if pending.step == "powder":
        return equipment_uses.powder_decision(state, pack)
    if pending.step == "removal":
        return Decision(attacker.seat, f"{target.card} has lost all wounds: kill or capture?",
                        (CommandSpec("remove", params={"removal": ["killed", "captured"]}),))
    squares = [list(sq) for sq in surge_squares(state, field, pending)]
    return Decision(attacker.seat, "Surge forth into the square left empty, or hold.",
                    (CommandSpec("surge", params={"square": squares}), CommandSpec("hold")))

