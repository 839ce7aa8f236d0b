"""Song of Blades and Heroes as a kernel rules system (`server.rules.kernel`).

`decide` dispatches a command to the handler for the current situation (set-up
phase, a pending decision, an activation in progress, or choosing who acts),
then `advance` carries the match forward through everything that needs no
choice: automatic pending items (morale tests, single free hacks), the end of
an activation, turnovers, and the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.rules.board.hex import neighbours
from server.rules.kernel import (
    Command,
    CommandSpec,
    Decision,
    Event,
    Prompt,
    Result,
    RulesError,
    Viewer,
)
from server.rules.sbh import (
    actions,
    activation,
    ambush,
    climbing,
    concentrated,
    deployment,
    devotion,
    draws,
    falling,
    flee,
    groups,
    lists,
    magic,
    mounts,
    necromancy,
    scenario_rules,
    setup,
    shooting,
    sorcery,
    standard,
    swarm_tightening,
    teleport,
    views,
)
from server.rules.sbh.combat import hex_list
from server.rules.sbh.consequences import follow_up_moot
from server.rules.sbh.context import Ctx, illegal
from server.rules.sbh.evolve import evolve_in_place
from server.rules.sbh.geometry_cache import draw_all_sight_lines
from server.rules.sbh.hacks import hacks_need_choice, hacks_step, recoil_hackers_in_contact
from server.rules.sbh.morale_tests import morale_step
from server.rules.sbh.options import DEFAULTS, validate_setup, with_defaults
from server.rules.sbh.pending import pending_handler, pending_specs, pending_text
from server.rules.sbh.ray_tables import ray_masks
from server.rules.sbh.scenarios import (
    goal_met,
    victory_points,
    winner_by_points,
    wiped_out,
)
from server.rules.sbh.state import SEATS, SbhState, other, remembered
from server.rules.sbh.terrain import DEFAULT_SIZE, RANGE, SbhBoard
from server.rules.sbh.turns import end_game, end_turn, ended_event

SETUP_HANDLERS = {
    "submit_list": setup.do_submit_list, "choose_role": setup.do_choose_role,
    "generate_terrain": setup.do_generate_terrain, "lay_terrain": setup.do_lay_terrain,
    "choose_edge": setup.do_choose_edge, "deploy": deployment.do_deploy,
    "place_token": scenario_rules.do_place_token,
    "place_marker": ambush.do_place_marker,
    "nominate_place": scenario_rules.do_nominate_place,
}
IDLE_HANDLERS = {"activate": activation.do_activate, "free_move": activation.do_free_move,
                 "activate_marker": activation.do_activate_marker,
                 "pass": activation.do_pass}
ACTION_HANDLERS = {
    "jump": falling.do_jump,
    "climb": climbing.do_climb,
    "jump_down": climbing.do_jump_down,
    "heal": devotion.do_heal, "snap_out": devotion.do_snap_out,
    "pick_up": scenario_rules.do_pick_up, "leave_table": scenario_rules.do_leave_table,
    "give_item": scenario_rules.do_give_item,
    "group_order": groups.do_group_order, "regroup": groups.do_regroup,
    "move": actions.do_move, "step": actions.do_step, "stand_up": actions.do_stand_up,
    "break_free": actions.do_break_free, "attack": actions.do_attack,
    "shoot": shooting.do_shoot, "cast_bolt": magic.do_cast_bolt,
    "transfix": magic.do_transfix, "entangle": magic.do_entangle,
    "distract": magic.do_distract,
    "concentrated_shooting": concentrated.do_concentrated,
    "destroy_standard": standard.do_destroy_standard,
    "teleport": teleport.do_teleport,
    "sacrifice": sorcery.do_sacrifice,
    "resurrect": necromancy.do_resurrect,
    "carry": mounts.do_carry, "dismount": mounts.do_dismount,
    "end_activation": actions.do_end_activation,
}
# what a figure whose successes are all spell-only may do (seed 000, MAGIC)
SPELL_ONLY_COMMANDS = frozenset(magic.SPELLS + ("end_activation",))
OPTIONS = DEFAULTS
# What decide does, as a number: raise it with every deliberate change of the
# events a command gives, and re-record tests/sbh/rules_corpus.json (its test
# fails until then). Matches created before matches carried it have none.
RULES_VERSION = 4  # 2: a Short mover crosses a low wall it touches for one action;
#   generated terrain may hold hedges and walls; scenario "random"; rivers and bridges;
#   Evil shooters shoot into melees. 3: list commitments canonical (list_submitted v2)
#   and the reveal carries the salts (lists_revealed v2): docs/protocol.md, Fairness.
#   4: Quality rolls name what moved their target (a roll's "modifiers": Leader...)
CONCEDE = CommandSpec("concede", "Concede the match")  # (in every prompt: built once)


class SongOfBladesAndHeroes:
    name = "sbh"
    seats = SEATS
    rules_version = RULES_VERSION
    in_place = True  # evolve updates the state it is given; use clone() to keep one
    validate_setup = staticmethod(validate_setup)
    with_defaults = staticmethod(with_defaults)  # (what a setup leaves out, filled in)
    catalog = staticmethod(lists.catalog)  # building lists, for clients (lists.py)
    check_list = staticmethod(lists.check_list)

    # -- kernel contract ---------------------------------------------------------
    def initial(self, setup_: Mapping[str, Any]) -> SbhState:
        options = dict(OPTIONS) | dict(setup_.get("options") or {})
        size = int(setup_.get("board_size", DEFAULT_SIZE))
        return SbhState(options=options, board=SbhBoard(size, size))

    def clone(self, state: SbhState) -> SbhState:
        return state.clone()

    def evolve(self, state: SbhState, event: Event) -> SbhState:
        return evolve_in_place(state, event)

    def upcast(self, event: Event) -> Event:
        return event

    def is_over(self, state: SbhState) -> bool:
        return state.phase == "over"

    def result(self, state: SbhState) -> Result | None:
        if state.phase != "over":
            return None
        return Result(state.winner, victory_points(state), state.end_reason)

    def prompt(self, state: SbhState) -> Prompt:
        if state._memo is None:  # derived values, kept until the state changes
            state._memo = {}
        decisions = draws.with_answer(state, self._decisions(state))
        return Prompt(tuple(Decision(seat, text, tuple(specs))
                            for seat, (text, specs) in decisions.items()))

    def decide(self, state: SbhState, command: Command, dice) -> list[Event]:
        if state._memo is None:  # derived values (the prompt's too), kept until it changes
            state._memo = {}
        handler = self._checked(state, command)
        ctx = Ctx(state, dice)
        try:
            handler(ctx)
        finally:
            ctx.close(keep=False)  # decide never changes the state it is given
        return ctx.events

    def apply_in_place(self, state: SbhState, command: Command, dice,
                       digest=None) -> tuple[SbhState, list[Event], list]:
        """`decide` and `evolve` its events in one pass, changing `state` (as a
        caller that drops the old state would: runner.apply_command): the state
        after the events, the events, and `digest` of the state after each
        (when given). Raises RulesError with nothing changed."""
        if state._memo is None:
            state._memo = {}
        handler = self._checked(state, command)  # (refused: the state and memo still hold)
        ctx = Ctx(state, dice, after=digest)
        try:
            handler(ctx)
        except BaseException:
            ctx.close(keep=False)
            raise
        ctx.close(keep=True)
        return ctx.state, ctx.events, ctx.checksums

    def _checked(self, state: SbhState, command: Command):
        """What running `command` does, once it is known to be one the seat may
        make now (RulesError otherwise): a function of the working context."""
        seats = self._waiting(state)
        if not seats:
            raise RulesError("match_over", "The match is over; no more commands are accepted.")
        if command.type == "concede" and command.seat in SEATS:  # at any point of the match
            return lambda ctx: self._end(ctx, other(command.seat), f"{command.seat} conceded")
        if command.type in draws.COMMANDS and command.seat in SEATS:  # (no turn needed)
            return draws.handler(state, command.seat, command.type)
        if command.seat not in seats:
            raise RulesError("not_your_turn", "It is not your turn to act: waiting for "
                             f"{', '.join(seats)}.", "seed 000, ACTIVATION")
        handler = self._handler(state, command.type)
        if handler is None:
            raise illegal(f"'{command.type}' is not one of your options right now.")
        if not isinstance(command.args, Mapping):
            raise illegal("Command arguments must be a map.")
        args = dict(command.args)

        def run(ctx: Ctx) -> None:
            draws.lapse_if_played_on(ctx, command.seat)
            handler(ctx, command.seat, args)
            self._advance(ctx)
        return run

    def view_audience(self, state: SbhState, viewer: Viewer):
        return views.audience(state, viewer)

    def warm(self) -> None:
        """Build now the process-wide geometry every match on the default table
        shares: each hex's neighbours, every line of sight, the rays of every
        move length, the flight grid. The
        server calls this before it freezes what start-up made (server.gc_tuning),
        so no full collection walks them; drawn as matches play, they were
        ~25,000 more objects in every full collection (bench/load.py's collector
        report)."""
        board = SbhBoard(DEFAULT_SIZE, DEFAULT_SIZE)
        for h in board.hexes():
            neighbours(h)
        draw_all_sight_lines(board.width, board.height)
        for reach in RANGE.values():
            ray_masks(reach)
        flee.flight_grid(board.width, board.height)

    def release(self, state: SbhState) -> None:
        """Forget what the state remembers for speed (`state._memo` and the
        figures packed for checksums, `state._packed`: worked out again when
        needed). The server calls this once a command's prompt and views are
        sent: a match waiting seconds for its next command then holds none of
        its prompt's lists. Kept, they outlived the collector's young
        generation by the hundred thousand at 1,000 matches (a deployment
        prompt alone is ~200 lists) and made its middle-generation pauses
        ~75 ms (bench/load.py). The packed figures were ~6 KiB of a waiting
        match (bench/match_memory.py); packing them again costs the next
        command's first checksum ~15 us. Out of deployment, the board's
        deployment zones go too."""
        state._memo = None
        state._packed = None
        if state.phase != "deploy":
            state.board.forget_edge_zones()

    def odds(self, state: SbhState, command: Command) -> dict[str, Any]:
        """Exact odds of an attack the seat could make now (server/rules/sbh/odds.py)."""
        from server.rules.sbh.odds import attack_odds

        return attack_odds(self, state, command)

    def view(self, state: SbhState, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def packed_view(self, state: SbhState, viewer: Viewer) -> bytes:
        return views.packed_view(state, viewer)

    # -- who decides what ----------------------------------------------------------
    def _waiting(self, state: SbhState) -> tuple[str, ...]:
        if state.phase == "over":
            return ()
        if state.phase != "play":
            return tuple(_setup_decisions(state))
        asked = (state.pending[-1]["seat"],) if state.pending else (state.active_seat,)
        answer = draws.answering(state)  # (a standing offer of a draw asks its answer)
        return asked if answer is None or answer in asked else (*asked, answer)

    def _decisions(self, state: SbhState) -> dict[str, tuple[str, list[CommandSpec]]]:
        if state.phase == "over":
            return {}
        if state.phase != "play":
            return {seat: ("Set up the battle", specs)
                    for seat, specs in _setup_decisions(state).items()}
        concede = CONCEDE
        if state.pending:
            item = state.pending[-1]
            return {item["seat"]: (pending_text(state, item), pending_specs(item) + [concede])}
        if state.group is not None and state.activation is None:
            return {state.active_seat: ("Choose the next member of the group to act",
                                        groups.next_options(state) + [concede])}
        if state.activation is not None:
            fig = state.figures[state.activation.figure]
            if magic.spell_only_left(state):  # seed 000, MAGIC: for a spell, or nothing
                return {state.active_seat: (
                    f"{fig.name}: {_count(state.activation.spell_only, 'success', 'successes')}"
                    " left, for a spell only", magic.spell_only_options(state, fig)
                    + [actions.END_ACTIVATION, concede])}
            left = _count(state.activation.actions, "action", "actions")
            return {state.active_seat: (f"{fig.name}: {left} left",
                                        actions.action_options(state) + [concede])}
        return {state.active_seat: ("Choose a figure to activate",
                                    activation.activation_options(state) + [concede])}

    def _handler(self, state: SbhState, command_type: str):
        if state.phase != "play":
            handler = SETUP_HANDLERS.get(command_type)
            wanted = {s.type for specs in _setup_decisions(state).values() for s in specs}
            return handler if command_type in wanted else None
        if state.pending:
            return pending_handler(state.pending[-1], command_type)
        if state.group is not None and state.activation is None:
            return (lambda ctx, seat, args: groups.do_group_next(ctx, args)) \
                if command_type == "group_next" else None
        if shooting.volley_follow_up(state) and command_type not in \
                shooting.FOLLOW_UP_COMMANDS:
            return None  # seed 000, CONCENTRATED SHOOTING / LEGENDARY SHOT: shots only
        if magic.spell_only_left(state) and command_type not in SPELL_ONLY_COMMANDS:
            return None  # seed 000, MAGIC: spell-only successes pay for a spell alone
        table = ACTION_HANDLERS if state.activation is not None else IDLE_HANDLERS
        handler = table.get(command_type)
        return None if handler is None else (lambda ctx, seat, args: handler(ctx, args))

    # -- carrying the match forward ---------------------------------------------------
    def _advance(self, ctx: Ctx) -> None:
        s = ctx.state
        while s.phase != "over":
            if s.phase == "play" and self._check_end(ctx):
                return
            if s.pending:
                item = s.pending[-1]
                if item["kind"] == "morale":
                    morale_step(ctx, item)
                    continue
                if item["kind"] == "charge_move":
                    actions.charge_move(ctx, item)
                    continue
                if item["kind"] == "swarm_check":
                    swarm_tightening.check_formation(ctx, item)
                    continue
                if item["kind"] == "follow_up" and follow_up_moot(ctx, item):
                    continue
                if item["kind"] == "hacks":
                    item = recoil_hackers_in_contact(ctx, item)
                    if not hacks_need_choice(item):
                        hacks_step(ctx, item)
                        continue
                return  # a seat must choose
            if s.phase != "play":
                return
            act = s.activation
            if act is not None:
                fig = s.figures[act.figure]
                if act.actions > 0 and (fig.on_table or activation.is_carried(fig)):
                    return
                if magic.spell_only_options(s, fig):
                    return  # seed 000, MAGIC (Blarion): the boosted die may still cast
                ended = ended_event(act)  # (unused boosted dice are failures now)
                ctx.emit("activation_ended", **ended)
                if ended["turnover"]:
                    self._pass(ctx, "turnover")
                continue
            if s.group is not None:
                if s.group["members"] and s.group["successes"] > 0:
                    return  # the player picks the next member
                turnover = s.group["turnover"]
                ctx.emit("group_ended", leader=s.group["leader"])
                if turnover:
                    self._pass(ctx, "turnover")
                continue
            if not any(activation.can_activate(f) for f in s.on_table(s.active_seat)) and not (
                    s.markers and s.active_seat == ambush.defender(s)):
                self._pass(ctx, "all figures have acted")
                continue
            return

    def _pass(self, ctx: Ctx, reason: str) -> None:
        end_turn(ctx, reason)

    def _check_end(self, ctx: Ctx) -> bool:
        s = ctx.state
        if goal_met(s):
            self._end(ctx, winner_by_points(s), "the treasure was carried off the table")
            return True
        gone = wiped_out(s)
        if not gone:
            return False
        reason = "both sides are gone" if len(gone) == 2 else f"{gone[0]} has no figures left"
        self._end(ctx, winner_by_points(s), reason)
        return True

    def _end(self, ctx: Ctx, winner: str | None, reason: str) -> None:
        end_game(ctx, winner, reason)


def _setup_decisions(state: SbhState) -> dict:
    """setup.setup_decisions, once a call (checking a set-up command asks for
    the seats waiting and the commands they may make)."""
    return remembered(state, "setup decisions", setup.setup_decisions)


SYSTEM = SongOfBladesAndHeroes()
__all__ = ["SYSTEM", "hex_list"]


def _count(n: int, one: str, many: str) -> str:
    """ "1 action", "2 actions": a prompt's words, not "action(s)"."""
    return f"{n} {one if n == 1 else many}"
