// The prompt panel's words: its header (whose turn it is, the question with the
// figures' names) and the hint of what to click. Nothing here shows a parameter
// name, a seat letter or an id.

import { escape } from "./dom.js";
import { displayNames, figureWords, playerName } from "./names.js";

// What a value chosen on the board is for, by the rules' parameter name; a name
// not listed gets no words (the command's label already says enough).
const PURPOSE = {
  to: "where it goes",
  target: "its target",
  interceptor: "who intercepts",
  hacker: "who strikes",
  patient: "whom to heal",
  figure: "which figure",
  leader: "who leads",
  member: "who acts next",
};

const CLICK = {
  hex: "a highlighted hex",
  figure: "a highlighted figure",
  area: "a hex of a highlighted feature, or its button",
};

export function clickHint(kind, name) {
  const purpose = PURPOSE[name];
  return `click ${CLICK[kind]}${purpose ? `: ${purpose}` : ""}`;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// The question in the player's words: profiles become the figures' names (the
// acting figure's when several share a profile). names: id -> name, by default the
// display names (the panel passes names saying whose a kind both sides have is).
export function questionText(text, view, names = null) {
  const figures = view?.figures || [];
  return figureWords(text, figures, names || displayNames(figures),
    view?.activation?.figure || null);
}

// ui: {prompt, decision, seat, players, warbands, finished, view}
export function headerHtml(ui) {
  const p = ui.prompt;
  const name = (seat) => playerName(seat, ui.players, ui.warbands);
  if (ui.finished) {
    return `<div class="prompt-head over">Match over — ${escape(ui.finished)}</div>`;
  }
  if (!p) return '<div class="prompt-head">Waiting for the match…</div>';
  const waiting = (p.waiting || []).map(name);
  if (ui.decision) {
    const others = (p.waiting || []).filter((s) => s !== ui.seat);
    const also = others.length ? ` <span class="muted">(also waiting for `
      + `${escape(others.map(name).join(" and "))})</span>` : "";
    // asked while the other side is acting (a recoil, a free hack order, a flight)
    const active = ui.view?.phase === "play" ? ui.view.active_seat : null;
    const during = active && active !== ui.seat
      ? `<div class="mid-turn">During ${escape(name(active))}'s turn: the rules ask you now</div>`
      : "";
    return `<div class="prompt-head mine${during ? " mid-turn-head" : ""}" data-mine="true">`
      + '<span class="your-turn">Your turn:</span> '
      + `<span class="prompt-text">${escape(questionText(ui.decision.text, ui.view, ui.names))}</span>`
      + `${also}${during}</div>`;
  }
  if (!waiting.length) return '<div class="prompt-head">Nobody has to act.</div>';
  return '<div class="prompt-head theirs" data-mine="false">Waiting for '
    + `<span class="waiting-for">${escape(waiting.join(" and "))}</span>…</div>`;
}
