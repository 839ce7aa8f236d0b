// Hosted events (docs/protocol.md, Hosted events): the events list with a form to
// organise one, and an event's page: registration with a ready-made list that fits,
// check-in and withdrawal, the player's own next game, every round's pairings (with
// links to watch or replay each game), standings with every tie-break column, and the
// organiser's controls. Names, clubs and reasons players type are set as textContent.

import { renderBracket } from "./bracket.js";
import { $ } from "./dom.js";
import { presetList } from "./lists.js";

// each tie-break's column: its short heading, and in full on hover
const TIE_BREAK_NAMES = {
  strength_of_schedule: ["SoS", "strength of schedule: the opponents' points"],
  average_strength_of_schedule: ["avg SoS", "average strength of schedule"],
  vp_differential: ["VP diff", "victory points scored minus victory points conceded"],
  head_to_head: ["H2H", "head to head: points from games against the players level with them"],
  buchholz: ["Buchholz", "Buchholz: the opponents' scores"],
  median_buchholz: ["median Buchholz", "Buchholz without the best and worst opponent"],
  sonneborn_berger: ["S-B", "Sonneborn-Berger: the scores of the opponents beaten, and "
    + "half of those drawn with"],
};
const tieBreakHeading = (key) => (TIE_BREAK_NAMES[key]
  ? el("abbr", { title: TIE_BREAK_NAMES[key][1] }, TIE_BREAK_NAMES[key][0]) : key);
// The formats and an event's status in words (the settings' and server's keys are
// never shown): the form offers the formats by these names.
const FORMAT_NAMES = { swiss: "Swiss", round_robin: "Round robin", knockout: "Knockout",
  pools_knockout: "Pools then knockout", swiss_knockout: "Swiss then top cut",
  double_elimination: "Double elimination" };
const STATUS_WORDS = { registration: "taking entries", running: "under way",
  finished: "finished" };
const formatName = (format) => FORMAT_NAMES[format] || String(format).replace(/_/g, " ");
const statusWords = (status) => STATUS_WORDS[status] || status;
const HOW = { played: "", round_time: " (round time)", no_show: " (no-show)",
  forfeit: " (forfeit)", aborted: " (aborted)", bye: "", corrected: " (corrected)" };

// el("td", {class: "x"}, "text", child): an element whose strings are text, never HTML
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function table(headings, rows, attrs = {}) {
  return el("table", attrs, el("thead", {}, el("tr", {}, headings.map((h) => el("th", {}, h)))),
    el("tbody", {}, rows));
}

function failed(app, error) {
  app.status(error.message || String(error), "error");
}

// -- the list ------------------------------------------------------------------------
export async function renderEventList(root, app) {
  const list = el("div", { id: "event-list" }, el("p", { class: "muted" }, "Loading…"));
  const sections = [el("section", { class: "card wide" }, el("h2", {}, "Events"), list)];
  if (!app.account?.guest) sections.push(createForm(app));
  root.replaceChildren(...sections);
  try {
    const { events } = await app.conn.request("list_events", { limit: 50 });
    list.replaceChildren(events.length ? table(["Event", "Format", "Status", "Players"],
      events.map((e) => el("tr", { "data-event": e.event_id },
        el("td", {}, el("a", { href: `#/event/${e.event_id}` }, e.name)),
        el("td", {}, formatName(e.format)), el("td", {}, statusWords(e.status)),
        el("td", {}, e.players))))
      : el("p", { class: "muted" }, "No events yet."));
  } catch (error) {
    list.textContent = error.message;
  }
}

