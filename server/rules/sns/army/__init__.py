"""Army building for Swords & Sorcery (seed 003, UNIT COSTS, SAMPLE UNITS, EXAMPLE
OF A SPECIAL HERO, BASIC SCENARIO).

- `catalog.py`: the data files, validated by msgspec structs, and name look-up.
- `pricing.py`: a unit's gold from its kit (type, abilities, equipment).
- `check.py`: an army list against a scenario's rules, every problem listed.
"""
