// A Song of Ice & Fire's replay summary: the server's facts of the finished match
// (`get_summary`): rounds played, each side's victory points by where they came
// from, the models each side lost (killed or captured) and the result.

import { escape } from "./dom.js";
import { reasonWords } from "./events.js";

// s: the reply's `summary`; name(seat): the side's words
export function asoiafSummaryHtml(s, name) {
  const seats = Object.keys(s.vp || {}).sort();
  const sources = (s.sources || []).filter((src) => seats.some((seat) =>
    s.vp[seat].by_source[src]));
  const rows = sources.map((src) => `<tr data-source="${escape(src)}"><td>${escape(src)}</td>`
    + seats.map((seat) => `<td data-seat="${escape(seat)}">${s.vp[seat].by_source[src] || 0}`
      + "</td>").join("") + "</tr>").join("");
  const head = seats.map((seat) => `<th>${escape(name(seat))}</th>`).join("");
  const totals = seats.map((seat) => `<td data-seat="${escape(seat)}" data-total=`
    + `"${s.vp[seat].total}"><strong>${s.vp[seat].total}</strong></td>`).join("");
  const lost = seats.map((seat) => {
    const l = s.lost[seat];
    return `<li data-lost="${escape(seat)}" data-killed="${l.killed}" data-captured=`
      + `"${l.captured}">${escape(name(seat))} lost ${l.killed + l.captured} of ${l.models}`
      + ` models: ${l.killed} killed, ${l.captured} captured</li>`;
  }).join("");
  const r = s.result;
  const result = !r ? "no result" : r.winner
    ? `${name(r.winner)} won (${reasonWords(r.reason, name)})`
    : `a draw (${reasonWords(r.reason, name)})`;
  return `<div class="replay-summary asoiaf-summary"><h3>Summary</h3>`
    + `<p class="summary-result">${escape(result)}, after ${s.rounds_played} of ${s.rounds}`
    + ` rounds.</p><h4>Victory points by source</h4><table class="vp-sources"><thead><tr>`
    + `<th>Source</th>${head}</tr></thead><tbody>${rows || `<tr><td colspan="${seats.length
      + 1}">No VP scored.</td></tr>`}<tr class="vp-total"><td>Total</td>${totals}</tr>`
    + `</tbody></table><h4>Models lost</h4><ul class="models-lost">${lost}</ul></div>`;
}
