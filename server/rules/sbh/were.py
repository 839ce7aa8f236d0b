"""Were creatures (seed 001, Special Abilities, Were): "Permanently dead if
killed by spell or magic weapon. When killed or knocked down by non-magical
weapons, it turns into were form."

No seed gives a were form, so the list names it: `Were (Giant Wolf)` takes the
roster profile "Giant Wolf" as the form (docs/rules/sbh.md, Were; the builder
adds that profile's printed points to the model's). When a combat result would
knock the model down (a fall) or kill it, and the winner's weapon is not magic
(no spell, no magic sword, no magic javelin), it turns instead: it stands where
it is with the form's Quality, Combat and rules, and loses Were, so the form
falls and dies as any model. A spell or a magic weapon kills it for good.
"""

from __future__ import annotations

from server.rules.sbh.catalog import load
from server.rules.sbh.figures import Figure

WERE = "seed 001, Special Abilities, Were"


def turns(ctx, fig: Figure, *, magical: bool) -> bool:
    """True if `fig` turns into its were form instead of falling or dying."""
    if magical or not fig.has("Were"):
        return False
    form = load().profile(fig.param("Were"))
    ctx.emit("turned_were", figure=fig.id, form=form.name, quality=form.quality,
             combat=form.combat, rules=form.rule_names())
    return True
