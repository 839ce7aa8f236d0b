"""A Song of Ice & Fire: Tactics (seed 004), the second rules system.

Its layout, as it grows (docs/rules/asoiaf.md records every reading of the scan):
- `cards/`: the card pack format (model, ability, agenda, motivation, objective
  cards, equipment tokens, terrains), its schema and loader, and the effect
  vocabulary abilities are written in; `data/packs/` holds the packs (`core`:
  the book's models, completed into two playable factions).
- `warband.py`: building a warband from a pack, the list checker, and the
  catalog a client builds a list from (`warband catalog asoiaf`).
- `battlefield.py`, `tiles.py`, `scenarios.py`, `render.py`: tiles
  (`data/tiles.toml`), square types, walls, doors and windows, terrain zones,
  deployment zones, objectives and plunder tokens, the scenario layouts
  (`data/scenarios/`) and their text picture, on the shared square geometry
  (server.rules.board.square).
- to come: `system.py` (its kernel face), `state.py`, `setup.py`, and one module
  per rule area (rounds, actions, the attack sequence, conditions, capture, ...).

Rule modules never import the system's dispatcher: dependencies point one way.
"""
