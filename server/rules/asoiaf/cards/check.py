"""Field-by-field checking of TOML tables against the schema Structs, so that a
malformed card reports every wrong field, not only the first (msgspec.convert
stops at the first).

    check_struct({"name": "X", "wounds": "four"}, ModelCard)
        -> [("wounds", "must be a whole number, not 'four'"), ("faction", "is missing"), ...]
"""

import difflib
import types
import typing
from typing import Any, Literal, Union

import msgspec

from server.rules.asoiaf.cards.vocabulary import EFFECTS, Effect

Found = list[tuple[str, str]]  # (field path, what is wrong)

_WORDS = {int: "a whole number", str: "a text", bool: "true or false"}


def check_struct(value: Any, struct: type, path: str = "") -> Found:
    """Every problem of `value` read as `struct`, each with its field path."""
    if not isinstance(value, dict):
        return [(path, f"must be a table of fields, not {_show(value)}")]
    found: Found = []
    fields = {f.encode_name: f for f in msgspec.structs.fields(struct)}
    tag_field = struct.__struct_config__.tag_field
    for key in value:
        if key not in fields and key != tag_field:
            close = difflib.get_close_matches(key, list(fields), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            found.append((_join(path, key), f"is not a field of this card{hint}"))
    for name, field in fields.items():
        if name in value:
            found += check_value(value[name], field.type, _join(path, name))
        elif field.default is msgspec.NODEFAULT and field.default_factory is msgspec.NODEFAULT:
            found.append((_join(path, name), "is missing"))
    return found


def check_value(value: Any, tp: Any, path: str) -> Found:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return check_struct(value, tp, path)
    if origin in (Union, types.UnionType):
        effects = [a for a in args if isinstance(a, type) and issubclass(a, Effect)]
        if effects:
            return _check_effect(value, path)
        options = [a for a in args if a is not type(None)]
        return check_value(value, options[0], path)  # Optional[X]: TOML omits None
    if origin is list:
        if not isinstance(value, list):
            return [(path, f"must be a list, not {_show(value)}")]
        return [p for i, item in enumerate(value)
                for p in check_value(item, args[0], f"{path}[{i + 1}]")]
    if origin is Literal:
        if value not in args:
            allowed = ", ".join(f"'{a}'" for a in args)
            return [(path, f"is {_show(value)}; it must be one of {allowed}")]
        return []
    if tp is int and (not isinstance(value, int) or isinstance(value, bool)):
        return [(path, f"must be {_WORDS[int]}, not {_show(value)}")]
    if tp in (str, bool) and not isinstance(value, tp):
        return [(path, f"must be {_WORDS[tp]}, not {_show(value)}")]
    return []


def _check_effect(value: Any, path: str) -> Found:
    if not isinstance(value, dict):
        return [(path, f"must be an effect table, not {_show(value)}")]
    name = value.get("effect")
    if not isinstance(name, str) or name not in EFFECTS:  # (a list is no name: unhashable)
        close = difflib.get_close_matches(str(name), list(EFFECTS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        what = "has no 'effect' key" if name is None else f"names an unknown effect {_show(name)}"
        return [(path, f"{what}{hint}; the effects are listed in "
                       "server/rules/asoiaf/cards/vocabulary.py")]
    return check_struct(value, EFFECTS[name], path)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)
