"""The checks across cards of a loaded pack: linked infantry versions, abilities
named by model cards, factions and sigils, sane values and coin costs, the
effects' references (terrains, special hooks), motivations for every hero.
Each problem names the file, the card and what is wrong.
"""

import msgspec

from server.rules.asoiaf.cards import engine_shapes, schema
from server.rules.asoiaf.cards.pack import Pack, Problem
from server.rules.asoiaf.cards.timings import timing_problems
from server.rules.asoiaf.cards.vocabulary import (
    SPECIAL_HOOKS,
    ChangeDie,
    DealHits,
    DealWounds,
    FlipTerrain,
    ModifyValue,
    Special,
    WillTest,
)

# the words before the engine's reason it would never use an ability
NEVER = "the engine would never use it: "
AGENDA_DECK = 5  # seed 004, PLAYING THE GAME: "their own deck of 5 unique agenda cards"


def cross_problems(pack: Pack, origin: dict) -> list[Problem]:
    found: list[Problem] = []

    def add(kind: str, word: str, name: str, message: str) -> None:
        found.append(Problem(origin.get((kind, name)) or "", f"{word} '{name}'", message))

    def known(kind: str, name: str) -> bool:
        return (kind, name) in origin  # loaded, or refused already (reported there)

    for model in pack.models.values():
        _model(model, pack, known, lambda m, n=model.name: add("model", "model card", n, m))
    for ability in pack.abilities.values():
        for message in _ability(ability, pack, known, named=False,
                                shape=engine_shapes.model_ability):
            add("ability", "ability", ability.name, message)
    heroes = {m.character for m in pack.models.values() if m.type == "hero"}
    for motivation in pack.motivations.values():
        if motivation.hero not in heroes and not known("model", motivation.hero):
            add("motivation", "motivation card", motivation.hero,
                f"its hero '{motivation.hero}' is not a hero card of the pack")
        for side in ("alive", "deceased"):
            for ability in getattr(motivation, side):
                for message in _ability(ability, pack, known,
                                        shape=engine_shapes.motivation_side(side)):
                    add("motivation", "motivation card", motivation.hero,
                        f"{side.title()} side: {message}")
    for hero in sorted(heroes - set(pack.motivations)):
        if known("model", hero):
            add("model", "model card", hero, "it is a hero and has no motivation card "
                "(seed 004: \"Each hero has one unique motivation card\")")
    for agenda in pack.agendas.values():
        for ability in agenda.abilities:
            for message in _ability(ability, pack, known, shape=engine_shapes.agenda_ability):
                add("agenda", "agenda card", agenda.name, message)
    if 0 < len(pack.agendas) < AGENDA_DECK:
        file = origin.get(("agenda", next(iter(pack.agendas)))) or "agendas.toml"
        found.append(Problem(file, "", f"a deck holds {AGENDA_DECK} unique "
                             f"agenda cards; the pack has {len(pack.agendas)}"))
    for objective in pack.objectives.values():
        for message in _ability(objective.action, pack, known,
                                shape=engine_shapes.objective_action):
            add("objective", "objective card", objective.name, message)
    for token in pack.equipment.values():
        for message in _equipment(token, pack, known):
            add("equipment", "equipment token", token.name, message)
    for terrain in pack.terrains.values():
        for message in _terrain(terrain, pack, known):
            add("terrain", "terrain", terrain.name, message)
    return found


