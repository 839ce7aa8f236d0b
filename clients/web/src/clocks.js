// Both seats' clocks in a timed match (docs/protocol.md, Clocks): the prompt (and
// get_view) carry each seat's milliseconds left and whose clocks run; between pushes
// the running ones count down here. Low time is marked, and in a match without
// `auto` the player whose opponent's clock reached zero gets a button to claim the win.

import { escape } from "./dom.js";

const TICK_MS = 200;

// "12:05", "1:02:03", "0:07.3" under ten seconds, "2 days 3 h" by correspondence
export function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total >= 86_400_000) {
    const days = Math.floor(total / 86_400_000);
    const hours = Math.floor((total % 86_400_000) / 3_600_000);
    return `${days} day${days === 1 ? "" : "s"} ${hours} h`;
  }
  const seconds = Math.floor(total / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n) => String(n).padStart(2, "0");
  if (h) return `${h}:${pad(m)}:${pad(s)}`;
  if (total < 10_000) return `${m}:${pad(s)}.${Math.floor((total % 1000) / 100)}`;
  return `${m}:${pad(s)}`;
}

// A time control in words ("20 min + 20 s", "3 days a decision"); "" without a clock.
export function timeControlWords(control) {
  if (control?.kind === "live") {
    const reserve = control.initial >= 60 ? `${control.initial / 60} min` : `${control.initial} s`;
    return `${reserve} + ${control.increment} s`;
  }
  if (control?.kind === "correspondence") {
    return `${control.days} day${control.days === 1 ? "" : "s"} a decision`;
  }
  return "";
}

// Low time: under a tenth of the reserve (at most 30 s) live; under an hour by post.
export function isLow(ms, control) {
  if (control?.kind === "correspondence") return ms < 3_600_000;
  const reserve = (control?.initial || 0) * 1000;
  return ms < Math.min(30_000, Math.max(5_000, reserve / 10));
}

export class ClockPanel {
  // hooks: claim() -> Promise (claim_timeout), nameOf(seat) -> the player's name
  constructor(element, hooks) {
    this.element = element;
    this.hooks = hooks;
    this.clock = null;
    this.seat = null;
    this.over = false;
    this.element.addEventListener("click", (e) => {
      if (e.target.closest("button[data-action=claim-timeout]")) {
        this.hooks.claim().catch((error) => this.showError(error.message));
      }
    });
  }

  // A clock from a prompt or view (null: an untimed match shows nothing).
  update(clock, seat) {
    this.clock = clock || null;
    this.seat = seat;
    this.at = performance.now();
    this.error = null;
    this.render();
    if (this.clock && !this.timer) this.timer = setInterval(() => this.render(), TICK_MS);
  }

  // The match ended: the clocks stop where they are.
  stop() {
    this.over = true;
    if (this.clock) this.clock = { ...this.clock, left: this.leftNow(), running: [] };
    this.destroy();
    this.render();
  }

  destroy() {
    clearInterval(this.timer);
    this.timer = null;
  }

  leftNow() {
    const elapsed = performance.now() - this.at;
    const left = {};
    for (const [seat, ms] of Object.entries(this.clock.left)) {
      left[seat] = this.clock.running.includes(seat) ? Math.max(0, ms - elapsed) : ms;
    }
    return left;
  }

  showError(text) {
    this.error = text;
    this.render();
  }

  render() {
    const clock = this.clock;
    this.element.hidden = !clock;
    if (!clock) return;
    const left = this.leftNow();
    const seats = Object.keys(left).sort();
    const parts = seats.map((seat) => {
      const running = clock.running.includes(seat);
      const classes = ["clock", running ? "running" : "stopped",
        isLow(left[seat], clock.control) ? "low" : "", left[seat] <= 0 ? "flagged" : "",
        seat === this.seat ? "mine" : ""].filter(Boolean).join(" ");
      return `<span class="${classes}" data-clock="${escape(seat)}">`
        + `<span class="clock-name">${escape(this.hooks.nameOf(seat))}</span> `
        + `<span class="clock-time">${escape(formatClock(left[seat]))}</span>`
        + `${running ? ' <span class="clock-runs" title="this clock is running">▶</span>' : ""}</span>`;
    });
    const opponentOut = this.seat && !this.over && clock.control?.auto === false
      && seats.some((seat) => seat !== this.seat && left[seat] <= 0);
    if (opponentOut) {
      parts.push('<button class="primary small" data-action="claim-timeout">'
        + "Claim the win on time</button>");
    }
    if (this.error) parts.push(`<span class="status error" role="alert">${escape(this.error)}</span>`);
    const html = parts.join(" ");
    if (this.element.dataset.html !== html) {
      this.element.innerHTML = html;
      this.element.dataset.html = html;
    }
  }
}
