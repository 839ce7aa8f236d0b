// Ratings (docs/protocol.md, Ratings): your ratings, the course of one of them as a
// small chart (our own SVG: no chart library), and each system's and category's
// leaderboard.
// Guests have no ratings; the page says so.

import { $, escape, when } from "./dom.js";
import { SYSTEM_NAMES, systemName } from "./scenarios.js";

export const CATEGORIES = [["standard", "no clock"], ["live", "live clock"],
  ["correspondence", "correspondence"]];

const categoryWords = (key) => (CATEGORIES.find(([k]) => k === key) || [key, key])[1];
// the rating deviation, as a column's heading: its letters, its meaning on hover
const RD = '<abbr title="rating deviation: how unsure the rating still is (it shrinks as '
  + 'you play rated matches)">RD</abbr>';

function ratingText(r) {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

// A rating's course as an SVG line: one point per rated match, oldest first.
export function historyChart(history, width = 560, height = 160) {
  if (!history.length) return '<p class="muted">No rated matches in this category yet.</p>';
  const values = [history[0].rating_before, ...history.map((h) => h.rating)];
  const low = Math.min(...values) - 20;
  const high = Math.max(...values) + 20;
  const pad = 34;
  const x = (i) => pad + (i * (width - pad - 8)) / Math.max(1, values.length - 1);
  const y = (v) => 8 + ((high - v) * (height - 28)) / (high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const dots = values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" `
    + `r="3" class="rating-point" data-rating="${v}"><title>${v}</title></circle>`).join("");
  const ticks = [Math.round(high - 20), Math.round(low + 20)].map((v) => `<text x="2" `
    + `y="${(y(v) + 4).toFixed(1)}" class="axis">${v}</text>`).join("");
  return `<svg class="rating-chart" viewBox="0 0 ${width} ${height}" role="img" `
    + `aria-label="Rating over the last ${history.length} rated matches">${ticks}`
    + `<polyline points="${points}" fill="none" stroke="#1f6f8b" stroke-width="2"/>${dots}</svg>`;
}

const selectHtml = (id, label, pairs) => `<label>${label} <select id="${id}">${pairs.map(
  ([key, words]) => `<option value="${key}">${escape(words)}</option>`).join("")}</select></label>`;
// every rules system is rated (server/ratings: per system and category), each its own board
const GAMES = Object.entries(SYSTEM_NAMES);

export async function renderRatings(root, app) {
  const guest = app.account?.guest;
  // (a guest has no rating to follow over time: no chart, no category to choose)
  root.innerHTML = `<section class="card wide"><h2>Your ratings</h2>
      <div id="my-ratings"><p class="muted">Loading…</p></div>
      <div class="rating-course"${guest ? " hidden" : ""}><h3>Over time</h3>
      <div class="inline-form">${selectHtml("history-game", "Game", GAMES)}
      ${selectHtml("history-category", "Category", CATEGORIES)}</div>
      <div id="rating-history"></div></div></section>
    <section class="card wide"><h2>Leaderboard: <span id="board-name">${escape(
      systemName("sbh"))}</span></h2>
      <div class="inline-form">${selectHtml("board-game", "Game", GAMES)}
      ${selectHtml("board-category", "Category", CATEGORIES)}</div>
      <div id="leaderboard"><p class="muted">Loading…</p></div></section>`;
  const mine = $(root, "#my-ratings");
  if (guest) {
    mine.innerHTML = '<p class="muted">Guests play casual matches only: register to play '
      + "rated matches and get a rating.</p>";
  } else {
    try {
      const { ratings } = await app.conn.request("get_ratings", {});
      mine.innerHTML = ratings.length ? `<table><thead><tr><th>Game</th><th>Category</th>
        <th>Rating</th><th>${RD}</th><th>Rated matches</th><th>Last played</th></tr></thead>
        <tbody>${ratings.map((r) => `<tr data-rating="${escape(r.category)}" `
        + `data-system="${escape(r.system)}"><td>${escape(systemName(r.system))}</td>
        <td>${escape(categoryWords(r.category))}</td>
        <td>${escape(ratingText(r))}</td><td>${r.rd}</td><td>${r.games}</td>
        <td>${escape(when(r.last_played_at))}</td></tr>`).join("")}</tbody></table>
        <p class="muted">A "?" marks a provisional rating: still unsure (RD 110 or more) `
        + "until a few more rated matches.</p>"
        : '<p class="muted">No rated matches yet: create a rated match in the lobby.</p>';
      // the course shown first: the rating last played
      const last = [...ratings].sort((x, y) => (y.last_played_at || 0)
        - (x.last_played_at || 0))[0];
      if (last && SYSTEM_NAMES[last.system]) {
        $(root, "#history-game").value = last.system;
        $(root, "#history-category").value = last.category;
      }
    } catch (error) {
      mine.textContent = error.message;
    }
  }
  const history = async () => {
    const box = $(root, "#rating-history");
    if (guest) return;
    try {
      const reply = await app.conn.request("rating_history", {
        system: $(root, "#history-game").value, category: $(root, "#history-category").value,
        limit: 50 });
      box.innerHTML = historyChart(reply.history);
    } catch (error) {
      box.textContent = error.message;
    }
  };
  const board = async () => {
    const box = $(root, "#leaderboard");
    const system = $(root, "#board-game").value;
    $(root, "#board-name").textContent = systemName(system);
    try {
      const reply = await app.conn.request("leaderboard", {
        system, category: $(root, "#board-category").value, limit: 50 });
      box.innerHTML = reply.players.length ? `<table><thead><tr><th>#</th><th>Player</th>
        <th>Rating</th><th>${RD}</th><th>Rated matches</th></tr></thead><tbody>${reply.players
          .map((p) => `<tr><td>${p.rank}</td><td>${escape(p.name)}</td><td>${p.rating}</td>
          <td>${p.rd}</td><td>${p.games}</td></tr>`).join("")}</tbody></table>`
        : '<p class="muted">No established ratings yet: a rating is listed once it is '
          + "settled (its deviation, RD, under 110), after several rated matches.</p>";
    } catch (error) {
      box.textContent = error.message;
    }
  };
  for (const id of ["#history-game", "#history-category"]) {
    $(root, id).addEventListener("change", history);
  }
  for (const id of ["#board-game", "#board-category"]) {
    $(root, id).addEventListener("change", board);
  }
  await Promise.all([history(), board()]);
}

// A rated match's end: "Your rating: 1500 → 1662 (+162)".
export function ratingChangeText(ratings, seat) {
  const mine = ratings?.[seat];
  if (!mine) return "";
  const sign = mine.change >= 0 ? "+" : "";
  return `your rating ${mine.before} → ${mine.rating}${mine.provisional ? "?" : ""} `
    + `(${sign}${mine.change})`;
}
