"""The ready-made warband lists the picker offers for `submit_list`, as the
server's `catalog` reply lists them (`Session.catalog`): only those the server
says fit the match, with the server's price. Nothing is priced here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    points: int
    list: dict  # as `submit_list` takes it: {"name", "models": [{"profile": ...}, ...]}

    @classmethod
    def from_catalog(cls, entry: dict) -> Preset:
        """One of the catalog reply's `presets`."""
        return cls(entry["key"], entry["name"], entry["points"],
                   {"name": entry["name"], "models": [{"profile": m} for m in entry["models"]]})

    def warband(self) -> dict:
        return self.list

    def describe(self) -> str:
        counts: dict[str, int] = {}
        for model in self.list["models"]:
            name = str(model.get("profile") or model.get("name")).split(" (")[0]
            counts[name] = counts.get(name, 0) + 1
        parts = ", ".join(f"{n} x {name}" if n > 1 else name for name, n in counts.items())
        return f"{self.name} ({self.points} pts): {parts}"


def fitting(catalog: dict | None) -> tuple[Preset, ...]:
    """The ready-made lists the server says can be submitted as they are (SBH's,
    priced in points: ASOIAF's warbands are the match setup's, not submitted)."""
    return tuple(Preset.from_catalog(p) for p in (catalog or {}).get("presets", ())
                 if not p["problems"] and "points" in p)
