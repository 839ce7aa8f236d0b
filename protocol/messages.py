"""The messages a client may send, as typed schemas (msgspec): the envelope every
request shares (`Request`: `v`, the protocol version, and `id`, chosen by the client and
echoed on the reply or error) and the requests for accounts, the lobby and playing and
watching. Imports nothing from server/ or clients/.

The requests of the services beside play (ratings, chat, hosted events) are in
protocol/community_messages.py; turning frames into these structs and back is
protocol/codec.py's.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

PROTOCOL_VERSION = 1

# A string field never holds U+0000: PostgreSQL's text cannot store it, so a name, a
# match id or a request id (stored with each command) holding one failed in the
# database (issue 29), while SQLite took it. Refused here, the same on both.
Text = Annotated[str, msgspec.Meta(pattern="^[^\x00]*$")]
MAX_REQUEST_ID = 64  # characters of a string request id (the store's column holds 64)
# A request id: a 64-bit integer or a string of at most MAX_REQUEST_ID characters, the
# same on every database (longer ids are refused at once, `invalid_message`).
RequestId = int | Annotated[str, msgspec.Meta(pattern="^[^\x00]*$",
                                              max_length=MAX_REQUEST_ID)]


class Request(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    v: int
    id: RequestId


# -- accounts -------------------------------------------------------------------------
class Register(Request, tag="register"):
    username: Text
    password: Text


class Login(Request, tag="login"):
    username: Text
    password: Text


class Guest(Request, tag="guest"):
    name: Text | None = None


class Authenticate(Request, tag="authenticate"):
    token: Text


class Logout(Request, tag="logout"):
    pass


# -- lobby ----------------------------------------------------------------------------
class CreateMatch(Request, tag="create_match"):
    system: Text = "sbh"
    scenario: Text | None = None
    points_limit: int | None = None
    board_size: int | None = None
    options: dict[str, Any] = {}
    # seat -> a ready-made warband's key or a list, where the system's warbands are part
    # of the setup (ASOIAF); copied into setup.options.warbands, judged by its checker
    warbands: dict[str, Any] | None = None
    private: bool = False
    seat: Text | None = None  # the creator's seat; the system's first seat by default
    spectator_delay: int = 0  # spectators see the match this many events behind
    opponent: Text | None = None  # "bot", "bot:heuristic" or "bot:random": play the house bot
    rated: bool = False  # the result moves both players' ratings (never guests or the bot)
    bot_pace: Text | None = None  # "instant" (default), "normal" or "slow": the bot's pause
    # None or {"kind": "none"}; {"kind": "live", "initial": s, "increment": s, "auto": b};
    # {"kind": "correspondence", "days": n, "auto": b} (server.clocks.control)
    time_control: dict[str, Any] | None = None
    # whether a seat may ask to take moves back (with the opponent's consent); None: yes
    # in a casual match, no in a rated one (server/matches/takebacks.py)
    takebacks: bool | None = None


class ListOpen(Request, tag="list_open"):
    system: Text | None = None
    invite_code: Text | None = None


class ListLive(Request, tag="list_live"):
    system: Text | None = None


class ListMine(Request, tag="list_mine"):
    """The matches the signed-in account holds a seat in, newest first."""

    system: Text | None = None
    limit: int = 50


class Join(Request, tag="join"):
    match_id: Text | None = None
    invite_code: Text | None = None
    seat: Text | None = None
    # the joiner's own warband where a system's warbands are part of the setup (ASOIAF):
    # a ready-made key or a list, put in setup.options.warbands for its seat (replacing
    # any the creator named there) and judged by the system's checker
    warband: Any = None


class Leave(Request, tag="leave"):
    match_id: Text


class Abort(Request, tag="abort"):
    match_id: Text


class Resign(Request, tag="resign"):
    match_id: Text


class Seek(Request, tag="seek"):
    """Quick pairing: the match wanted, paired with another seeker's (server.seeks)."""

    system: Text = "sbh"
    scenario: Text | None = None
    points_limit: int | None = None
    board_size: int | None = None
    options: dict[str, Any] = {}
    rated: bool = False
    time_control: dict[str, Any] | None = None
    # the seeker's own warband where the system's are part of the setup (ASOIAF; as
    # join's): not part of the match sought, it goes with them to the seat they get
    warband: Any = None


class Rematch(Request, tag="rematch"):
    """After a match ends: offer it again with the seats swapped, or accept the offer."""

    match_id: Text


class CancelSeek(Request, tag="cancel_seek"):
    seek_id: Text


class ClaimTimeout(Request, tag="claim_timeout"):
    """The opponent's clock has run out (a match created without `auto`): claim the win."""

    match_id: Text


class TakebackOffer(Request, tag="takeback_offer"):
    """Ask the opponent to take play back to `to_seq`, a decision point of your seat
    (None: your newest one, to take back your last move)."""

    match_id: Text
    to_seq: int | None = None


class TakebackAnswer(Request, tag="takeback_answer"):
    """Answer the opponent's takeback request: accept (it is applied) or decline."""

    match_id: Text
    accept: bool


# -- playing and watching -----------------------------------------------------------
class Subscribe(Request, tag="subscribe"):
    match_id: Text
    after_seq: int = 0
    spectate: bool = False  # watch as a spectator even when holding a seat
    views: bool = False  # also push the (redacted) view after every change
    # the client can take the match to the node that runs it: told that node's address
    # instead of a subscription forwarded from here (docs/cluster.md, "Told where to go")
    follow: bool = False


class Unsubscribe(Request, tag="unsubscribe"):
    match_id: Text


class Play(Request, tag="command"):
    match_id: Text
    command: Text
    args: dict[str, Any] = {}
    seat: Text | None = None  # the seat acted for; checked against the caller's seats
    at_seq: int | None = None  # the prompt acted on (stale_prompt once it is used up)


class Odds(Request, tag="odds"):
    """The exact outcome probabilities of a command before it is made."""

    match_id: Text
    command: Text
    args: dict[str, Any] = {}
    seat: Text | None = None


class CatalogRequest(Request, tag="catalog"):
    """The rules system's roster catalog: profiles priced by the server, ready-made lists."""

    system: Text = "sbh"
    options: dict[str, Any] = {}  # the match's options (points_limit): which presets fit


class CheckList(Request, tag="check_list"):
    """A warband list priced and checked as `submit_list` would check it; nothing changes."""

    warband: Any = msgspec.field(name="list")
    system: Text = "sbh"
    options: dict[str, Any] = {}


class GetView(Request, tag="get_view"):
    match_id: Text
    at_seq: int | None = None  # a finished match: the view after this event (replay steps)


class ListReplays(Request, tag="list_replays"):
    system: Text | None = None
    player: Text | None = None
    since: float | None = None  # unix seconds, finished at or after
    until: float | None = None
    limit: int = 50


class GetReplay(Request, tag="get_replay"):
    match_id: Text


class GetSummary(Request, tag="get_summary"):
    """A finished match's facts in the rules system's terms (its optional `summary`)."""

    match_id: Text


class Ping(Request, tag="ping"):
    pass
