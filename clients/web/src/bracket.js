// A knockout's bracket on the event page (get_event's `bracket`, docs/protocol.md):
// rounds as columns, each match with its players' seeds, byes, the player who went
// on marked, and a link to the game's replay (or to watch it live). Double elimination
// draws the winners bracket, the losers bracket and the finals; pools then knockout
// draws its pools' tables first. Names are set as text, never HTML.

import { el } from "./tournaments.js";

// Who went on from a decided game: the winner; after a draw, more victory points, then
// the higher seed (server/tournaments/brackets.py, went_through).
export function wentThrough(p, seeds) {
  const r = p.result;
  if (!r) return null;
  if (r.winner !== null || p.bye) return r.winner ?? p.player_a;
  if (r.vp_a !== r.vp_b) return r.vp_a > r.vp_b ? p.player_a : p.player_b;
  return seeds.indexOf(p.player_a) <= seeds.indexOf(p.player_b) ? p.player_a : p.player_b;
}

const SECTIONS = [["W", "Winners bracket"], ["L", "Losers bracket"], ["F", "Final"]];

export function renderBracket(ev) {
  const bracket = ev.bracket;
  if (!bracket) return null;
  const names = Object.fromEntries(ev.entries.map((e) => [e.player, e.name]));
  const seedOf = Object.fromEntries(bracket.seeds.map((pid, i) => [pid, i + 1]));
  const pairing = (m) => ev.rounds.find((r) => r.round === m.round)?.pairings
    .find((p) => p.table === m.table);
  const parts = [el("h2", {}, "Bracket")];
  if (bracket.pools) parts.push(pools(bracket.pools, names));
  const double = ev.settings.format === "double_elimination";
  for (const [prefix, title] of double ? SECTIONS : [["W", null]]) {
    const matches = bracket.matches.filter((m) => m.id?.startsWith(prefix));
    if (!matches.length) continue;
    const columns = new Map();
    for (const m of matches) {
      const column = m.id.split(".")[0]; // W1, L2 ...; the finals F1 and F2 by themselves
      if (!columns.has(column)) columns.set(column, []);
      columns.get(column).push(matchBox(m, pairing(m), names, seedOf, bracket.seeds));
    }
    parts.push(el("div", { class: "bracket-section", "data-section": prefix },
      title ? el("h3", {}, title) : null,
      el("div", { class: "bracket" }, [...columns].map(([column, boxes]) =>
        el("div", { class: "bracket-round", "data-column": column },
          el("h4", {}, columnTitle(column, double)), boxes)))));
  }
  if (bracket.champion) {
    parts.push(el("p", { class: "champion" }, "Champion: ",
      el("strong", {}, names[bracket.champion] ?? bracket.champion)));
  }
  return el("section", { class: "card wide bracket-card" }, parts);
}

function columnTitle(column, double) {
  if (column === "F1") return "Grand final";
  if (column === "F2") return "Reset final";
  const number = column.slice(1);
  return double ? `${column[0] === "W" ? "Winners" : "Losers"} round ${number}`
    : `Round ${number}`;
}

function matchBox(m, p, names, seedOf, seeds) {
  if (!p) return null;
  const through = wentThrough(p, seeds);
  const side = (pid) => el("div", { class: `slot${pid && pid === through ? " through" : ""}`,
    "data-player": pid ?? "" },
  el("span", { class: "seed" }, pid && seedOf[pid] ? seedOf[pid] : ""),
  el("span", { class: "name" }, pid ? names[pid] ?? pid : "bye"));
  const link = p.bye ? null : p.result
    ? el("a", { class: "game-link", href: `#/replay/${p.match_id}` }, "replay")
    : el("a", { class: "game-link", href: `#/watch/${p.match_id}` }, "watch");
  return el("div", { class: "bracket-match", "data-match": m.id, "data-round": m.round,
    "data-table": m.table }, side(p.player_a), side(p.player_b), link);
}

function pools(list, names) {
  return el("div", { class: "pools" }, list.map((pool) => el("div",
    { class: "pool", "data-pool": pool.pool }, el("h3", {}, `Pool ${pool.pool}`),
    el("ol", {}, pool.standings.map((s) => el("li", { "data-player": s.player },
      `${names[s.player] ?? s.player} — ${s.points}`))))));
}
