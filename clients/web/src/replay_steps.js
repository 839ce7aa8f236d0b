// Where a replay's steps fall: each event, each activation, each turn. What starts an
// activation or a turn is the rules system's own event types (a table per system, so
// the viewer stays generic); bookkeeping events are stepped over.

export const STEP_EVENTS = {
  sbh: {
    activation: new Set(["activated", "group_activated"]),
    turn: new Set(["initiative_rolled", "turn_passed"]), // (turn 1 starts at initiative)
    quiet: new Set(["pending_pushed", "pending_popped", "pending_replaced"]),
  },
  // (a round has no event of its own: the roll-off starts round 1's set-up)
  asoiaf: {
    activation: new Set(["activated", "placed", "passed"]),
    turn: new Set(["rolled_off"]),
    quiet: new Set(),
  },
  // (an S&S "activation" is a phase: each begins with its own event)
  sns: {
    activation: new Set(["phase_began"]),
    turn: new Set(["turn_ended"]),
    quiet: new Set(["side_done"]),
  },
};
const NONE = { activation: new Set(), turn: new Set(), quiet: new Set() };

export class Steps {
  // events: the replay's [{seq, event}], in order
  constructor(system, events) {
    this.kinds = STEP_EVENTS[system] || NONE;
    this.events = events;
    this.last = events.length ? events[events.length - 1].seq : 0;
    const starts = (set) => events.filter((e) => set.has(e.event?.type)).map((e) => e.seq);
    this.activations = starts(this.kinds.activation);
    this.turns = starts(this.kinds.turn);
    this.quiet = new Set(events.filter((e) => this.kinds.quiet.has(e.event?.type))
      .map((e) => e.seq));
  }

  // The next (or previous) event that shows something.
  event(from, direction) {
    let seq = from + direction;
    while (seq > 0 && seq < this.last && this.quiet.has(seq)) seq += direction;
    return Math.max(0, Math.min(this.last, seq));
  }

  // The next (or previous) start of an activation or a turn: forward, the first
  // after `from` (or the end); back, the last before it (or the start).
  activation(from, direction) {
    return this._jump(this.activations, from, direction);
  }

  turn(from, direction) {
    return this._jump(this.turns, from, direction);
  }

  _jump(starts, from, direction) {
    if (direction > 0) return starts.find((s) => s > from) ?? this.last;
    return [...starts].reverse().find((s) => s < from) ?? 0;
  }

  // The turn number at `seq` (0 before the first turn starts), from the turn events.
  turnAt(seq) {
    let turn = 0;
    for (const e of this.events) {
      if (e.seq > seq) break;
      if (this.kinds.turn.has(e.event?.type)) turn = e.event.data?.turn ?? turn + 1;
    }
    return turn;
  }
}
