"""Swords & Sorcery (seed 003, "SWORDS & SORCERY / FANTASY MINIATURES / WAR GAMING
RULES"), issue 34, on the measured table of `server/rules/board/measured*.py`.

So far: army building (`army/`: the cost table, the sample units and the basic
scenario's list rules, read from `data/*.toml`). The engine (`system.py`,
`state.py`, `setup.py`, a module per rule area) comes later; the system is not
registered in `server/rules/registry.py` until it plays. Readings of the seed are
recorded in docs/rules/sns.md.
"""
