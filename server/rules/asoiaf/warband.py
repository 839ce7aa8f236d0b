"""Building an ASOIAF warband from a card pack (seed 004, ASSEMBLING YOUR
WARBAND), and the list checker naming every violation with its reason and
passage, as SBH's `lists.py` does; `catalog` is what a client needs to build one.

A list: {"name": ..., "faction": "Baratheon", "models": [entry, ...]} where an
entry is a card name or {"card": "Robert Baratheon", "equipment": "Lucky Charm"}.

    check_list(warband, {"size": "3-6-18"})
        -> {"valid", "size", "budget", "spent", "left", "models", "problems"}
"""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.cards.pack import Pack
from server.rules.asoiaf.cards.schema import SIZES, Coins, ModelCard
from server.rules.asoiaf.scenarios import load_scenarios, packaged_scenarios
from server.rules.kernel import RulesError
from server.rules.violations import Violation

ASSEMBLING = "seed 004, ASSEMBLING YOUR WARBAND"
NEUTRALS = "seed 004, NEUTRALS MODELS"
MOUNTED = "seed 004, MOUNTED CHARACTERS"
EQUIPMENT = "seed 004, EQUIPMENT TOKENS"
CARDS = "seed 004, MODEL CARDS"
DEFAULT_SIZE = "3-6-18"
DEFAULT_PACK = "core"


def game_size(options: Mapping[str, Any] | None) -> str:
    """The game size of the match settings: `size` as asked, else the scenario's
    ("The scenario tells you how many coins you have to assemble your warband"),
    else 3-6-18. RulesError('invalid_setup') for a size the book does not have, an
    unknown scenario, or a size the scenario is not played at."""
    options = dict(options or {})
    scenario = _scenario_size(options["scenario"]) if "scenario" in options else None
    size = options.get("size", scenario or DEFAULT_SIZE)
    if size not in SIZES:
        raise RulesError("invalid_setup", f"There is no warband size {size!r}; the sizes "
                         "are " + ", ".join(SIZES) + " (gold - silver - copper).", ASSEMBLING)
    if scenario is not None and size != scenario:
        raise RulesError("invalid_setup", f"The scenario {options['scenario']} is played "
                         f"at {scenario}, not {size}.", ASSEMBLING)
    return size


def _scenario_size(key: Any) -> str:
    """The warband size "gold-silver-copper" of the scenario `key`."""
    scenario = load_scenarios().get(key) if isinstance(key, str) else None
    if scenario is None:
        raise RulesError("invalid_setup", f"There is no scenario {key!r}; choose one of "
                         f"{', '.join(sorted(load_scenarios()))}.", ASSEMBLING)
    return "-".join(map(str, scenario.coins))


def check_list(warband: Any, options: Mapping[str, Any] | None = None,
               pack: Pack | None = None) -> dict[str, Any]:
    """The list judged under the game size: every violation with its reason."""
    size = game_size(options)
    pack = pack or load_pack(DEFAULT_PACK)
    budget = SIZES[size]
    problems: list[Violation] = []
    entries = _entries(warband, problems)
    faction = warband.get("faction") if isinstance(warband, dict) else None
    if faction not in pack.factions:
        known = ", ".join(pack.factions)
        problems.append(Violation("unknown_faction", f"The warband's faction {faction!r} is "
                                  f"not a faction of the pack ({known}).", ASSEMBLING))
        faction = None
    picked: list[tuple[int, ModelCard, str]] = []
    for index, (card_name, equipment) in enumerate(entries):
        card = pack.models.get(card_name)
        if card is None:
            problems.append(Violation("unknown_model", f"There is no model card called "
                                      f"{card_name!r}.", CARDS, index))
            continue
        picked.append((index, card, equipment))
        if equipment:
            problems += _equipment_problems(pack, card, equipment, index)
    if faction:
        problems += _faction_problems(pack, faction, picked)
    problems += _character_problems(picked)
    problems += _unique_equipment(pack, picked)
    spent = _spent(pack, picked)
    problems += _budget_problems(budget, spent, len(entries), size)
    if faction and not any(p.code in ("over_budget", "unknown_model") for p in problems):
        problems += _unspent_problems(pack, faction, picked, budget, spent, len(entries))
    left = Coins(budget.gold - spent.gold, budget.silver - spent.silver,
                 budget.copper - spent.copper)
    return {"valid": not problems, "size": size, "budget": _coins(budget),
            "spent": _coins(spent), "left": _coins(left),
            "models": [{"card": c.name, "type": c.type, "cost": _coins(c.cost),
                        "equipment": e or None} for _, c, e in picked],
            "problems": [p.to_wire() for p in problems]}


