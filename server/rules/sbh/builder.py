"""The warband builder: prices models with the point formula and checks a
warband against the building rules of seed 000, listing every violation.

A list is `{"name": ..., "models": [entry, ...]}` where an entry is either a
roster profile, `{"profile": "Elf Archer (Bow)"}`, or a custom model,
`{"name": ..., "quality": 3, "combat": 2, "rules": ["Leader", "Shooter (Long)"]}`.
`normalize` turns either into the full form with computed `points`; a
`points` figure sent by the client must agree with the formula.
"""

from __future__ import annotations

from server.rules.kernel import RulesError
from server.rules.sbh.catalog import Catalog, RuleRef, load
from server.rules.sbh.points import points as formula_points
from server.rules.violations import Violation

SELECTING = "seed 000, SELECTING FIGURES"
BUILDING = "seed 000, BUILDING A WARBAND"
DEFAULT_LIMIT = 300
SIZES = ("Big", "Huge", "Gargantuan")


def is_personality(rules: tuple[RuleRef, ...], catalog: Catalog | None = None) -> bool:
    """seed 000, BUILDING A WARBAND: models with Hero, Tough, Leader, Terror,
    Assassin, Cleric or Magic-User, or any rule labelled "(P)"."""
    catalog = catalog or load()
    return any(catalog.ability(r.table_name).personality for r in rules)


def model_problems(name: str, quality: int, rules: tuple[RuleRef, ...],
                   index: int | None = None) -> list[Violation]:
    """Rules that cannot go together on one model."""
    names = [r.name for r in rules]
    found: list[Violation] = []

    def add(code: str, message: str, passage: str) -> None:
        found.append(Violation(code, f"{name}: {message}", passage, index))

    catalog = load()
    for rule in rules:
        reason = catalog.ability(rule.table_name).unplayable
        if reason:
            add("unplayable_rule", f"{rule.name} cannot be played here: {reason}.",
                "seed 000, ABILITY (COST) (see docs/rules/sbh.md, Not played)")
    for rule in sorted({n for n in names if names.count(n) > 1}):
        add("duplicate_rule", f"has {rule} more than once.", "seed 000, ABILITY (COST)")
    if "Rabble" in names and quality < 4:
        add("rabble_quality", f"Rabble models may not have a Quality better than 4+ "
            f"(this one is {quality}+).", "seed 000, RABBLE")
    if "Heavy Armor" in names and "Stealth" in names:
        add("heavy_armor_stealth", "a model wearing Heavy Armor may not benefit from "
            "Stealth.", "seed 000, HEAVY ARMOR")
    if "Unerring Aim" in names and "Shooter" not in names:
        add("needs_shooter", "only models with Shooter may take Unerring Aim.",
            "seed 000, UNERRING AIM")
    if "Legendary Shot" in names and "Shooter" not in names:
        add("needs_shooter", "Legendary Shot can be taken only by a Personality with "
            "the Shooter ability.", "seed 000, LEGENDARY SHOT")
    sizes = [n for n in names if n in SIZES]
    if len(sizes) > 1:
        add("conflicting_sizes", f"a model has one size, not {' and '.join(sizes)}.",
            "seed 000, BIG; HUGE; GARGANTUAN (reading: docs/rules/sbh-catalog.md)")
    if "Short Move" in names and "Long Move" in names:
        add("conflicting_moves", "Short Move and Long Move cannot go together.",
            "seed 000, LONG MOVE; SHORT MOVE (reading: docs/rules/sbh-catalog.md)")
    if any(r.name == "Lethal" and (r.param or "").lower().startswith("lethal") for r in rules):
        add("lethal_vs_lethal", "no model may be Lethal against Lethal models.",
            "seed 000, LETHAL")
    return found


