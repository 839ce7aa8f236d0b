// A finished match in pictures, from its replay alone (no other service): victory
// points and figures standing at the end of each turn (small SVG line charts, our own
// code), casualties by cause, and dice luck: each side's Quality dice against what
// their target numbers made likely, and its opposed dice against the average 3.5.

import { escape } from "./dom.js";

const SIDE_COLOURS = { a: "#2563eb", b: "#dc2626" };

// The chance of one Quality die succeeding against `target`: a 1 always fails, a 6
// always succeeds (seed 000, ACTIVATION).
export function successChance(target) {
  const faces = [2, 3, 4, 5, 6].filter((d) => d === 6 || d >= target).length;
  return faces / 6;
}

// seat -> {dice, expected, actual, opposed, opposedSum}: luck = actual - expected,
// plus each opposed die's distance from 3.5.
export function diceLuck(events, seatOf) {
  const out = {};
  const side = (seat) => (out[seat] ??= { dice: 0, expected: 0, actual: 0, opposed: 0,
    opposedSum: 0 });
  for (const { event } of events) {
    const d = event?.data;
    if (!d || !Array.isArray(d.dice)) continue;
    if (Number.isInteger(d.target) && d.figure && Number.isInteger(d.successes)) {
      const s = side(seatOf(d.figure));
      s.dice += d.dice.length;
      s.expected += d.dice.length * successChance(d.target);
      s.actual += d.successes - (d.automatic || 0);
    } else if ((event.type === "melee" || event.type === "shot") && d.dice.length === 2) {
      const [first, second] = event.type === "melee" ? [d.attacker, d.defender]
        : [d.shooter, d.target];
      [first, second].forEach((id, i) => {
        const s = side(seatOf(id));
        s.opposed += 1;
        s.opposedSum += d.dice[i] - 3.5;
      });
    }
  }
  return out;
}

// [{seat, cause}] for every figure killed or fled, the cause read off the event that
// took it (and, for a kill, the attack just before it).
export function casualties(events, seatOf) {
  const out = [];
  let lastAttack = null;
  for (const { event } of events) {
    const type = event?.type;
    if (!type) continue;
    if (type === "melee") lastAttack = "killed in melee";
    else if (type === "shot" || type === "volley_rolled" || type === "stray_shot_rolled") {
      lastAttack = "shot";
    } else if (/bolt|spell/.test(type)) lastAttack = "killed by magic";
    else if (type === "falling_damage_rolled" || type === "fell") lastAttack = "killed by a fall";
    if (type === "killed") {
      out.push({ seat: seatOf(event.data.figure), cause: lastAttack || "killed" });
    } else if (type === "fled") {
      out.push({ seat: seatOf(event.data.figure), cause: `fled (${event.data.reason})` });
    } else if (type === "turn_passed") {
      lastAttack = null;
    }
  }
  return out;
}

// A small line chart: series {seat: [value at the end of turn 1, 2, ...]}.
export function lineChart(title, series, width = 320, height = 130) {
  const seats = Object.keys(series).sort();
  const values = seats.flatMap((s) => series[s]);
  if (!values.length) return "";
  const turns = Math.max(...seats.map((s) => series[s].length));
  const high = Math.max(1, ...values);
  const pad = 26;
  const x = (i) => pad + (i * (width - pad - 10)) / Math.max(1, turns - 1);
  const y = (v) => 10 + ((high - v) * (height - 34)) / high;
  const lines = seats.map((seat) => {
    const points = series[seat].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const dots = series[seat].map((v, i) => `<circle cx="${x(i).toFixed(1)}" `
      + `cy="${y(v).toFixed(1)}" r="2.5" fill="${SIDE_COLOURS[seat] || "#555"}" `
      + `data-seat="${escape(seat)}" data-turn="${i + 1}" data-value="${v}"/>`).join("");
    return `<polyline points="${points.join(" ")}" fill="none" stroke-width="2" `
      + `stroke="${SIDE_COLOURS[seat] || "#555"}"/>${dots}`;
  }).join("");
  return `<figure class="summary-chart"><figcaption>${escape(title)}</figcaption>`
    + `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(title)}">`
    + `<text x="2" y="14" class="axis">${high}</text><text x="2" y="${height - 22}" `
    + `class="axis">0</text><text x="${pad}" y="${height - 4}" class="axis">turn 1</text>`
    + `<text x="${width - 40}" y="${height - 4}" class="axis">turn ${turns}</text>`
    + `${lines}</svg></figure>`;
}

// The summary's HTML. perTurn: [{turn, view}] at the end of each turn; name(seat).
export function summaryHtml({ events, perTurn, seatOf, name }) {
  const seats = [...new Set(perTurn.flatMap(({ view }) => (view?.figures || [])
    .map((f) => f.seat)))].sort();
  const standing = {};
  const points = {};
  for (const seat of seats) {
    standing[seat] = perTurn.map(({ view }) => (view?.figures || [])
      .filter((f) => f.seat === seat && f.status === "ready" && f.pos).length);
    points[seat] = perTurn.map(({ view }) => view?.victory_points?.[seat] ?? 0);
  }
  const scored = Object.values(points).some((series) => series.some((v) => v));
  const lost = casualties(events, seatOf);
  const causes = seats.map((seat) => {
    const mine = lost.filter((c) => c.seat === seat);
    const counted = {};
    for (const c of mine) counted[c.cause] = (counted[c.cause] || 0) + 1;
    const items = Object.entries(counted).map(([cause, n]) => `<li data-cause="${escape(cause)}"`
      + ` data-count="${n}">${n} ${escape(cause)}</li>`).join("");
    return `<div class="casualties" data-seat="${escape(seat)}"><h4>${escape(name(seat))}: `
      + `${mine.length} lost</h4><ul>${items || "<li>none</li>"}</ul></div>`;
  }).join("");
  const luck = diceLuck(events, seatOf);
  const luckRows = seats.map((seat) => {
    const l = luck[seat] || { dice: 0, expected: 0, actual: 0, opposed: 0, opposedSum: 0 };
    const quality = l.actual - l.expected;
    const sign = (v) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;
    return `<tr data-seat="${escape(seat)}" data-luck="${quality.toFixed(2)}"><td>`
      + `${escape(name(seat))}</td><td>${l.actual} of ${l.dice} dice succeeded, `
      + `${l.expected.toFixed(1)} expected: ${sign(quality)}</td><td>${l.opposed} opposed `
      + `dice, ${sign(l.opposedSum)} against the average</td></tr>`;
  }).join("");
  return `<div class="replay-summary"><h3>Summary</h3><div class="charts">`
    + (scored ? lineChart("Victory points at the end of each turn", points) : "")
    + lineChart("Figures standing at the end of each turn", standing)
    + `</div><h4>Casualties by cause</h4><div class="casualty-list">${causes}</div>`
    + `<h4>Dice luck</h4><table class="luck"><thead><tr><th>Side</th><th>Quality rolls</th>`
    + `<th>Combat rolls</th></tr></thead><tbody>${luckRows}</tbody></table></div>`;
}