function createForm(app) {
  const form = el("form", { id: "event-form", class: "grid-form" },
    el("label", {}, "Name ", el("input", { name: "name", required: true, maxlength: 64 })),
    el("label", {}, "Format ", el("select", { name: "format" },
      Object.entries(FORMAT_NAMES).map(([value, name]) => el("option", { value }, name)))),
    el("label", {}, "Rounds (Swiss) ", el("input", { name: "rounds", type: "number", min: 1,
      value: 3 })),
    el("label", {}, "Top cut (Swiss then top cut) ", el("input", { name: "cut",
      type: "number", min: 2, value: 8 })),
    el("label", {}, "Pool size (pools) ", el("input", { name: "pool_size", type: "number",
      min: 2, value: 4 })),
    el("label", {}, "Through from each pool ", el("input", { name: "pool_qualifiers",
      type: "number", min: 1, value: 2 })),
    el("label", {}, "Round 1 starts at (optional) ", el("input", { name: "first_start",
      type: "datetime-local" })),
    el("label", {}, "Minutes between round starts ", el("input", { name: "gap",
      type: "number", min: 1, value: 90 })),
    el("label", {}, "Points ", el("select", { name: "points" }, ["200", "300", "400"].map(
      (p) => el("option", { selected: p === "300" }, p)))),
    el("label", {}, "Round length (minutes) ", el("input", { name: "minutes",
      type: "number", min: 1, value: 60 })),
    el("label", {}, "Past round time ", el("select", { name: "timeout_rule" },
      el("option", { value: "points" }, "scenario points decide"),
      el("option", { value: "draw" }, "a draw"))),
    el("label", { class: "check" }, el("input", { name: "check_in", type: "checkbox" }),
      " Check-in"),
    el("label", { class: "check" }, el("input", { name: "hidden", type: "checkbox" }),
      " Lists hidden until round 1"),
    el("button", { type: "submit" }, "Create the event"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = form.elements;
    const settings = { format: f.format.value, points_limit: Number(f.points.value),
      round_length: Number(f.minutes.value) * 60, timeout_rule: f.timeout_rule.value,
      check_in: f.check_in.checked, list_policy: f.hidden.checked ? "hidden" : "open" };
    if (swissRounds(f)) settings.rounds = Number(f.rounds.value);
    if (f.format.value === "swiss_knockout") settings.cut = Number(f.cut.value);
    if (f.format.value === "pools_knockout") {
      settings.pool_size = Number(f.pool_size.value);
      settings.pool_qualifiers = Number(f.pool_qualifiers.value);
    }
    if (f.first_start.value) settings.round_starts = schedule(f);
    try {
      const created = await app.conn.request("create_event", { name: f.name.value,
        system: "sbh", settings });
      app.go(`#/event/${created.event_id}`);
    } catch (error) {
      failed(app, error);
    }
  });
  return el("section", { class: "card" }, el("h2", {}, "Organise an event"), form);
}

// Does the format play Swiss rounds (a Swiss, or the Swiss before a top cut)?
function swissRounds(f) {
  return ["swiss", "swiss_knockout"].includes(f.format.value);
}

// Round start times: the first as given, then one every `gap` minutes, for the rounds
// the event will have (Swiss: as set; otherwise up to ten, the rest start when ready).
function schedule(f) {
  const first = new Date(f.first_start.value).getTime() / 1000;
  const count = f.format.value === "swiss" ? Number(f.rounds.value) : 10;
  return Array.from({ length: count }, (_, i) => first + i * Number(f.gap.value) * 60);
}

// -- an event ------------------------------------------------------------------------
export class EventScreen {
  constructor(root, app, eventId) {
    this.root = root;
    this.app = app;
    this.eventId = eventId;
    this.event = null;
  }

  show() {
    this.root.replaceChildren(el("p", { class: "muted" }, "Loading…"));
    // a round starting or the event ending redraws the page while it is shown
    this.app.pushHandlers.set("event_round_started", (f) => this.pushed(f, `Round ${f.round} `
      + (f.bye ? "started: you have a bye." : `started: your game against ${f.opponent}.`)));
    this.app.pushHandlers.set("event_finished", (f) => this.pushed(f, "The event is over."));
    this.refresh();
  }

  hide() {
    this.app.pushHandlers.delete("event_round_started");
    this.app.pushHandlers.delete("event_finished");
  }

  pushed(frame, text) {
    if (frame.event_id !== this.eventId) return;
    this.app.status(text);
    this.refresh();
  }

