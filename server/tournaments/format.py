"""Event settings: one frozen dataclass, validated on construction with stable codes."""

from __future__ import annotations

from dataclasses import dataclass, field

FORMATS = ("swiss", "round_robin", "knockout", "pools_knockout", "double_elimination",
           "swiss_knockout")
TIE_BREAKS = (
    "strength_of_schedule",
    "average_strength_of_schedule",
    "vp_differential",
    "head_to_head",
    "buchholz",
    "median_buchholz",
    "sonneborn_berger",
)
WARGAME_TIE_BREAKS = ("strength_of_schedule", "vp_differential", "head_to_head")


class TournamentError(ValueError):
    """Bad tournament input: a stable `code` and a sentence a player understands."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class EventSettings:
    format: str = "swiss"
    rounds: int = 5
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    points_bye: int = 3
    tie_breaks: tuple[str, ...] = WARGAME_TIE_BREAKS
    late_registration_until_round: int = 1  # entries accepted before pairing this round
    forbidden_groups: tuple[frozenset[str], ...] = field(default=())

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise TournamentError(
                "tournament.bad_format",
                f"The format must be one of {', '.join(FORMATS)}, not {self.format!r}.",
            )
        if not isinstance(self.rounds, int) or self.rounds < 1:
            raise TournamentError("tournament.bad_rounds", "An event needs at least one round.")
        points = (self.points_win, self.points_draw, self.points_loss, self.points_bye)
        if any(not isinstance(p, int) or p < 0 for p in points):
            raise TournamentError(
                "tournament.bad_points",
                "Points for a win, draw, loss and bye must be whole numbers, 0 or more.",
            )
        if not self.points_win >= self.points_draw >= self.points_loss:
            raise TournamentError(
                "tournament.bad_points",
                "A win must score at least a draw, and a draw at least a loss.",
            )
        unknown = [t for t in self.tie_breaks if t not in TIE_BREAKS]
        if unknown:
            raise TournamentError(
                "tournament.bad_tie_break",
                f"Unknown tie-break {unknown[0]!r}; choose from {', '.join(TIE_BREAKS)}.",
            )
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise TournamentError(
                "tournament.bad_tie_break", "Each tie-break may appear only once."
            )
        if not 1 <= self.late_registration_until_round <= self.rounds:
            raise TournamentError(
                "tournament.bad_late_registration",
                "Late registration must close at a round between 1 and the number of rounds.",
            )
        if any(len(group) < 2 for group in self.forbidden_groups):
            raise TournamentError(
                "tournament.bad_forbidden_group",
                "A forbidden group (club or team) needs at least two players.",
            )

    def forbidden_pairs(self) -> set[frozenset[str]]:
        return {
            frozenset((a, b))
            for group in self.forbidden_groups
            for a in group
            for b in group
            if a < b
        }
