// Finished matches: the list (`list_replays`) and the replay viewer. The event
// list comes from `get_replay`; the board at step k is `get_view` with
// `at_seq: k` (the state after event k), fetched on demand and cached.

import { Board } from "./board.js";
import { $, describeSetup, escape, when } from "./dom.js";
import { formatEvent } from "./events.js";
import { legendHtml, rosterHtml } from "./match.js";
import { displayNames, seatName } from "./names.js";

const QUIET = new Set(["pending_pushed", "pending_popped", "pending_replaced"]);
const PLAY_MS = 700;

export async function renderReplayList(root, app) {
  root.innerHTML = `<section class="card wide"><h2>Finished matches</h2>
    <div id="replay-list"><p class="muted">Loading…</p></div></section>`;
  let listed;
  try {
    listed = await app.conn.request("list_replays", { system: "sbh", limit: 100 });
  } catch (error) {
    $(root, "#replay-list").textContent = error.message;
    return;
  }
  const rows = listed.replays.map((r) => {
    const players = Object.entries(r.players || {})
      .map(([seat, name]) => `${seat.toUpperCase()}: ${escape(name)}`).join(", ");
    const result = r.result?.winner ? `${r.result.winner.toUpperCase()} won (${r.result.reason})`
      : `no winner${r.result?.reason ? ` (${r.result.reason})` : ""}`;
    return `<tr data-replay="${escape(r.match_id)}"><td><code>${escape(r.match_id)}</code></td>
      <td>${players}</td><td>${escape(result)}</td><td>${escape(when(r.finished_at))}</td>
      <td><a class="button small" href="#/replay/${escape(r.match_id)}">Replay</a></td></tr>`;
  });
  $(root, "#replay-list").innerHTML = rows.length
    ? `<table><thead><tr><th>Match</th><th>Players</th><th>Result</th><th>Finished</th><th></th>
       </tr></thead><tbody>${rows.join("")}</tbody></table>`
    : '<p class="muted">No finished matches yet.</p>';
}

export class ReplayViewer {
  constructor(root, app, matchId) {
    this.root = root;
    this.app = app;
    this.matchId = matchId;
    this.step = 0;
    this.views = new Map(); // seq -> view
    this.timer = null;
    this.wanted = 0;
  }

  async show() {
    this.root.innerHTML = `
      <div class="match replay">
        <div class="match-head card">
          <div class="title">Replay <code class="match-id">${escape(this.matchId)}</code></div>
          <div class="match-info">Loading…</div>
        </div>
        <div class="replay-controls card">
          <button data-go="start" title="To the start">« Start</button>
          <button data-go="back" title="Step back">‹ Back</button>
          <button data-go="play" class="play primary" title="Play or pause">▶ Play</button>
          <button data-go="forward" title="Step forward">Next ›</button>
          <button data-go="end" title="To the end">End »</button>
          <input type="range" class="scrubber" min="0" max="0" value="0">
          <span class="step-label">step 0 / 0</span>
        </div>
        <div class="match-body">
          <div class="board-column card"><div class="board"></div>
            <details class="legend" open><summary>Legend</summary>
            <div class="legend-body"></div></details></div>
          <div class="side-column">
            <section class="card now"></section>
            <section class="card roster"></section>
            <section class="card log-card"><h3>Dice and events</h3><ol class="log"></ol></section>
          </div>
        </div>
      </div>`;
    this.board = new Board($(this.root, ".board"), { onHover: () => {} });
    try {
      this.doc = await this.app.conn.request("get_replay", { match_id: this.matchId });
    } catch (error) {
      $(this.root, ".match-info").textContent = error.message;
      return;
    }
    this.events = this.doc.events || [];
    this.last = this.events.length ? this.events[this.events.length - 1].seq : 0;
    this.warbands = {};
    for (const { event } of this.events) {
      if (event?.type === "lists_revealed") {
        for (const [seat, list] of Object.entries(event.data.lists || {})) {
          this.warbands[seat] = list.name;
        }
      }
    }
    const final = await this.viewAt(this.last);
    this.names = displayNames(final?.figures || []);
    $(this.root, ".legend-body").innerHTML = legendHtml(final);
    const scrubber = $(this.root, ".scrubber");
    scrubber.max = String(this.last);
    scrubber.addEventListener("input", () => this.seek(Number(scrubber.value)));
    this.root.addEventListener("click", (e) => this.click(e));
    this.renderInfo();
    this.renderLog();
    await this.seek(0);
  }

  hide() {
    this.pause();
  }

  players() {
    return this.doc?.players || {};
  }