def _model(model: schema.ModelCard, pack: Pack, known, add) -> None:
    faction = pack.factions.get(model.faction)
    if faction is None:
        add(f"its faction '{model.faction}' is not a faction of the pack "
            f"(known: {', '.join(pack.factions) or 'none'})")
    elif model.sigil and model.sigil not in faction.sigils:
        add(f"its sigil '{model.sigil}' is not a sigil of the faction '{model.faction}'")
    _coins(model.cost, add, "its cost")
    if model.cost.total() == 0:
        add("it costs nothing; every model costs coins to field")
    largest = schema.LARGEST
    if model.cost.gold > largest.gold or model.cost.silver > largest.silver \
            or model.cost.copper > largest.copper:
        add(f"it costs {model.cost}, more than the largest warband ({largest}) can pay")
    for name in sorted({n for n in model.abilities if model.abilities.count(n) > 1}):
        add(f"it lists the ability '{name}' more than once")
    for value, what in ((model.will, "will"), (model.defence, "defence")):
        if not 1 <= value <= 10:
            add(f"its {what} is {value}+; a ten-sided die needs 1 to 10")
    if model.wounds < 1:
        add(f"it has {model.wounds} wounds; a model has at least 1")
    for attack in model.attacks:
        if attack.dice < 1 or not 1 <= attack.value <= 10 or not 0 <= attack.ap <= 3:
            add(f"its attack mode '{attack.name}' needs at least 1 die, a value of 1 to "
                f"10 and 0 to 3 AP (it has {attack.dice} dice, {attack.value}+, "
                f"{attack.ap} AP)")
        if attack.range < 0:
            add(f"its attack mode '{attack.name}' has a range of {attack.range} squares")
        if attack.range and attack.kind == "close":
            add(f"its close combat attack mode '{attack.name}' has a range; only ranged "
                "attacks do (close combat is against an engaged enemy)")
        _coins(attack.spend, add, f"its attack mode '{attack.name}' spend")
        for improvement in attack.improvements:
            _coins(improvement.cost, add, f"an improvement of '{attack.name}'")
            for message in _effects(improvement.effects, pack, known):
                add(f"attack mode '{attack.name}': {message}")
            if not _effects(improvement.effects, pack, known):
                reason = engine_shapes.attack_improvement(improvement)
                if reason:
                    add(f"attack mode '{attack.name}': an improvement {NEVER}{reason}")
        for ability in attack.aftermath:
            if ability.timing != "aftermath":
                add(f"attack mode '{attack.name}': its aftermath '{ability.name}' has the "
                    f"timing '{ability.timing}', not 'aftermath'")
            for message in _ability(ability, pack, known,
                                    timed=ability.timing == "aftermath",
                                    shape=engine_shapes.attack_aftermath):
                add(f"attack mode '{attack.name}': {message}")
    for name in model.abilities:
        if name not in pack.abilities and not known("ability", name):
            add(f"its ability '{name}' is not in the pack")
    if model.infantry:
        foot = pack.models.get(model.infantry)
        if not model.large:
            add(f"it names an infantry version '{model.infantry}' but is not large; only "
                "a large (mounted) card has an infantry version")
        if model.type == "soldier":
            add("it is a soldier; only heroes and champions have mounted and infantry "
                "versions")
        if foot is None:
            if not known("model", model.infantry):
                add(f"its infantry version '{model.infantry}' is not in the pack")
        elif foot.large or foot.infantry:
            add(f"its infantry version '{model.infantry}' is not an infantry card")
        elif (foot.faction, foot.sigil) != (model.faction, model.sigil):
            add(f"its infantry version '{model.infantry}' is of another faction or sigil")
        elif foot.type != model.type:
            add(f"it is a {model.type} and its infantry version '{model.infantry}' a "
                f"{foot.type}: the two versions are one character")


def _coins(coins: schema.Coins, add, what: str) -> None:
    if min(coins.gold, coins.silver, coins.copper) < 0:
        add(f"{what} has a negative number of coins ({coins.gold} gold, "
            f"{coins.silver} silver, {coins.copper} copper)")


def _ability(ability: schema.Ability, pack: Pack, known, named: bool = True,
             timed: bool = True, shape=None) -> list[str]:
    """Problems of an ability; `named`: say which (it sits on another card);
    `timed`: judge what its timing allows (not when the timing itself is wrong);
    `shape`: the engine's reason it would never use it (engine_shapes.py), asked
    when nothing else is wrong with it."""
    out: list[str] = []
    name = f"ability '{ability.name}': " if ability.name and named else ""
    if ability.timing == "command" and ability.ap is None:
        out.append(f"{name}a command ability is an action and needs its AP ('ap')")
    if ability.ap is not None and not 0 <= ability.ap <= 3:
        out.append(f"{name}it costs {ability.ap} AP; a model has at most 3")
    if (ability.timing == "trigger") != (ability.trigger is not None):
        out.append(f"{name}a 'trigger' ability names its trigger, and only it does")
    if ability.trigger_types and ability.trigger not in ("kills_enemy", "captures_enemy"):
        out.append(f"{name}'trigger_types' only filters the kills_enemy and "
                   "captures_enemy triggers")
    if ability.trigger_coin and ability.trigger != "friendly_spent_coin":
        out.append(f"{name}'trigger_coin' only goes with the friendly_spent_coin trigger")
    if min(ability.cost.gold, ability.cost.silver, ability.cost.copper) < 0:
        out.append(f"{name}its cost has a negative number of coins")
    if not ability.effects and not ability.improvements:
        out.append(f"{name}it has no effect and no improvement")
    if timed:
        out += [name + m for m in timing_problems(ability)]
    for improvement in ability.improvements:
        out += [name + m for m in _effects(improvement.effects, pack, known)]
    out += [name + m for m in _effects(ability.effects, pack, known)]
    reason = shape(ability) if shape and timed and not out else None
    if reason:  # (asked of a card otherwise sound: its shape is then the problem)
        out.append(f"{name}{NEVER}{reason}")
    return out