def normalize(warband, limit: int = DEFAULT_LIMIT,
              catalog: Catalog | None = None) -> tuple[dict, list[Violation]]:
    """The list with every entry complete and priced, and all its violations."""
    catalog = catalog or load()
    if not isinstance(warband, dict) or not isinstance(warband.get("models"), list) \
            or not warband["models"]:
        return {}, [Violation("bad_list", "A warband list is {'name': ..., 'models': "
                              "[...]} with at least one model.", SELECTING)]
    models, found = [], []
    for index, entry in enumerate(warband["models"]):
        model, problems = _normalize_entry(entry, index, catalog)
        found += problems
        if model is not None:
            models.append(model)
    if not found:  # (indexes line up with the entries only when all were read)
        found = _lone_swarm_bases(models)
    if found:
        return {}, found
    total = sum(m["points"] for m in models)
    if total > limit:
        found.append(Violation("over_points_limit", f"The warband costs {total} points; "
                               f"the limit is {limit}.", SELECTING))
    personalities = sum(m["points"] for m in models if m["personality"])
    if personalities * 3 > limit:
        found.append(Violation("too_many_personalities", f"Personalities cost "
                               f"{personalities} points; at most one third of {limit} "
                               f"({limit // 3}) may be spent on them.", BUILDING))
    if any("Paladin" in m["rules"] for m in models):
        evil = [m["name"] for m in models  # seed 001: a Sorcerer is "Automatically Evil"
                if "Evil" in m["rules"] or "Sorcerer" in m["rules"]]
        if evil:
            found.append(Violation("paladin_with_evil", f"A Paladin will not serve with "
                                   f"Evil models ({', '.join(evil)}).",
                                   "seed 001, Special Abilities: Paladin"))
    name = warband.get("name", "")
    out = {"name": name if isinstance(name, str) else "", "models": models}
    commander = warband.get("commander")
    if commander is not None:
        if type(commander) is not int or not 1 <= commander <= len(models) \
                or "Leader" not in models[commander - 1]["rules"]:
            found.append(Violation("bad_commander", "The overall commander is given by the "
                                   "number of a model with the Leader rule (the first model "
                                   "is 1).", "seed 000, OPTIONAL: SUB-COMMANDERS"))
        else:
            out["commander"] = commander
    return out, found


def _normalize_entry(entry, index: int, catalog: Catalog):
    def bad(message: str, code: str = "bad_model"):
        return None, [Violation(code, f"Model {index + 1}: {message}", SELECTING, index)]

    if not isinstance(entry, dict):
        return bad("each model is a map with a profile, or name, quality, combat, rules.")
    try:
        if "profile" in entry:
            profile = catalog.profile(str(entry["profile"]))
            name, quality, combat, rules = (profile.name, profile.quality, profile.combat,
                                            profile.rules)
        else:
            name, quality, combat = entry.get("name"), entry.get("quality"), entry.get("combat")
            raw_rules = entry.get("rules", [])
            if not isinstance(name, str) or not name.strip():
                return bad("give the model a name.")
            if not isinstance(quality, int) or not isinstance(combat, int):
                return bad("quality and combat are whole numbers.")
            if not isinstance(raw_rules, list) or not all(isinstance(r, str) for r in raw_rules):
                return bad("rules is a list of rule names.")
            rules = tuple(catalog.rule(r) for r in raw_rules)
        cost = formula_points(quality, combat, rules, catalog) + _were_form_points(rules,
                                                                                  catalog)
    except RulesError as error:
        return bad(error.message, error.code)
    problems = model_problems(name, quality, rules, index)
    claimed = entry.get("points")
    if claimed is not None and claimed != cost:
        problems.append(Violation("wrong_points", f"{name} costs {cost} points, not "
                                  f"{claimed}.", "seed 000, CHARACTER BUILDING FORMULA",
                                  index))
    model = {"name": name, "quality": quality, "combat": combat,
             "rules": [str(r) for r in rules], "points": cost,
             "personality": is_personality(rules, catalog)}
    return model, problems


def _lone_swarm_bases(models: list[dict]) -> list[Violation]:
    """Seed 000, SWARM: "A complete Swarm is represented by two or more swarm
    bases ... the 'two or more bases in a Swarm' condition must be met at
    deployment". A Swarm is its bases of one profile (swarms.py: same name)."""
    bases: dict[str, list[int]] = {}
    for index, model in enumerate(models):
        if "Swarm" in model["rules"]:
            bases.setdefault(model["name"], []).append(index)
    return [Violation("lone_swarm_base", f"{name}: a Swarm takes two or more bases, "
                      "not one.", "seed 000, SWARM", found[0])
            for name, found in bases.items() if len(found) < 2]


def _were_form_points(rules: tuple[RuleRef, ...], catalog: Catalog) -> int:
    """A Were model names its were form, a roster profile, whose printed points
    it also pays (reading: docs/rules/sbh.md, Were)."""
    for rule in rules:
        if rule.name == "Were":
            if not rule.param:
                raise RulesError("bad_were_form", "Were needs its were form, a roster "
                                 "profile: for example Were (Giant Wolf).")
            return catalog.profile(rule.param).points
    return 0


def from_profiles(name: str, counts: dict[str, int]) -> dict:
    """A list of roster profiles: from_profiles("Elves", {"Elf Archer (Dagger And Longbow)": 2})."""
    return {"name": name, "models": [{"profile": profile}
                                     for profile, count in counts.items()
                                     for _ in range(count)]}