  renderInfo() {
    const d = this.doc;
    const players = Object.keys(d.players || {}).sort()
      .map((seat) => escape(seatName(seat, d.players, this.warbands))).join(" vs ");
    const r = d.result || {};
    const result = r.winner ? `${seatName(r.winner, d.players, this.warbands)} won (${r.reason})`
      : `no winner${r.reason ? ` (${r.reason})` : ""}`;
    $(this.root, ".match-info").innerHTML = `${players} · ${escape(describeSetup(d.setup))} · `
      + `<span class="result">${escape(result)}</span> · finished ${escape(when(d.finished_at))}`
      + ` · seed <code title="SHA-256 commitment ${escape(d.seed_commitment)}">`
      + `${escape(String(d.seed).slice(0, 12))}…</code>`;
  }

  renderLog() {
    const ctx = {
      name: (id) => this.names.get(id) || id,
      seat: (seat) => seatName(seat, this.players(), this.warbands),
    };
    const lines = [];
    for (const { seq, event } of this.events) {
      const line = formatEvent(event, ctx);
      if (!line) continue;
      lines.push(`<li class="log-${line.kind} future" data-seq="${seq}" `
        + `data-type="${escape(event?.type || "hidden")}"><span class="seq">${seq}</span> `
        + `${escape(line.text)}</li>`);
    }
    $(this.root, ".log").innerHTML = lines.join("");
  }

  click(e) {
    const button = e.target.closest("button[data-go]");
    if (button) {
      const go = button.dataset.go;
      if (go === "play") this.timer ? this.pause() : this.play();
      else {
        this.pause();
        if (go === "start") this.seek(0);
        else if (go === "end") this.seek(this.last);
        else if (go === "back") this.seek(this.neighbour(-1));
        else if (go === "forward") this.seek(this.neighbour(1));
      }
      return;
    }
    const line = e.target.closest(".log li[data-seq]");
    if (line) {
      this.pause();
      this.seek(Number(line.dataset.seq));
    }
  }

  // The next (or previous) step that shows something: bookkeeping events are skipped.
  neighbour(direction) {
    let seq = this.step + direction;
    while (seq > 0 && seq < this.last) {
      const record = this.events.find((e) => e.seq === seq);
      if (!record || !QUIET.has(record.event?.type)) break;
      seq += direction;
    }
    return Math.max(0, Math.min(this.last, seq));
  }

  play() {
    if (this.step >= this.last) this.seek(0);
    const button = $(this.root, ".play");
    button.textContent = "⏸ Pause";
    this.timer = setInterval(() => {
      if (this.step >= this.last) {
        this.pause();
        return;
      }
      this.seek(this.neighbour(1));
    }, PLAY_MS);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    const button = this.root && $(this.root, ".play");
    if (button) button.textContent = "▶ Play";
  }

  async viewAt(seq) {
    if (this.views.has(seq)) return this.views.get(seq);
    const reply = await this.app.conn.request("get_view", { match_id: this.matchId, at_seq: seq });
    this.views.set(seq, reply.view);
    return reply.view;
  }

  async seek(seq) {
    this.wanted = seq;
    this.step = seq;
    $(this.root, ".scrubber").value = String(seq);
    $(this.root, ".step-label").textContent = `step ${seq} / ${this.last}`;
    this.markLog(seq);
    let view;
    try {
      view = await this.viewAt(seq);
    } catch (error) {
      this.app.status(error.message, "error");
      return;
    }
    if (this.wanted !== seq) return; // a later seek overtook this one
    this.board.render(view, { active: view?.activation?.figure || null });
    $(this.root, ".roster").innerHTML = rosterHtml(view, this.names, this.players(),
      this.warbands, view?.activation?.figure);
    const record = this.events.find((e) => e.seq === seq);
    const ctx = {
      name: (id) => this.names.get(id) || id,
      seat: (seat) => seatName(seat, this.players(), this.warbands),
    };
    const line = record ? formatEvent(record.event, ctx) : null;
    $(this.root, ".now").innerHTML = `<h3>Step ${seq} of ${this.last}</h3>`
      + `<p>${seq === 0 ? "Before the first event." : escape(line?.text || record?.event?.type || "")}</p>`
      + `<p class="muted">Turn ${view?.turn ?? 0} · phase ${escape(view?.phase || "")}</p>`;
    this.root.querySelector(".replay").dataset.step = String(seq);
  }

  markLog(seq) {
    let current = null;
    for (const li of this.root.querySelectorAll(".log li")) {
      const s = Number(li.dataset.seq);
      li.classList.toggle("future", s > seq);
      li.classList.toggle("current", s === seq);
      if (s <= seq) current = li;
    }
    const box = this.root.querySelector(".log-card");
    if (current && box) box.scrollTop = current.offsetTop - box.clientHeight / 2;
  }
}
