// The control by the board for following what happened since the player's
// last decision (like stepping through moves on lichess): "⟨" and "⟩" (or the
// arrow keys) step through the activations one at a time, each drawn alone on
// the board as it stood after it, with its log lines highlighted; "now" goes
// back to the present, where every step since the decision is drawn, numbered
// in order, the latest one strongest.

import { escape } from "./dom.js";
import { activationSteps, trailStart } from "./trail.js";

const KEPT_VIEWS = 400;

export class TrailControl {
  // hooks: changed() (redraw the board), log() -> the log's <ol>, name(id) -> words
  constructor(box, hooks) {
    this.box = box;
    this.hooks = hooks;
    this.lastDecision = null;
    this.steps = [];
    this.current = null;
    this.views = []; // [{seq, view}] as pushed, to show the board as it was
    this.events = [];
    this.seat = null;
    box.addEventListener("click", (e) => this._click(e));
    this._keys = (e) => this._key(e);
    document.addEventListener("keydown", this._keys);
    this._render();
  }

  stop() {
    document.removeEventListener("keydown", this._keys);
  }

  decided(seq) {
    this.lastDecision = seq;
    this.current = null;
    this.views = this.views.filter((v) => v.seq >= seq).slice(-KEPT_VIEWS);
    this.update(this.events, this.seat);
  }

  noteView(seq, view) {
    this.views.push({ seq, view });
    if (this.views.length > KEPT_VIEWS) this.views.shift();
  }

  // Recomputed once for a burst of events (a subscription's history, a bot's turn).
  update(events, seat) {
    this.events = events;
    this.seat = seat;
    if (this._pending) return;
    this._pending = setTimeout(() => {
      this._pending = null;
      const since = trailStart(this.events, this.lastDecision, this.seat);
      this.steps = activationSteps(this.events, since);
      if (this.current !== null && this.current >= this.steps.length) this.current = null;
      this._render();
      this.hooks.changed();
    }, 20);
  }

  marks() {
    return { steps: this.steps, current: this.current };
  }

  // The view after the step being looked at (null: now, or not kept).
  pastView() {
    if (this.current === null) return null;
    const last = this.steps[this.current].last;
    const next = this.steps[this.current + 1]?.first ?? Infinity;
    const after = this.views.filter((v) => v.seq >= last && v.seq < next);
    return after.length ? after[0].view : null;
  }

  go(where) {
    const n = this.steps.length;
    if (!n) return;
    if (where === "now") this.current = null;
    else if (where === "prev") this.current = this.current === null ? n - 1 : Math.max(0, this.current - 1);
    else if (where === "next" && this.current !== null) {
      this.current = this.current + 1 >= n ? null : this.current + 1;
    }
    this._render();
    this.hooks.changed();
  }

  // Back to now if looking back (true), else false.
  back() {
    if (this.current === null) return false;
    this.go("now");
    return true;
  }

  _click(e) {
    const button = e.target.closest("button[data-trail]");
    if (button) this.go(button.dataset.trail);
  }

  _key(e) {
    if (e.target.closest?.("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
    const where = { ArrowLeft: "prev", ArrowRight: "next", Escape: "now" }[e.key];
    if (where && this.steps.length && this.box.isConnected) {
      e.preventDefault();
      this.go(where);
    }
  }

  _render() {
    const n = this.steps.length;
    const who = this.seat ? "since your last decision" : "this turn and the last";
    let label = n ? `${n} activation${n === 1 ? "" : "s"} ${who}` : `nothing yet ${who}`;
    if (this.current !== null) {
      const step = this.steps[this.current];
      const name = step.figure ? this.hooks.name(step.figure) : "";
      label = `${this.current + 1} of ${n}${name ? `: ${name}` : ""}`;
    }
    const off = (cond) => (cond ? " disabled" : "");
    this.box.innerHTML = `<button class="small" data-trail="prev" title="Previous activation (←)"`
      + `${off(!n || this.current === 0)}>⟨</button>`
      + `<span class="trail-label">${escape(label)}</span>`
      + `<button class="small" data-trail="next" title="Next activation (→)"`
      + `${off(this.current === null)}>⟩</button>`
      + `<button class="small" data-trail="now" title="Back to now (Esc)"`
      + `${off(this.current === null)}>now</button>`;
    this.box.dataset.steps = String(n);
    this.box.dataset.current = this.current === null ? "now" : String(this.current + 1);
    this.markLog();
  }

  // The log lines since the decision, and those of the step looked at.
  markLog() {
    const log = this.hooks.log();
    if (!log) return;
    const recent = new Set(this.steps.flatMap((s) => s.seqs));
    const current = new Set(this.current === null ? [] : this.steps[this.current].seqs);
    let first = null;
    for (const li of log.children) {
      const seq = Number(li.dataset.seq);
      li.classList.toggle("trail-recent", recent.has(seq));
      li.classList.toggle("trail-current", current.has(seq));
      if (current.has(seq) && !first) first = li;
    }
    first?.scrollIntoView({ block: "nearest" });
  }
}
