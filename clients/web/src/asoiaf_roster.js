// A Song of Ice & Fire's side panel (the match screen's and the replay's): each
// side's coins left by type and victory points, its agendas (a seat's own by name,
// the other's hidden: the view redacts them), its models with wounds, AP, tokens
// and captives, and the objective cards revealed.

import { escape } from "./dom.js";
import { SEAT_COLOURS } from "./names.js";
import { COINS, squareWords } from "./asoiaf_words.js";

const COIN_MARKS = { gold: "●", silver: "◆", copper: "★" };

// names: uid -> display name; seatTitle(seat): the side's heading
export function asoiafRosterHtml(v, names, seatTitle) {
  if (!v?.models) return '<h3>Warbands</h3><p class="muted">Not revealed yet.</p>';
  const out = ["<h3>Warbands</h3>"];
  for (const seat of Object.keys(v.coins || {}).sort()) {
    const coins = v.coins[seat];
    out.push(`<h4 style="color:${SEAT_COLOURS[seat] || "#333"}">${escape(seatTitle(seat))}`
      + `${v.zones?.[seat] ? ` — ${v.zones[seat]} zone`
      : ""}${v.first_player === seat ? " — 1st player" : ""}</h4>`);
    out.push(`<p class="coins" data-coins="${seat}">${COINS.map((c) => `<span class="coin `
      + `${c}" data-coin="${c}">${COIN_MARKS[c]} ${coins[c]} ${c}</span>`).join(" ")}`
      + ` · ${v.vp?.[seat] ?? 0} VP</p>`);
    const agendas = v.agendas?.[seat] || [];
    if (agendas.length) {
      out.push(`<p class="agendas" data-agendas="${seat}">Agenda${agendas.length > 1 ? "s" : ""}: `
        + `${agendas.map((a) => escape(a || "hidden")).join(", ")}</p>`);
    }
    out.push('<ul class="roster-list">');
    for (const m of v.models.filter((x) => x.seat === seat)) {
      const states = [];
      if (m.removed) states.push(m.removed);
      else if (!m.square) states.push("not placed");
      if (m.uid === v.active_model) states.push(`active, ${m.ap} AP left`);
      else if (m.activated) states.push("activated");
      states.push(...m.conditions);
      if (m.captive) states.push(`holds ${names.get(m.captive) || m.captive} captive`);
      out.push(`<li class="${m.removed ? "gone" : ""}${m.uid === v.active_model ? " acting"
        : ""}" data-roster="${escape(m.uid)}"><span class="token" style="background:`
        + `${SEAT_COLOURS[seat] || "#555"}"></span> <span class="who">${escape(names.get(m.uid))}`
        + `</span> <span class="stats">${m.wounds_left}♥</span>${states.length
          ? ` <span class="states">${escape(states.join(", "))}</span>` : ""}</li>`);
    }
    out.push("</ul>");
  }
  const revealed = (v.objectives || []).filter((o) => o.card);
  if (revealed.length) {
    out.push(`<h4>Objectives revealed</h4><ul>${revealed.map((o) => `<li>${escape(o.card)} `
      + `(${escape(squareWords(o.square))})</li>`).join("")}</ul>`);
  }
  return out.join("");
}
