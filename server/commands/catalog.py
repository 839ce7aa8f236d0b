"""`warband catalog sbh [--json]`: every roster profile with its points.
`warband catalog asoiaf [--size 3-6-18] [--pack DIR] [--json]`: every model card
with its coin cost, the equipment tokens and the ready-made lists of a card
pack (the core pack, or the pack in DIR: a pack author's check that it loads,
every problem named when it does not)."""

from __future__ import annotations

import argparse
import json

SYSTEMS = ("sbh", "asoiaf")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("catalog", help="list a rules system's roster profiles",
                       description="List every roster profile with its printed and "
                                   "computed points.")
    p.add_argument("system", choices=SYSTEMS, help="rules system")
    p.add_argument("--json", action="store_true", help="print one JSON array")
    p.add_argument("--size", default="3-6-18",
                   help="asoiaf: the game size, gold-silver-copper (2-4-12, 3-6-18, 4-8-24)")
    p.add_argument("--pack", help="asoiaf: a card pack directory to load and check")
    p.set_defaults(handler=run)


def rows() -> list[dict]:
    from server.rules.sbh.catalog import load
    from server.rules.sbh.points import points

    catalog = load()
    return [{"roster": p.roster, "name": p.name, "quality": p.quality, "combat": p.combat,
             "rules": p.rule_names(), "printed_points": p.points,
             "computed_points": points(p.quality, p.combat, p.rules, catalog),
             "misprint": catalog.misprints[p.name].reason if p.name in catalog.misprints
             else None}
            for p in catalog.profiles]


def run(args: argparse.Namespace) -> int:
    if args.system == "asoiaf":
        return run_asoiaf(args)
    table = rows()
    if args.json:
        print(json.dumps(table, indent=1))
        return 0
    roster = None
    for row in table:
        if row["roster"] != roster:
            roster = row["roster"]
            print(f"\n{roster}")
        mark = "" if row["printed_points"] == row["computed_points"] else \
            f"  (printed {row['printed_points']}: misprint)"
        rules = ", ".join(row["rules"]) or "-"
        print(f"  {row['computed_points']:>4} pts  Q{row['quality']}+ C{row['combat']}  "
              f"{row['name']}: {rules}{mark}")
    return 0


def run_asoiaf(args: argparse.Namespace) -> int:
    from server.rules.asoiaf.cards.loader import PackError, load_pack_dir
    from server.rules.asoiaf.warband import catalog
    from server.rules.kernel import RulesError

    try:
        pack = load_pack_dir(args.pack) if args.pack else None
        data = catalog({"size": args.size}, pack)
    except PackError as e:
        print(e)
        return 1
    except RulesError as e:
        print(e)
        return 2
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    budget = data["budget"]
    print(f"pack {data['pack']}, size {data['size']}: {budget['gold']} gold, "
          f"{budget['silver']} silver, {budget['copper']} copper")
    faction = None
    for model in sorted(data["models"], key=lambda m: m["faction"]):
        if model["faction"] != faction:
            faction = model["faction"]
            print(f"\n{faction}")
        cost = ", ".join(f"{n} {c}" for c, n in model["cost"].items() if n)
        sigil = f" [{model['sigil']}]" if model["sigil"] else ""
        attacks = "; ".join(f"{a['name']} {a['kind']} {a['dice']}d {a['value']}+"
                            for a in model["attacks"]) or "no attack"
        print(f"  {model['type']:<8} {cost:<18} {model['name']}{sigil}: will "
              f"{model['will']}+ def {model['defence']}+ {model['wounds']} wounds; "
              f"{attacks}; {', '.join(model['abilities']) or '-'}")
    print("\nequipment")
    for token in data["equipment"]:
        unique = ", unique" if token["unique"] else ""
        print(f"  {token['cost']['copper']} copper  {token['name']} "
              f"({'/'.join(token['types'])}{unique})")
    print("\nready-made warbands")
    for preset in data["presets"]:
        state = "ok" if not preset["problems"] else "; ".join(
            p["message"] for p in preset["problems"])
        print(f"  {preset['key']} ({preset['faction']}): {state}")
    return 0