def _entries(warband: Any, problems: list[Violation]) -> list[tuple[str, str]]:
    models = warband.get("models") if isinstance(warband, dict) else None
    if not isinstance(models, list) or not models:
        problems.append(Violation("no_models", "A warband lists its models under "
                                  "'models' and has at least one.", ASSEMBLING))
        return []
    out = []
    for index, entry in enumerate(models):
        if isinstance(entry, str):
            out.append((entry, ""))
        elif isinstance(entry, dict) and isinstance(entry.get("card"), str) \
                and isinstance(entry.get("equipment", ""), str):
            out.append((entry["card"], entry.get("equipment", "")))
        else:
            problems.append(Violation("bad_entry", f"Model {index + 1} must be a card name "
                                      "or {card, equipment}.", ASSEMBLING, index))
            out.append(("", ""))
    return out


def _faction_problems(pack: Pack, faction: str, picked) -> list[Violation]:
    """"All models in a warband must belong to the same faction"; sigils never
    mix; up to 1 neutral hero, 1 neutral champion and 1 neutral soldier join."""
    out = []
    sigils = Counter(c.sigil for _, c, _ in picked if c.faction == faction and c.sigil)
    first = sigils.most_common(1)[0][0] if sigils else ""
    neutrals: Counter[str] = Counter()
    for index, card, _ in picked:
        if card.faction == faction:
            if card.sigil and card.sigil != first:
                out.append(Violation("mixed_sigils", f"{card.name} is loyal to the "
                           f"{card.sigil} sigil and the warband has {first} models: models "
                           "with different sigils can never be part of the same warband.",
                           ASSEMBLING, index))
        elif pack.factions[card.faction].neutral:
            neutrals[card.type] += 1
            if neutrals[card.type] > 1:
                out.append(Violation("too_many_neutrals", f"{card.name} is a second "
                           f"neutral {card.type}: up to 1 neutral hero, 1 neutral champion "
                           "and 1 neutral soldier can join another faction.", NEUTRALS, index))
        else:
            out.append(Violation("wrong_faction", f"{card.name} is of the {card.faction} "
                       f"faction, not {faction}: all models in a warband must belong to "
                       "the same faction.", ASSEMBLING, index))
    return out


def _character_problems(picked) -> list[Violation]:
    """Heroes and champions are unique: one card of a name, and a mounted and an
    infantry version of one character never together."""
    out, seen = [], {}
    for index, card, _ in picked:
        if card.type == "soldier":
            continue
        if card.character in seen:
            other = seen[card.character]
            if other == card.name:
                out.append(Violation("duplicate_character", f"{card.name} is in the warband "
                           "twice: heroes and champions with the same name may never be "
                           "included in the same warband.", CARDS, index))
            else:
                out.append(Violation("both_versions", f"{card.name} and {other} are the "
                           "same character: the mounted and infantry versions can't be "
                           "fielded at the same time.", MOUNTED, index))
        seen.setdefault(card.character, card.name)
    return out


def _equipment_problems(pack: Pack, card: ModelCard, name: str, index: int):
    token = pack.equipment.get(name)
    if token is None:
        return [Violation("unknown_equipment", f"There is no equipment token called "
                          f"{name!r}.", EQUIPMENT, index)]
    out = []
    if card.type not in token.types:
        out.append(Violation("equipment_type", f"{card.name} is a {card.type}; {name} can "
                   f"only be given to: {', '.join(token.types)}.", EQUIPMENT, index))
    if "infantry" in token.requires and card.large:
        out.append(Violation("equipment_type", f"{card.name} is a large model; {name} is for "
                   "infantry models.", EQUIPMENT, index))
    return out


def _unique_equipment(pack: Pack, picked) -> list[Violation]:
    out, seen = [], set()
    for index, _, name in picked:
        token = pack.equipment.get(name)
        if token and token.unique:
            if name in seen:
                out.append(Violation("unique_equipment", f"{name} is unique: you can only "
                           "ever have 1 of these in your warband.", EQUIPMENT, index))
            seen.add(name)
    return out


def _spent(pack: Pack, picked) -> Coins:
    gold = silver = copper = 0
    for _, card, name in picked:
        gold, silver, copper = gold + card.cost.gold, silver + card.cost.silver, \
            copper + card.cost.copper
        if name in pack.equipment:
            copper += pack.equipment[name].cost.copper
    return Coins(gold, silver, copper)


def _budget_problems(budget: Coins, spent: Coins, count: int, size: str) -> list[Violation]:
    out = []
    for coin in ("gold", "silver", "copper"):
        have, used = getattr(budget, coin), getattr(spent, coin)
        if used > have:
            out.append(Violation("over_budget", f"The warband spends {used} {coin} and a "
                       f"{size} game allows {have}: coins of one type can't be traded for "
                       "another.", ASSEMBLING))
    if count > budget.copper:
        out.append(Violation("too_many_models", f"The warband has {count} models and "
                   f"{budget.copper} copper: it can never contain more models than the "
                   "amount of copper.", ASSEMBLING))
    return out


