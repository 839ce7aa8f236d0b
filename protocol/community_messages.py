"""The requests of the services beside play, as typed schemas (msgspec): ratings
(server/ratings), chat (server/chat) and hosted events (server/tournaments). Apart from
protocol/messages.py because each group belongs to one service with its own handlers,
and a reader of the match protocol need not read past them.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from protocol.messages import Request, Text


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
