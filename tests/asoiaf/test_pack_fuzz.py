"""Whatever a pack file holds, loading it either succeeds or raises PackError
naming problems: never another exception (a pack author sees words, not a
traceback)."""

import json
import tomllib

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.rules.asoiaf.cards.loader import PackError, load_pack_dir
from server.rules.asoiaf.cards.schema import Ability, ModelCard

scalars = st.one_of(st.integers(-3, 12), st.text(alphabet="ab Z'-!é", max_size=6), st.booleans(),
                    st.sampled_from(["close", "ranged", "passive", "hero", "Baratheon",
                                     "deal_wounds", "will_test"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["effect", "name", "gold", "copper", "who", "roll", "by", "dice", "kind", "ap",
         "value", "wounds", "target", "on_success", "cost", "timing", "text"]),
        inner, max_size=4)), max_leaves=8)


def _card(struct):
    keys = [f.encode_name for f in msgspec.structs.fields(struct)] + ["bogus"]
    return st.dictionaries(st.sampled_from(keys), values, max_size=8)


def _toml(value) -> str:
    """A TOML document of one [[table]] row (values as inline TOML)."""
    def inline(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML string
        if isinstance(v, list):
            return "[" + ", ".join(inline(x) for x in v) + "]"
        return "{" + ", ".join(f"{k} = {inline(x)}" for k, x in v.items()) + "}"
    return "\n".join(f"{k} = {inline(v)}" for k, v in value.items())


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(model=_card(ModelCard), ability=_card(Ability))
def test_any_card_is_loaded_or_refused_in_words(tmp_path_factory, model, ability):
    pack = tmp_path_factory.mktemp("fuzz")
    (pack / "pack.toml").write_text('[pack]\nname = "fuzz"\nfactions = [{ name = "Baratheon" }]\n')
    (pack / "models.toml").write_text("[[model]]\n" + _toml(model) + "\n")
    (pack / "abilities.toml").write_text("[[ability]]\n" + _toml(ability) + "\n")
    for name in ("models.toml", "abilities.toml"):
        tomllib.loads((pack / name).read_text())  # the generator writes valid TOML
    try:
        load_pack_dir(pack)
    except PackError as e:
        assert e.problems and all(str(p) for p in e.problems)
