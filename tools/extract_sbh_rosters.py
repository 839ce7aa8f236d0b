"""Extract seed 000's rosters into server/rules/sbh/data/profiles.toml.

A one-off transcription aid kept for whoever re-checks the data: it reads the
scanned text, finds every profile ("Points N Quality Q+ Combat C ... Special
rules ..."; the scan sometimes garbles the order or writes "Ouality"), takes
the name from the heading above it, applies the hand corrections below, and
prints TOML. The TOML in the repository is the source of truth.

    .venv/bin/python tools/extract_sbh_rosters.py > server/rules/sbh/data/profiles.toml
"""

from __future__ import annotations

import re
from pathlib import Path

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_7665dba28ba9dd70.txt"
POINTS = re.compile(r"Points\s*:?\s*(\d+)")
QUALITY = re.compile(r"[OQ]uality\s*:?\s*(\d)")
COMBAT = re.compile(r"Combat\s*:?\s*(\d+)")
RULES = re.compile(r"Special\s+rules?\s*:?", re.I)
NAME = re.compile(r"^[A-Z][A-Z0-9' ,/&()\-.]+$")


def clean(line: str) -> str:
    return line.strip().lstrip("#").strip().strip("*").strip()


def is_stats(line: str) -> bool:
    return bool(POINTS.search(line) or QUALITY.search(line) or COMBAT.search(line))


def profiles(text: str):
    text = text.replace("**", "")
    lines = [clean(x) for x in text[text.index("## ROSTERS"):].splitlines()]
    lines = [x for x in lines if x]
    section, name, i = "", "", 0
    while i < len(lines):
        line = lines[i]
        if POINTS.search(line) and (QUALITY.search(line) or COMBAT.search(line)
                                    or (i + 1 < len(lines) and is_stats(lines[i + 1]))):
            window = [line]
            j = i + 1
            first_label = RULES.search(line)
            done = bool(first_label and line[first_label.end():].strip()
                        and not line.rstrip().endswith(","))
            while not done and j < len(lines) and len(window) < 8 and \
                    not NAME.match(lines[j]):
                window.append(lines[j])
                j += 1
                label = RULES.search(window[-1])
                if label and window[-1][label.end():].strip() and \
                        not window[-1].rstrip().endswith(","):
                    break
            joined = " ".join(window)
            while not (QUALITY.search(joined) and COMBAT.search(joined)) and j < len(lines):
                joined += " " + lines[j]  # a stat split onto a later line
                j += 1
            points = int(POINTS.search(joined).group(1))
            quality = int(QUALITY.search(joined).group(1))
            combat = int(COMBAT.search(joined).group(1))
            rules = rules_of(joined)
            yield section, name, points, quality, combat, rules
            name, i = "", j
            continue
        if NAME.match(line) and not RULES.search(line):
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if is_stats(nxt) or nxt.startswith("("):
                name = f"{name} {line}" if name.count("(") > name.count(")") else line
            elif name.count("(") > name.count(")"):
                name = f"{name} {line}"
            elif line.count("(") > line.count(")"):
                name = line  # a name whose equipment list continues below
            else:
                section, name = line.title(), ""
        elif line.startswith("(") and name:
            name = f"{name} {line}"
        i += 1


def rules_of(joined: str) -> list[str]:
    label = RULES.search(joined)
    if label is None:
        return []
    after = joined[label.end():].strip()
    stats_end = max(m.end() for m in (POINTS.search(joined), QUALITY.search(joined),
                                       COMBAT.search(joined)) if m)
    before = joined[stats_end:label.start()].strip() if stats_end < label.start() else ""
    if before:  # "Combat 4 Slow, Big, Long Move Special rules": the list came first
        after = f"{before}, {after}" if after else before
    after = POINTS.sub("", QUALITY.sub("", COMBAT.sub("", after)))
    after = re.sub(r"\s+", " ", after).strip(" ,+")
    if after.lower().startswith(("none", "use in special")):
        return []
    trailing = re.search(r"\s([A-Z][A-Z' -]{3,}(\(.*)?)$", after)  # the next name ran on
    if trailing:
        after = after[:trailing.start()]
    return [r.strip(" +.") for r in re.split(r"[,;]", after) if r.strip(" +.")]


# Scan garbling fixed by hand: name -> corrected fields, with the reason.
CORRECTIONS = {
    ("", 35, 5, 5): {"name": "ZOMBIE LORD"},  # name ran into the line above
    ("", 45, 4, 3): {"name": "GOBLIN HERO (HAND WEAPON AND SHIELD)"},
    ("", 64, 3, 4): {"name": "HYDRA"},
    ("", 47, 4, 3): {"name": "FLESH GOLEM"},
    ("", 52, 3, 4): {"name": "GIANT COCKROACH"},
    ("COUGAR-MAN ARCHER (BOW, DAGGER)", 38, 3, 3): {"rules": ["Shooter (Medium)"]},
    # the Combat line is missing; the printed points fix it (formula: C2 / C3)
    ("RATMAN SCOUT (SHIFLD AND SPEAR)", 24, 4, 4): {"combat": 2},
    ("RATMAN LEADER (SHIELD AND SWORD)", 60, 3, 1): {"combat": 3},
    # "Ouality 2+" for a 20-point Free Disengage C2 model: the formula gives Q4
    ("HALFLING MESSENGER", 20, 2, 2): {"quality": 4},
}
SPELLING = {"SHIFLD": "SHIELD", "THIFF": "THIEF", "PANIHER": "PANTHER", "ANIS": "ANTS",
            "Undfad": "Undead", "Fives": "Elves", "Bugbfars": "Bugbears",
            "Flementals": "Elementals"}


def fix(text: str) -> str:
    for wrong, right in SPELLING.items():
        text = text.replace(wrong, right)
    return text


def title(name: str) -> str:
    out = re.sub(r"[A-Za-z']+", lambda m: m.group(0).capitalize(), name.lower())
    return re.sub(r"\s+", " ", out).replace("( ", "(").replace(" )", ")")


def canonical_rule(rule: str) -> str:
    rule = re.sub(r"\s+", " ", rule.strip())
    m = re.match(r"(?i)shooter\s*\(?\s*(short|medium|long)\)?$", rule)
    if m:
        return f"Shooter ({m.group(1).capitalize()})"
    m = re.match(r"(?i)lethal\s+(?:vs\.?|versus|against)\s+(.+)$", rule)
    if m:
        return f"Lethal ({m.group(1).strip()})"
    return re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), rule)


def toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> None:
    print("# Every profile of seed 000's ROSTERS, transcribed by tools/extract_sbh_rosters.py")
    print("# and checked against the point formula (see misprints.toml and")
    print("# docs/rules/sbh-catalog.md). Rules are written as in the ABILITY (COST) table.")
    for section, name, points, quality, combat, rules in profiles(SEED.read_text()):
        fields = {"name": name, "points": points, "quality": quality, "combat": combat,
                  "rules": rules}
        fields.update(CORRECTIONS.get((name, points, quality, combat), {}))
        print()
        print("[[profile]]")
        print(f"roster = {toml_string(fix(section) or 'Undead')}")
        print(f"name = {toml_string(title(fix(fields['name'])))}")
        print(f"points = {fields['points']}")
        print(f"quality = {fields['quality']}")
        print(f"combat = {fields['combat']}")
        rules = ", ".join(toml_string(canonical_rule(r)) for r in fields["rules"])
        print(f"rules = [{rules}]")


if __name__ == "__main__":
    main()