def _unspent_problems(pack: Pack, faction: str, picked, budget: Coins, spent: Coins,
                      count: int) -> list[Violation]:
    """"players are required to spend as many gold and silver coins as possible":
    gold (or silver) left while a model that could still join costs it."""
    out = []
    left = Coins(budget.gold - spent.gold, budget.silver - spent.silver,
                 budget.copper - spent.copper)
    if count >= budget.copper:
        return out
    taken = {c.character for _, c, _ in picked}
    sigil = next((c.sigil for _, c, _ in picked if c.faction == faction and c.sigil), "")
    neutral_types = {c.type for _, c, _ in picked if c.faction != faction}
    for coin in ("gold", "silver"):
        if not getattr(left, coin):
            continue
        for card in pack.models.values():
            if not getattr(card.cost, coin) or card.character in taken:
                continue
            if card.cost.gold > left.gold or card.cost.silver > left.silver \
                    or card.cost.copper > left.copper:
                continue
            if card.faction == faction:
                fits = not card.sigil or not sigil or card.sigil == sigil
            else:
                fits = pack.factions[card.faction].neutral and card.type not in neutral_types
            if fits:
                out.append(Violation("coins_unspent", f"{getattr(left, coin)} {coin} left "
                           f"unspent while {card.name} ({card.cost}) could still join: "
                           "spend as many gold and silver coins as possible.", ASSEMBLING))
                break
    return out


def _coins(coins: Coins) -> dict[str, int]:
    return {"gold": coins.gold, "silver": coins.silver, "copper": coins.copper}


def presets(pack: Pack | None = None) -> list[dict]:
    """The ready-made warbands of the pack's warbands.toml. A copy: the file is
    read once (every new match's opening state asks), and no caller's change to
    what it is given reaches the next caller."""
    return copy.deepcopy(_presets_read(pack))


def preset(key: str, pack: Pack | None = None) -> dict | None:
    """The ready-made warband `key` (a copy), or None: `presets` without copying
    every other one."""
    found = next((p for p in _presets_read(pack) if p["key"] == key), None)
    return copy.deepcopy(found)


def preset_keys(size: str, pack: Pack | None = None) -> list[str]:
    """The keys of the ready-made warbands of `size` ("small"...), sorted."""
    return sorted(p["key"] for p in _presets_read(pack) if p.get("size") == size)


def _presets_read(pack: Pack | None) -> list[dict]:
    """The warbands file as read (shared: not for handing out)."""
    pack = pack or load_pack(DEFAULT_PACK)
    path = pack.directory / "warbands.toml" if pack.directory else None
    if path is None or not path.exists():
        return []
    return _warbands_file(path)


@cache
def _warbands_file(path: Path) -> list[dict]:
    with open(path, "rb") as f:
        return tomllib.load(f).get("warband", [])


def catalog(options: Mapping[str, Any] | None = None,
            pack: Pack | None = None) -> dict[str, Any]:
    """What a client needs to build a list: sizes, factions, every model card
    with its type and cost, every equipment token, and the ready-made lists
    with what is wrong with each at this size (nothing, when it fits)."""
    size = game_size(options)
    pack = pack or load_pack(DEFAULT_PACK)
    ready = []
    for warband in presets(pack):
        if warband["size"] == size:
            checked = check_list(warband, {"size": size}, pack)
            ready.append({"key": warband["key"], "name": warband["name"],
                          "faction": warband["faction"], "models": warband["models"],
                          "spent": checked["spent"], "problems": checked["problems"]})
    return {"pack": pack.name, "size": size, "sizes": {k: _coins(v) for k, v in SIZES.items()},
            "budget": _coins(SIZES[size]),
            "factions": [{"name": f.name, "sigils": f.sigils, "neutral": f.neutral}
                         for f in pack.factions.values()],
            "models": [{"name": c.name, "title": c.title, "faction": c.faction,
                        "sigil": c.sigil, "type": c.type, "cost": _coins(c.cost),
                        "large": c.large, "infantry": c.infantry or None, "will": c.will,
                        "defence": c.defence, "wounds": c.wounds,
                        "attacks": [{"name": a.name, "kind": a.kind, "ap": a.ap,
                                     "dice": a.dice, "value": a.value} for a in c.attacks],
                        "abilities": c.abilities} for c in pack.models.values()],
            "equipment": [{"name": t.name, "cost": _coins(t.cost), "types": t.types,
                           "unique": t.unique, "text": t.text}
                          for t in pack.equipment.values()],
            "presets": ready, "scenarios": scenarios_offered()}


def scenarios_offered() -> list[dict]:
    """The scenarios a match may be created with, smallest first: key, name,
    warband size (its coins per player; "small" to "large") and rounds."""
    found = sorted(packaged_scenarios().items(), key=lambda kv: (kv[1].coins, kv[1].rounds))
    return [{"key": key, "name": s.name, "size": "-".join(map(str, s.coins)),
             "size_name": s.size,
             "coins": dict(zip(("gold", "silver", "copper"), s.coins, strict=True)),
             "rounds": s.rounds} for key, s in found]
