"""The messages a client may send, as typed schemas (msgspec), and the frames
the server sends back. Imports nothing from server/ or clients/.

Every client frame is a MessagePack map with `v` (protocol version), `type`
(which message) and `id` (chosen by the client, echoed on the reply or error).
`decode_request` turns a frame into one of the request structs below, or raises
`ProtocolError` with the code that says what was wrong with it.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from protocol.errors import ProtocolError

PROTOCOL_VERSION = 1
MAX_FRAME_BYTES = 64 * 1024  # larger client frames are refused (frame_too_large)

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


# -- ratings (server/ratings) ---------------------------------------------------------
class GetRatings(Request, tag="get_ratings"):
    """A registered player's ratings (`player`: a username), or one's own."""

    player: Text | None = None


class RatingHistory(Request, tag="rating_history"):
    player: Text | None = None
    system: Text = "sbh"
    category: Text = "standard"
    limit: int = 100


class Leaderboard(Request, tag="leaderboard"):
    system: Text = "sbh"
    category: Text = "standard"
    limit: int = 50


# -- chat (server/chat) ----------------------------------------------------------------
# A match's rooms are "players" and "spectators"; the lobby's (match_id None) "lobby".
MessageId = Annotated[int, msgspec.Meta(ge=1, le=2**63 - 1)]


class ChatHistory(Request, tag="chat_history"):
    """A room's newest messages; the connection then follows the match's chat."""

    match_id: Text | None = None
    room: Text = "players"


class ChatUnfollow(Request, tag="chat_unfollow"):
    match_id: Text | None = None


class ChatSend(Request, tag="chat_send", kw_only=True):
    match_id: Text | None = None
    room: Text = "players"
    text: Text


class ChatMute(Request, tag="chat_mute"):
    account_id: Text


class ChatUnmute(Request, tag="chat_unmute"):
    account_id: Text


class ChatReport(Request, tag="chat_report"):
    message_id: MessageId
    reason: Text


class ChatHide(Request, tag="chat_hide"):
    message_id: MessageId


class ChatSilence(Request, tag="chat_silence"):
    account_id: Text
    minutes: int  # 0 lifts a silence
    reason: Text


class ChatReports(Request, tag="chat_reports"):
    """Moderators: the newest reports."""

    limit: int = 50


# -- hosted events (server/tournaments) -------------------------------------------------
# Players are named by account id (as get_event lists them: `player`).
class CreateEvent(Request, tag="create_event"):
    name: Text
    system: Text = "sbh"
    settings: dict[str, Any] = {}  # server/tournaments/event_settings.py; docs/protocol.md


class ListEvents(Request, tag="list_events"):
    status: Text | None = None  # registration, running or finished; None: every event
    limit: int = 50


class GetEvent(Request, tag="get_event"):
    event_id: Text


class RegisterEvent(Request, tag="register_event"):
    event_id: Text
    warband: Any  # the list, as the system's check_list takes it; locked once entered
    club: Text | None = None  # Swiss: players of the same club (or team) never meet


class WithdrawEvent(Request, tag="withdraw_event"):
    event_id: Text


class CheckIn(Request, tag="check_in"):
    event_id: Text


class StartEvent(Request, tag="start_event"):
    event_id: Text


class RepairRound(Request, tag="repair_round"):
    event_id: Text


class DropPlayer(Request, tag="drop_player"):
    event_id: Text
    player: Text


class GiveBye(Request, tag="give_bye"):
    event_id: Text
    player: Text


class CorrectResult(Request, tag="correct_result"):
    event_id: Text
    round: int
    table: int
    winner: Text | None  # a player of that game, or None for a draw
    why: Text  # shown with the corrected result
    vp_a: int = 0
    vp_b: int = 0


EVENT_REQUESTS: tuple[type[Request], ...] = (
    CreateEvent, ListEvents, GetEvent, RegisterEvent, WithdrawEvent, CheckIn, StartEvent,
    RepairRound, DropPlayer, GiveBye, CorrectResult,
)


REQUEST_TYPES: tuple[type[Request], ...] = (
    Register, Login, Guest, Authenticate, Logout,
    CreateMatch, ListOpen, ListLive, ListMine, Join, Leave, Abort, Resign, ClaimTimeout,
    Seek, CancelSeek, Rematch, TakebackOffer, TakebackAnswer,
    Subscribe, Unsubscribe, Play, Odds, GetView, ListReplays, GetReplay, GetSummary,
    Ping,
    CatalogRequest, CheckList,
    GetRatings, RatingHistory, Leaderboard,
    ChatHistory, ChatUnfollow, ChatSend, ChatMute, ChatUnmute, ChatReport, ChatHide,
    ChatSilence, ChatReports,
    *EVENT_REQUESTS,
)
TYPE_NAMES = frozenset(t.__struct_config__.tag for t in REQUEST_TYPES)
AnyRequest = (Register | Login | Guest | Authenticate | Logout | CreateMatch | ListOpen | ListLive
              | ListMine | Join | Leave | Abort | Resign | ClaimTimeout | Seek | CancelSeek
              | Rematch | TakebackOffer | TakebackAnswer | Subscribe | Unsubscribe | Play | Odds
              | GetView | ListReplays | GetReplay | GetSummary | Ping | CatalogRequest | CheckList
              | GetRatings | RatingHistory | Leaderboard
              | ChatHistory | ChatUnfollow | ChatSend | ChatMute | ChatUnmute | ChatReport
              | ChatHide | ChatSilence | ChatReports
              | CreateEvent | ListEvents | GetEvent | RegisterEvent | WithdrawEvent | CheckIn
              | StartEvent | RepairRound | DropPlayer | GiveBye | CorrectResult)

_decoder = msgspec.msgpack.Decoder(AnyRequest)
_encoder = msgspec.msgpack.Encoder()
_loose = msgspec.msgpack.Decoder()


def decode_request(frame: bytes) -> Request:
    """One client frame as a typed request; ProtocolError says what is wrong."""
    if len(frame) > MAX_FRAME_BYTES:
        raise ProtocolError("frame_too_large", f"The frame is {len(frame)} bytes; the limit "
                            f"is {MAX_FRAME_BYTES} bytes.")
    try:
        request = _decoder.decode(frame)
    except Exception as error:  # (not only msgspec's: see _unreadable)
        raise _diagnose(frame, error) from None
    if request.v != PROTOCOL_VERSION:
        raise ProtocolError("unsupported_version", request_id=request.id,
                            message=f"Protocol version {request.v} is not supported; this "
                                    f"server speaks version {PROTOCOL_VERSION}.")
    return request


def _diagnose(frame: bytes, error: Exception) -> ProtocolError:
    """The fast path failed: find out which rule of the envelope was broken."""
    try:
        raw = _loose.decode(frame)
    except Exception as unreadable:
        return _unreadable(unreadable)
    if not isinstance(raw, dict):
        return ProtocolError("malformed_frame", "The frame must be a MessagePack map.")
    # (an id of true or false is not echoed either: Python's bool is an int)
    request_id = raw.get("id") if type(raw.get("id")) in (int, str) else None
    if isinstance(request_id, str) and len(request_id) > MAX_REQUEST_ID:
        return ProtocolError("invalid_message", request_id=request_id,
                             message=f"Request ids are at most {MAX_REQUEST_ID} characters; "
                                     f"this one has {len(request_id)}.")
    if raw.get("v") != PROTOCOL_VERSION and isinstance(raw.get("v"), int):
        return ProtocolError("unsupported_version", request_id=request_id,
                             message=f"Protocol version {raw['v']} is not supported; this "
                                     f"server speaks version {PROTOCOL_VERSION}.")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in TYPE_NAMES:
        shown = repr(kind) if len(repr(kind)) <= 40 else repr(kind)[:37] + "..."
        return ProtocolError("unknown_type", request_id=request_id,
                             message=f"Unknown message type {shown}.")
    return ProtocolError("invalid_message", request_id=request_id,
                         message=f"The {raw['type']!r} message is not valid: {error}.")


def _unreadable(failure: Exception) -> ProtocolError:
    """A frame MessagePack cannot read. msgspec raises more than its DecodeError: a
    string that is not UTF-8 raises UnicodeDecodeError and nesting deeper than the
    interpreter's stack RecursionError. Each is a malformed frame, answered as one
    (before, such a frame ended the connection's reader and went unanswered).
    msgspec 0.23 reports a string that is not UTF-8 as its own DecodeError
    ("Invalid UTF-8 encoded string"); earlier versions as UnicodeDecodeError."""
    if isinstance(failure, UnicodeDecodeError) or "utf-8" in str(failure).lower():
        return ProtocolError("malformed_frame", "The frame holds a string that is not "
                             "valid UTF-8.")
    if isinstance(failure, RecursionError):
        return ProtocolError("malformed_frame", "The frame nests arrays or maps too deeply.")
    return ProtocolError("malformed_frame", "The frame is not valid MessagePack.")


def encode(message: dict[str, Any]) -> bytes:
    return _encoder.encode(message)


def encode_request(message: dict[str, Any]) -> bytes:
    """For clients: a request map with the version filled in."""
    return _encoder.encode({"v": PROTOCOL_VERSION, **message})


def decode_server(frame: bytes) -> dict[str, Any]:
    """For clients: a server frame as a plain map."""
    return _loose.decode(frame)


# -- server frames --------------------------------------------------------------------
def reply(request_id: RequestId | None, result: dict[str, Any]) -> dict[str, Any]:
    return {"v": PROTOCOL_VERSION, "type": "reply", "id": request_id, "result": result}


def error(problem: ProtocolError) -> dict[str, Any]:
    return {"v": PROTOCOL_VERSION, "type": "error", **problem.to_wire()}


def event_push(match_id: str, seq: int, event: dict[str, Any] | None) -> dict[str, Any]:
    """`event` None is a placeholder: something happened at `seq` you may not see."""
    return {"v": PROTOCOL_VERSION, "type": "event", "match_id": match_id, "seq": seq,
            "event": event}