  async refresh() {
    try {
      this.event = await this.app.conn.request("get_event", { event_id: this.eventId });
    } catch (error) {
      this.root.replaceChildren(el("p", { class: "error" }, error.message));
      return;
    }
    const ev = this.event;
    const me = ev.entries.find((e) => e.player === this.app.account.account_id);
    const head = el("section", { class: "card wide event-head" },
      el("h2", {}, ev.name),
      el("p", {}, `${formatName(ev.settings.format)} · ${ev.settings.points_limit
        ?? 300} points · `, el("span", { class: "event-status" }, statusWords(ev.status)),
      ev.total_rounds ? ` · ${ev.rounds.length} of ${ev.total_rounds} rounds` : ""),
      ev.next_round_at ? el("p", { class: "next-round" }, "Next round at ",
        new Date(ev.next_round_at * 1000).toLocaleString()) : null,
      ev.problem ? el("p", { class: "error" }, ev.problem) : null,
      await this.entryBox(me), this.nextGame(me));
    const parts = [head, renderBracket(ev), this.pairings(), this.standings()]
      .filter(Boolean);
    if (ev.you_organise) parts.push(this.organiser());
    this.root.replaceChildren(...parts);
  }

  async entryBox(me) {
    const ev = this.event;
    const box = el("div", { class: "entry" });
    if (me && !["withdrawn", "dropped"].includes(me.status)) {
      box.append(el("p", {}, "You are entered (", el("span", { class: "my-entry" },
        me.status), ")."));
      if (ev.settings.check_in && me.status === "registered" && ev.status === "registration") {
        box.append(this.button("check-in", "Check in", () => this.ask("check_in", {})));
      }
      if (ev.status !== "finished") {
        box.append(this.button("withdraw", "Withdraw", () => this.ask("withdraw_event", {})));
      }
      return box;
    }
    if (me || ev.status === "finished") return box;
    let catalog;
    try {
      catalog = await this.app.conn.request("catalog", { system: ev.system,
        options: { points_limit: ev.settings.points_limit ?? 300 } });
    } catch (error) {
      return el("p", { class: "error" }, error.message);
    }
    const fitting = catalog.presets.filter((p) => !p.problems.length);
    const select = el("select", { class: "event-list" }, fitting.map((p) =>
      el("option", { value: p.key }, `${p.name} (${p.points} points)`)));
    const club = el("input", { class: "event-club", placeholder: "club (optional)",
      maxlength: 64 });
    box.append(el("label", {}, "Your list (locked for the event) ", select), " ", club, " ",
      this.button("register", "Register", () => {
        const preset = fitting.find((p) => p.key === select.value);
        return this.ask("register_event", { warband: presetList(preset),
          club: club.value || null });
      }));
    return box;
  }

  nextGame(me) {
    if (!me) return null;
    const current = this.event.rounds.at(-1);
    const mine = current?.pairings.find((p) => p.result === null
      && [p.player_a, p.player_b].includes(me.player));
    if (!mine || current.status !== "playing") return null;
    return el("p", { class: "next-game" }, `Your game of round ${current.round}: `,
      el("a", { href: `#/match/${mine.match_id}` }, `against ${mine.player_a === me.player
        ? mine.name_b : mine.name_a}`));
  }

  pairings() {
    const rounds = this.event.rounds.slice().reverse().map((r) => el("div",
      { class: "round", "data-round": r.round },
      el("h3", {}, `Round ${r.round} (${r.status})`),
      table(["Table", "Player", "Opponent", "Result", "Game"], r.pairings.map((p) =>
        el("tr", { "data-table": p.table },
          el("td", {}, p.table), el("td", {}, p.name_a),
          el("td", {}, p.bye ? "bye" : p.name_b),
          el("td", { class: "result" }, this.resultText(p),
            p.corrected_why ? el("span", { class: "muted" }, ` — ${p.corrected_why}`) : null),
          el("td", {}, p.bye ? "" : p.result ? el("a", { href: `#/replay/${p.match_id}` },
            "replay") : el("a", { href: `#/watch/${p.match_id}` }, "watch")))))));
    return el("section", { class: "card wide" }, el("h2", {}, "Pairings"),
      rounds.length ? rounds : el("p", { class: "muted" }, "Not paired yet."));
  }

