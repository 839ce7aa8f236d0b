// A Song of Ice & Fire's side panel (the match screen's and the replay's): each
// side's coins left by type and victory points, its agendas (a seat's own by name,
// the other's hidden: the view redacts them; the two drawn to keep one from, the
// viewer's own), its models with wounds, AP, tokens, captives, equipment (spent or
// not) and changes lasting beyond their ability, the objective cards revealed and
// face down, and the plunder tokens taken.

import { escape } from "./dom.js";
import { SEAT_COLOURS } from "./names.js";
import { COINS, lastingWords, squareWords } from "./asoiaf_words.js";

const COIN_MARKS = { gold: "●", silver: "◆", copper: "★" };

// names: uid -> display name; seatTitle(seat): the side's heading
export function asoiafRosterHtml(v, names, seatTitle) {
  if (!v?.models) return '<h3>Warbands</h3><p class="muted">Not revealed yet.</p>';
  const out = ["<h3>Warbands</h3>"];
  // the two agendas drawn, one to keep: only the drawing seat's own view has them
  if (v.agenda_hand?.length) {
    out.push(`<p class="agenda-hand">Your agendas drawn (keep one): `
      + `${v.agenda_hand.map(escape).join(", ")}</p>`);
  }
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
      // changes outlasting the ability that made them (a turn, a round, the game)
      states.push(...(v.lasting || []).filter((c) => c[0] === m.uid).map(lastingWords));
      if (m.captive) states.push(`holds ${names.get(m.captive) || m.captive} captive`);
      // a once-per-game token, discarded once used (seed 004, EQUIPMENT TOKENS)
      if (m.equipment) states.push(`${m.equipment}${m.equipment_spent ? " (spent)" : ""}`);
      out.push(`<li class="${m.removed ? "gone" : ""}${m.uid === v.active_model ? " acting"
        : ""}" data-roster="${escape(m.uid)}"${m.equipment ? ` data-equipment="${m.equipment_spent
        ? "spent" : "ready"}"` : ""}><span class="token" style="background:`
        + `${SEAT_COLOURS[seat] || "#555"}"></span> <span class="who">${escape(names.get(m.uid))}`
        + `</span> <span class="stats">${m.wounds_left}♥</span>${states.length
          ? ` <span class="states">${escape(states.join(", "))}</span>` : ""}</li>`);
    }
    out.push("</ul>");
  }
  out.push(tableTokensHtml(v));
  return out.join("");
}

// The objective cards (face down until a model stands on one) and the plunder
// tokens taken, of those the scenario put on the table.
function tableTokensHtml(v) {
  const out = [];
  const objectives = v.objectives || [];
  const revealed = objectives.filter((o) => o.card);
  if (objectives.length) {
    out.push(`<h4>Objectives</h4><p class="objective-count">${revealed.length} of `
      + `${objectives.length} revealed${objectives.length > revealed.length
        ? `, ${objectives.length - revealed.length} face down` : ""}</p>`);
  }
  if (revealed.length) {
    out.push(`<ul class="objectives-revealed">${revealed.map((o) => `<li>${escape(o.card)} `
      + `(${escape(squareWords(o.square))})</li>`).join("")}</ul>`);
  }
  const plunder = v.battlefield?.plunder || [];
  if (plunder.length) {
    const taken = v.plundered || [];
    out.push(`<p class="plunder-count">Plunder tokens taken: ${taken.length} of `
      + `${plunder.length}${taken.length ? ` (${taken.map((sq) => escape(squareWords(sq)))
        .join(", ")})` : ""}</p>`);
  }
  return out.join("");
}
