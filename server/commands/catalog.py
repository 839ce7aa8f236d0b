"""`warband catalog sbh [--json]`: every roster profile with its points."""

from __future__ import annotations

import argparse
import json

SYSTEMS = ("sbh",)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("catalog", help="list a rules system's roster profiles",
                       description="List every roster profile with its printed and "
                                   "computed points.")
    p.add_argument("system", choices=SYSTEMS, help="rules system")
    p.add_argument("--json", action="store_true", help="print one JSON array")
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
