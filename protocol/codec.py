"""Frames to typed requests and back: `decode_request` turns a client frame (a
MessagePack map with `v`, `type` and `id`) into one of the request structs of
protocol/messages.py and protocol/community_messages.py, or raises `ProtocolError` with
the code that says what was wrong with it; the server's frames (reply, error, event) and
the clients' encoders are here too. Apart from the schemas because this is the one place
that knows every request type and the envelope's failure modes.
"""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.community_messages import (
    EVENT_REQUESTS,
    ChatHide,
    ChatHistory,
    ChatMute,
    ChatReport,
    ChatReports,
    ChatSend,
    ChatSilence,
    ChatUnfollow,
    ChatUnmute,
    CheckIn,
    CorrectResult,
    CreateEvent,
    DropPlayer,
    GetEvent,
    GetRatings,
    GiveBye,
    Leaderboard,
    ListEvents,
    RatingHistory,
    RegisterEvent,
    RepairRound,
    StartEvent,
    WithdrawEvent,
)
from protocol.errors import ProtocolError
from protocol.messages import (
    MAX_REQUEST_ID,
    PROTOCOL_VERSION,
    Abort,
    Authenticate,
    CancelSeek,
    CatalogRequest,
    CheckList,
    ClaimTimeout,
    CreateMatch,
    GetReplay,
    GetSummary,
    GetView,
    Guest,
    Join,
    Leave,
    ListLive,
    ListMine,
    ListOpen,
    ListReplays,
    Login,
    Logout,
    Odds,
    Ping,
    Play,
    Register,
    Rematch,
    Request,
    RequestId,
    Resign,
    Seek,
    Subscribe,
    TakebackAnswer,
    TakebackOffer,
    Unsubscribe,
)

MAX_FRAME_BYTES = 64 * 1024  # larger client frames are refused (frame_too_large)

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
