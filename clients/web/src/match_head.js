// The match screen's head (match.js): its layout, with the board, prompt, log, chat
// and roster boxes every system fills, and the line and buttons at its top, redrawn
// from the screen's state (seat, status, view, result, ratings).

import { $, describeSetup, escape } from "./dom.js";
import { seatName } from "./names.js";
import { phaseWords } from "./phases.js";
import { ratingChangeText } from "./ratings.js";

export function matchLayout(title) {
  return `
    <div class="match">
      <div class="match-head card">
        <div class="title">${title}</div>
        <div class="match-info"></div>
        <button class="to-prompt primary" data-action="to-prompt">Your turn: see what to do ↓</button>
        <div class="clocks" hidden></div>
        <div class="match-actions"></div>
        <div class="takeback-bar offer-bar" aria-live="polite" hidden></div>
      </div>
      <div class="match-body">
        <div class="board-column card">
          <div class="board-tools">
            <button class="small" data-zoom="in" title="Zoom in">+</button>
            <button class="small" data-zoom="out" title="Zoom out">−</button>
            <button class="small" data-zoom="fit" title="Show the whole board">fit</button>
            <label class="check"><input type="checkbox" class="names-toggle" checked> names</label>
            <span class="trail-tools"></span>
            <span class="hover-info muted"></span>
          </div>
          <div class="board"></div>
          <details class="legend" open><summary>Legend</summary><div class="legend-body"></div>
          </details>
        </div>
        <div class="side-column">
          <section class="card prompt" aria-live="polite"></section>
          <section class="card log-card"><h3>Dice and events</h3><ol class="log"></ol></section>
          <section class="card chat-card"></section>
          <section class="card roster"></section>
        </div>
      </div>
    </div>`;
}

// The head's line (who you are, status, phase, result, invite, rating change) and the
// buttons the match allows now (offer a draw, take back, resign, leave, replay, rematch).
export function renderMatchHead(screen) {
  const info = $(screen.root, ".match-info");
  const actions = $(screen.root, ".match-actions");
  if (!info) return;
  const v = screen.view;
  const bits = [];
  bits.push(screen.seat ? `You are ${escape(seatName(screen.seat, screen.players || {}, screen.warbands))}`
    : "You are watching");
  bits.push(`status: <span class="match-status">${escape(screen.status)}</span>`);
  if (v && screen.table) {
    bits.push(...screen.table.headBits(v));
  } else if (v) {
    bits.push(`phase: ${escape(phaseWords("sbh", v.phase))}`);
    if (v.turn) bits.push(`turn ${v.turn}`);
    if (v.phase === "play" && v.active_seat) {
      bits.push(`active: ${escape(screen.seatWords(v.active_seat))}`);
    }
    const vp = Object.entries(v.victory_points || {})
      .map(([s, p]) => `${screen.seatWords(s)} ${p}`).join(" · ");
    if (vp) bits.push(`victory points ${escape(vp)}`);
    bits.push(escape(describeSetup({ options: v.options, board_size: v.board?.width })));
  } else if (screen.setup) {
    bits.push(escape(describeSetup(screen.setup)));
  }
  if (screen.invite) bits.push(`invite code <code class="invite">${escape(screen.invite)}</code>`);
  if (screen.status === "open") bits.push("<strong>waiting for an opponent to join</strong>");
  if (screen.result) bits.push(`result: <strong class="match-result">${escape(screen.resultText())}</strong>`);
  const rated = ratingChangeText(screen.ratings, screen.seat);
  if (rated) bits.push(`<span class="rating-change">${escape(rated)}</span>`);
  info.innerHTML = bits.join(" · ");
  let buttons = "";
  if (screen.seat && screen.status === "active") {
    // (a draw needs no turn, as a resignation; the opponent answers in their prompt)
    buttons = '<button data-action="offer-draw" title="Your opponent is asked to accept '
      + 'or decline">Offer a draw</button> '
      + '<button data-action="take-back" title="Your opponent is asked to let you take back '
      + 'your last move">Ask to take back</button> '
      // ("concede": the rules' word, as the prompt's "Concede the match"; the request
      // is the protocol's `resign`)
      + '<button class="danger" data-action="resign">Concede</button>';
  } else if (screen.seat && screen.status === "open") {
    buttons = '<button data-action="leave">Leave</button>';
  } else if (screen.status === "finished") {
    buttons = `<a class="button" href="#/replay/${escape(screen.matchId)}">Open the replay</a>`;
    if (screen.seat) {
      buttons += ' <button data-action="rematch" title="The same match again, seats swapped">'
        + "Rematch</button>";
    }
  }
  if (actions.dataset.html !== buttons) {
    actions.innerHTML = buttons;
    actions.dataset.html = buttons;
  }
}
