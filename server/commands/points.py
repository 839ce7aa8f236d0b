"""`warband points sbh --quality Q --combat C --rules "..."`: price one model."""

from __future__ import annotations

import argparse
import sys

from server.cli import CommandError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("points", help="price a model with the point formula",
                       description="Price one model with the rules system's point formula.")
    p.add_argument("system", choices=("sbh",), help="rules system")
    p.add_argument("--quality", "-q", type=int, required=True, help="Quality, 2 to 6")
    p.add_argument("--combat", "-c", type=int, required=True, help="Combat score")
    p.add_argument("--rules", "-r", default="",
                   help='special rules, comma separated: "Leader, Shooter (Long)"')
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from server.rules.kernel import RulesError
    from server.rules.sbh.builder import is_personality, model_problems
    from server.rules.sbh.catalog import load
    from server.rules.sbh.points import exact_points, points

    catalog = load()
    try:
        rules = catalog.rules(args.rules)
        cost = points(args.quality, args.combat, rules, catalog)
        exact = exact_points(args.quality, args.combat, rules, catalog)
    except RulesError as error:
        raise CommandError(error.message) from None
    problems = model_problems("This model", args.quality, rules)
    unplayable = [p for p in problems if p.code == "unplayable_rule"]
    problems = [p for p in problems if p.code != "unplayable_rule"]
    if problems:
        raise CommandError(" ".join(p.message for p in problems))
    for note in unplayable:  # priced all the same: the formula knows its cost
        print(f"warband: note: {note.message}", file=sys.stderr)
    note = f" (formula {float(exact):g})" if exact != cost else ""
    kind = ", Personality" if is_personality(rules, catalog) else ""
    print(f"{cost} points{note}{kind}")
    return 0
