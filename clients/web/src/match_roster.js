// The SBH match screen's legend and roster (also the replay viewer's): the
// terrain on the board with the figures' states, and each warband's figures.

import { escape } from "./dom.js";
import { SEAT_COLOURS, seatName } from "./names.js";
import { objectLegend } from "./objectives.js";
import { KIND_STYLES, EDGE_STYLES } from "./terrain.js";
import { showsActivated, tokenLabels } from "./tokens.js";

// The legend for the terrain on this board (every kind when `view` is not given). A
// replay (`replay`) draws no arrows: its board is the match as it stood at the step.
export function legendHtml(view, { replay = false } = {}) {
  const present = new Set(["open", ...(view?.board?.terrain || []).map((t) => t[2])]);
  const edgesPresent = new Set((view?.board?.edges || []).map((e) => e[2]));
  const kinds = Object.entries(KIND_STYLES).filter(([kind]) => !view || present.has(kind))
    .map(([kind, style]) => `<span class="legend-item" data-legend="${kind}">`
    + `<svg viewBox="0 0 2 2" width="18" height="18"><rect width="2" height="2" fill="${style.fill}"/>`
    + `${style.pattern ? `<rect width="2" height="2" fill="url(#pat-${style.pattern})"/>` : ""}`
    + `</svg>${escape(style.label)}</span>`);
  const edges = Object.entries(EDGE_STYLES).filter(([kind]) => !view || edgesPresent.has(kind))
    .map(([kind, style]) => `<span class="legend-item" data-legend="${kind}">`
    + `<svg viewBox="0 0 2 2" width="18" height="18"><line x1="0" y1="1" x2="2" y2="1" `
    + `stroke="${style.stroke}" stroke-width="${style.width * 2}"${style.dash
      ? ` stroke-dasharray="${style.dash.split(" ").map((v) => v * 2).join(" ")}"` : ""}/></svg>`
    + `${escape(style.label)}</span>`);
  const states = ['<span class="legend-item">✓ activated this turn</span>',
    replay ? "" : '<span class="legend-item">arrows: what was done since your last decision '
      + '(red: attacks, with the dice; numbers: the order)</span>',
    '<span class="legend-item">flat dashed token: fallen</span>',
    '<span class="legend-item">purple dashed ring: transfixed</span>',
    '<span class="legend-item">gold ring: acting now</span>'];
  return kinds.join("") + edges.join("") + objectLegend(view).join("") + states.join("");
}

export function rosterHtml(view, names, players, warbands, activeId) {
  const figures = view?.figures || [];
  if (!figures.length) return '<h3>Warbands</h3><p class="muted">Not revealed yet.</p>';
  const bySeat = {};
  for (const f of figures) (bySeat[f.seat] ||= []).push(f);
  const tokens = tokenLabels(figures, names);
  const out = ["<h3>Warbands</h3>"];
  for (const seat of Object.keys(bySeat).sort()) {
    out.push(`<h4 style="color:${SEAT_COLOURS[seat] || "#333"}">`
      + `${escape(seatName(seat, players, warbands))}</h4><ul class="roster-list">`);
    for (const f of bySeat[seat]) {
      const states = [];
      if (f.status !== "ready") states.push(f.status);
      else if (!f.pos) states.push("not deployed");
      if (f.fallen) states.push("fallen");
      if (f.transfixed) states.push("transfixed");
      if (showsActivated(f, view)) states.push("activated");
      if (f.wounds) states.push(`${f.wounds} wound${f.wounds > 1 ? "s" : ""}`);
      if (f.out_of_power) states.push("out of power");
      if (f.out_of_missiles) states.push("out of missiles");
      const cls = [f.status !== "ready" ? "gone" : "", f.id === activeId ? "acting" : ""].join(" ");
      out.push(`<li class="${cls}" data-roster="${escape(f.id)}"><span class="token" `
        + `style="background:${SEAT_COLOURS[f.seat] || "#555"}">${escape(tokens.get(f.id))}</span> `
        + '<span class="who">'
        + `${escape(names.get(f.id) || f.name)}</span> <span class="stats">Q${f.quality}+ `
        + `C${f.combat}</span>${states.length ? ` <span class="states">${escape(states.join(", "))}`
          + "</span>" : ""}</li>`);
    }
    out.push("</ul>");
  }
  return out.join("");
}