  resultText(p) {
    if (!p.result) return "playing";
    if (p.bye) return "bye";
    const winner = p.result.winner === null ? "draw"
      : `${p.result.winner === p.player_a ? p.name_a : p.name_b} won`;
    return `${winner} ${p.result.vp_a}–${p.result.vp_b}${HOW[p.result.how] ?? ""}`;
  }

  standings() {
    const columns = this.event.settings.tie_breaks;
    return el("section", { class: "card wide" }, el("h2", {}, "Standings"),
      table(["#", "Player", "Points", ...columns.map(tieBreakHeading)],
        this.event.standings.map((s) => el("tr", { "data-player": s.player },
          el("td", {}, s.rank), el("td", {}, s.name), el("td", { class: "points" }, s.points),
          columns.map((c) => el("td", {}, s.tie_breaks[c])))), { id: "standings" }));
  }

  organiser() {
    const ev = this.event;
    const controls = el("div", { class: "organiser" });
    if (ev.status === "registration") {
      controls.append(this.button("start", "Start the event",
        () => this.ask("start_event", {})));
    }
    if (ev.rounds.at(-1)?.status === "paired") {
      controls.append(this.button("repair", "Pair the round again",
        () => this.ask("repair_round", {})));
    }
    const rows = ev.entries.filter((e) => !["withdrawn", "dropped"].includes(e.status))
      .map((e) => el("tr", { "data-entry": e.player }, el("td", {}, e.name),
        el("td", {}, e.status), el("td", {},
          this.button("drop", "Drop", () => this.ask("drop_player", { player: e.player })),
          ["swiss", "swiss_knockout"].includes(ev.settings.format) ? this.button("bye", "Bye next round",
            () => this.ask("give_bye", { player: e.player })) : null)));
    if (ev.status !== "finished") controls.append(table(["Player", "Status", ""], rows));
    const games = ev.rounds.flatMap((r) => r.pairings.filter((p) => !p.bye && p.result)
      .map((p) => ({ r, p })));
    if (games.length) controls.append(this.correctForm(games));
    return el("section", { class: "card wide" }, el("h2", {}, "Organiser"), controls);
  }

  correctForm(games) {
    const pick = el("select", { name: "game" }, games.map(({ r, p }, i) => el("option",
      { value: i }, `Round ${r.round}, table ${p.table}: ${p.name_a} v ${p.name_b}`)));
    const winner = el("select", { name: "winner" });
    const fill = () => {
      const { p } = games[Number(pick.value)];
      winner.replaceChildren(el("option", { value: p.player_a }, `${p.name_a} won`),
        el("option", { value: p.player_b }, `${p.name_b} won`), el("option", { value: "" },
          "a draw"));
    };
    pick.addEventListener("change", fill);
    fill();
    const why = el("input", { name: "why", required: true, maxlength: 200,
      placeholder: "why (shown with the result)" });
    const form = el("form", { id: "correct-form", class: "grid-form" },
      el("label", {}, "Game ", pick), el("label", {}, "Result ", winner), why,
      el("button", { type: "submit" }, "Correct the result"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const { r, p } = games[Number(pick.value)];
      this.ask("correct_result", { round: r.round, table: p.table,
        winner: winner.value || null, why: why.value, vp_a: p.result.vp_a,
        vp_b: p.result.vp_b });
    });
    return form;
  }

  button(action, label, onClick) {
    const button = el("button", { type: "button", class: "small", "data-action": action },
      label);
    button.addEventListener("click", onClick);
    return button;
  }

  async ask(kind, fields) {
    try {
      await this.app.conn.request(kind, { event_id: this.eventId, ...fields });
    } catch (error) {
      failed(this.app, error);
    }
    await this.refresh();
  }
}
