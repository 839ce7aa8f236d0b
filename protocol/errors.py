"""Every error the server can send: a stable code, a sentence a player
understands, whether retrying the same request later may succeed, and, for
protocol violations, the websocket close code the connection is closed with.

Rules errors (an illegal move, not your turn) keep the connection open; frames
that break the protocol close it after the error frame is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ErrorSpec:
    message: str
    retryable: bool = False
    close_code: int | None = None  # set for protocol violations


ERRORS: dict[str, ErrorSpec] = {
    # the frame itself (the connection is closed)
    "malformed_frame": ErrorSpec("The frame is not a valid MessagePack map.", close_code=1007),
    "text_frame": ErrorSpec("Send binary MessagePack frames, not text.", close_code=1003),
    "frame_too_large": ErrorSpec("The frame is larger than the limit.", close_code=1009),
    "unsupported_version": ErrorSpec("That protocol version is not supported.",
                                     close_code=1002),
    "unknown_type": ErrorSpec("That message type does not exist.", close_code=1002),
    "invalid_message": ErrorSpec("The message does not match its schema.", close_code=1007),
    "slow_consumer": ErrorSpec("The connection fell too far behind and was closed.",
                               retryable=True, close_code=1008),
    "too_many_connections": ErrorSpec("Too many connections from your address; close some "
                                      "and try again.", retryable=True, close_code=1008),
    "internal_error": ErrorSpec("The server failed unexpectedly; nothing was changed.",
                                retryable=True),
    # flow control (the connection stays open)
    "rate_limited": ErrorSpec("Too many messages; slow down and retry.", retryable=True),
    "store_unavailable": ErrorSpec("The match could not be saved; nothing was changed. "
                                   "Retry shortly.", retryable=True),
    "match_moved": ErrorSpec("The match has moved to another server; nothing was changed. "
                             "Retry.", retryable=True),
    "server_busy": ErrorSpec("The server is too busy to answer; retry in a moment.",
                             retryable=True),
    "database_unavailable": ErrorSpec("The server lost its connection to the match store; "
                                      "retry in a moment.", retryable=True),
    # accounts
    "not_authenticated": ErrorSpec("Log in, register or play as a guest first."),
    "auth_failed": ErrorSpec("Wrong username or password."),
    "login_locked": ErrorSpec("Too many failed logins; wait before trying again.",
                              retryable=True),
    "token_invalid": ErrorSpec("That session token is unknown, expired or logged out."),
    "username_taken": ErrorSpec("That username is taken: usernames that differ only in case, "
                                "0 and o, 1, l and i, or - and _ count as the same."),
    "bad_username": ErrorSpec("Usernames are 3-32 letters, digits, '-' or '_'."),
    "reserved_name": ErrorSpec("That name is kept for the house bot or the server; choose "
                               "another."),
    "weak_password": ErrorSpec("Passwords need at least 8 characters."),
    # lobby
    "unknown_system": ErrorSpec("No rules system by that name is hosted here."),
    "invalid_setup": ErrorSpec("Those match settings are not valid for this system."),
    "no_such_match": ErrorSpec("There is no match with that id."),
    "no_such_invite": ErrorSpec("That invite code does not match an open match."),
    "no_such_seat": ErrorSpec("That seat does not exist in this match."),
    "seat_taken": ErrorSpec("That seat is already taken."),
    "already_seated": ErrorSpec("You already hold a seat in that match."),
    "not_in_match": ErrorSpec("You hold no seat in that match."),
    "not_creator": ErrorSpec("Only the player who created the match can abort it."),
    "match_started": ErrorSpec("The match has already started."),
    "match_not_started": ErrorSpec("The match has not started yet: seats are still open."),
    "match_finished": ErrorSpec("The match has already ended."),
    "match_not_finished": ErrorSpec("The replay is available once the match has ended."),
    # ratings (server/ratings)
    "guests_unrated": ErrorSpec("Guests play casual matches only: register to play rated "
                                "matches."),
    "bot_unrated": ErrorSpec("A match against the house bot is never rated."),
    "no_such_player": ErrorSpec("No registered player has that username."),
    # clocks (server/clocks)
    "invalid_time_control": ErrorSpec("That time control is not valid: none, live with a "
                                      "reserve and an increment, or correspondence in days."),
    "out_of_time": ErrorSpec("Your clock has run out: you can no longer act in this match."),
    "not_out_of_time": ErrorSpec("Your opponent still has time on their clock."),
    "untimed_match": ErrorSpec("That match has no clock."),
    # quick pairing (server/seeks.py)
    "no_such_seek": ErrorSpec("You have no waiting seek with that id."),
    "too_many_seeks": ErrorSpec("You already have three seeks waiting: cancel one first."),
    # chat (server/chat)
    "no_such_room": ErrorSpec("That chat room does not exist: a match has 'players' and "
                              "'spectators', the lobby (no match) 'lobby'."),
    "chat_empty": ErrorSpec("Write something first: the message is empty."),
    "chat_too_long": ErrorSpec("That chat message is too long."),
    "chat_too_fast": ErrorSpec("You are writing too fast; wait a few seconds.",
                               retryable=True),
    "chat_silenced": ErrorSpec("A moderator has silenced you in chat for a while.",
                               retryable=True),
    "chat_not_allowed": ErrorSpec("You may not write in that chat room."),
    "chat_reason_required": ErrorSpec("Say why, in 1 to 200 characters."),
    "chat_bad_duration": ErrorSpec("A silence lasts 1 minute to 30 days (43200 minutes); "
                                   "0 lifts one."),
    "not_a_moderator": ErrorSpec("Only a moderator can do that."),
    "no_such_message": ErrorSpec("There is no chat message with that id."),
    "no_such_account": ErrorSpec("There is no account with that id."),
    # hosted events (server/tournaments)
    "no_such_event": ErrorSpec("There is no event with that id."),
    "invalid_event": ErrorSpec("Those event settings are not valid."),
    "not_organiser": ErrorSpec("Only the event's organiser can do that."),
    "registration_closed": ErrorSpec("Registration for that event is closed."),
    "already_entered": ErrorSpec("You are already entered in that event."),
    "not_entered": ErrorSpec("That player is not entered in the event."),
    "invalid_list": ErrorSpec("That warband list is not legal for the event."),
    "event_stage": ErrorSpec("The event is not at a stage where that can be done."),
    "no_such_pairing": ErrorSpec("There is no such game in that round of the event."),
    # takebacks (server/matches/takebacks.py)
    "takebacks_not_allowed": ErrorSpec("This match does not allow takebacks: a rated match "
                                       "allows them only if it was created so."),
    "not_a_decision_point": ErrorSpec("That is not an earlier point where you made a "
                                      "decision in the current line of play."),
    "takeback_pending": ErrorSpec("Your opponent's takeback request is waiting for your "
                                  "answer: answer it first."),
    "no_takeback_offer": ErrorSpec("There is no takeback request for you to answer (it was "
                                   "withdrawn, or lapsed when a move was made)."),
    # play
    "not_your_seat": ErrorSpec("You cannot act for a seat you do not hold."),
    "not_your_turn": ErrorSpec("It is not your turn to act."),
    "illegal_command": ErrorSpec("The rules do not allow that command now."),
    "stale_prompt": ErrorSpec("The match has moved on since that prompt; act on the newest "
                              "prompt."),
    "not_subscribed": ErrorSpec("You are not watching that match."),
    "no_odds": ErrorSpec("Odds are given only for attacks (melee, shots, spell bolts)."),
}


class ProtocolError(Exception):
    """An error frame to send back. `code` must be in ERRORS."""

    def __init__(self, code: str, message: str | None = None, *, request_id: Any = None,
                 details: dict[str, Any] | None = None) -> None:
        spec = ERRORS[code]
        self.code = code
        self.message = message or spec.message
        self.retryable = spec.retryable
        self.close_code = spec.close_code
        self.request_id = request_id
        self.details = details or {}
        super().__init__(self.message)

    def to_wire(self) -> dict[str, Any]:
        wire = {"id": self.request_id, "code": self.code, "message": self.message,
                "retryable": self.retryable}
        if self.details:
            wire["details"] = self.details
        return wire
