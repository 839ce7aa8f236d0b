"""The ASOIAF card pack format (docs/rules/asoiaf.md, "The card pack format").

- `vocabulary.py`: the closed set of effects, timings, triggers and requirements
  abilities are written in, and the named special hooks.
- `schema.py`: one msgspec Struct per kind of card.
- `check.py`: field-by-field checking of TOML tables against those Structs.
- `loader.py`: `load_pack(name)` / `load_pack_dir(path)`, PackError naming every
  problem; `crossref.py`: the checks across cards; `pack.py`: the loaded Pack
  and a Problem, which both read; `timings.py`: what a timing can never do;
  `engine_shapes.py`: what the engine would never use, asked of each timing's
  own module.
"""