def _equipment(token: schema.Equipment, pack: Pack, known) -> list[str]:
    out = _effects(token.effects, pack, known)
    if token.cost.gold or token.cost.silver or token.cost.copper < 1:
        out.append(f"it costs {token.cost}; equipment is bought with copper only "
                   "(seed 004, ASSEMBLING YOUR WARBAND)")
    if not token.types:
        out.append("no model type may take it ('types' is empty)")
    reason = None if out else engine_shapes.equipment_token(token)
    if reason:  # (asked of a token otherwise sound)
        out.append(f"{NEVER}{reason}")
    return out


def acts_on_entry(effect) -> bool:
    """Whether terrain_entry.py acts `effect` on a model entering a "must" terrain."""
    return isinstance(effect, DealWounds | DealHits) \
        or (isinstance(effect, Special) and effect.hook == "reveal_dead_leaves")


def _terrain(terrain: schema.Terrain, pack: Pack, known) -> list[str]:
    out = _effects(terrain.effects, pack, known)
    if terrain.action is not None:
        out += _ability(terrain.action, pack, known)
    if terrain.interact == "must" and not terrain.effects:
        out.append("it is marked 'must' interact but has no effects for a model entering it")
    for effect in terrain.effects if terrain.interact == "must" else ():
        if not acts_on_entry(effect):  # (terrain_entry.py acts these, and no other)
            out.append(f"its '{effect.__struct_config__.tag}' effect for a model entering "
                       "it is none the engine acts on entry: deal_wounds, deal_hits or the "
                       "reveal_dead_leaves hook")
    if terrain.interact == "may" and terrain.action is None:
        out.append("it is marked 'may' interact but has no action")
    if terrain.charge and (len(terrain.charge) != 2 or not 1 <= terrain.charge[1] <= 10):
        out.append(f"its charge is {terrain.charge}; write [dice, value] with a value "
                   "of 1 to 10")
    if terrain.charge and not terrain.destroyed_into:
        out.append("it can be charged but names no 'destroyed_into' terrain")
    if terrain.destroyed_into and terrain.destroyed_into not in pack.terrains \
            and not known("terrain", terrain.destroyed_into):
        out.append(f"it is destroyed into '{terrain.destroyed_into}', which is not a "
                   "terrain of the pack")
    if len(terrain.size) != 2 or min(terrain.size) < 1:
        out.append(f"its size is {terrain.size}; write [width, height] in squares")
    return out


def _effects(effects: list, pack: Pack, known) -> list[str]:
    out: list[str] = []
    for effect in effects:
        if isinstance(effect, FlipTerrain) and effect.into not in pack.terrains \
                and not known("terrain", effect.into):
            out.append(f"an effect flips into the terrain '{effect.into}', which is not "
                       "in the pack")
        if isinstance(effect, Special) and effect.hook not in SPECIAL_HOOKS:
            out.append(f"a special effect names the hook '{effect.hook}', which is not "
                       "one of " + ", ".join(SPECIAL_HOOKS))
        if isinstance(effect, ChangeDie) and not 1 <= effect.to <= 10:
            out.append(f"a change_die effect changes a die to {effect.to}; a die shows "
                       "1 to 10")
        if isinstance(effect, ModifyValue) and effect.value == "wounds" \
                and effect.until == "roll":
            out.append("a modify_value of 'wounds' (the maximum wounds) cannot last a roll: "
                       "no roll reads it; 'until' is action, activation, turn, round or game")
        if isinstance(effect, WillTest):
            out += _effects(effect.on_success + effect.on_failure, pack, known)
        for field in msgspec.structs.fields(effect):
            value = getattr(effect, field.name)
            if isinstance(value, int) and not isinstance(value, bool) and value < 0 \
                    and field.name != "by":
                out.append(f"a {effect.__struct_config__.tag} effect has {field.name} = "
                           f"{value}; only 'by' may be negative")
    return out
