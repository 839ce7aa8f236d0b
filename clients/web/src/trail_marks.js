// Drawing the trail (trail.js) on the board's SVG: each step's paths as
// arrows in its side's colour, attacks as red arrows with the two dice by
// their middle, activation dice beside the figure (green rim: a success), a
// cross where a figure died, and the step's number where it ended. Paths and
// arrows go under the tokens; dice, crosses and numbers over them.

import { escape } from "./dom.js";
import { SEAT_COLOURS } from "./names.js";

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// One die face (pips for 1-6, the number otherwise) centred on x, y.
export function dieFace(x, y, value, cls, size = 0.4) {
  const half = size / 2;
  const out = [`<g class="die ${cls}" data-value="${value}">`,
    `<rect x="${(x - half).toFixed(3)}" y="${(y - half).toFixed(3)}" width="${size}" `
    + `height="${size}" rx="${size / 6}" class="die-face"/>`];
  const pips = PIPS[value];
  if (pips) {
    for (const [px, py] of pips) {
      out.push(`<circle cx="${(x + px * size * 0.27).toFixed(3)}" `
        + `cy="${(y + py * size * 0.27).toFixed(3)}" r="${size * 0.09}" class="pip"/>`);
    }
  } else {
    out.push(`<text x="${x.toFixed(3)}" y="${(y + size * 0.3).toFixed(3)}" class="die-number" `
      + `style="font-size:${size * 0.8}px">${escape(String(value))}</text>`);
  }
  out.push("</g>");
  return out.join("");
}

function line(a, b, cls, colour, extra = "") {
  return `<line x1="${a[0].toFixed(3)}" y1="${a[1].toFixed(3)}" x2="${b[0].toFixed(3)}" `
    + `y2="${b[1].toFixed(3)}" class="${cls}" stroke="${colour}"${extra}/>`;
}

// A point `by` units along from a towards b (so arrows stop short of tokens).
function toward(a, b, by) {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return [a[0] + ((b[0] - a[0]) * by) / len, a[1] + ((b[1] - a[1]) * by) / len];
}

function drawStep(step, number, faded, centre, seatOf) {
  const at = (hex) => centre(hex[0], hex[1]);
  const head = `class="trail-step${faded ? " faded" : ""}" data-step="${number}" `
    + `data-figure="${escape(step.figure || "")}"`;
  const out = [`<g ${head}>`];
  const over = [`<g ${head.replace("trail-step", "trail-over")}>`];
  let end = null;
  for (const move of step.moves) {
    const colour = SEAT_COLOURS[seatOf(move.figure)] || "#555";
    const to = at(move.to);
    if (move.from) {
      const from = at(move.from);
      out.push(`<circle cx="${from[0].toFixed(3)}" cy="${from[1].toFixed(3)}" r="0.18" `
        + `class="trail-start" stroke="${colour}"/>`);
      out.push(line(from, toward(to, from, 0.62), "trail-path", colour,
        ` marker-end="url(#trail-arrow-${seatOf(move.figure) || "x"})" `
        + `data-figure="${escape(move.figure)}" data-from="${move.from}" data-to="${move.to}"`));
    }
    end = to;
  }
  for (const attack of step.attacks) {
    if (!attack.from || !attack.to) continue;
    const from = at(attack.from);
    const to = at(attack.to);
    out.push(line(toward(from, to, 0.5), toward(to, from, 0.62), `trail-attack ${attack.kind}`,
      "#d11", ` marker-end="url(#trail-arrow-attack)" data-attacker="${escape(attack.attacker)}" `
      + `data-defender="${escape(attack.defender)}"`));
    // the dice beside the middle of the arrow, off the line (and off adjacent tokens)
    const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    let [nx, ny] = [(to[1] - from[1]) / len, -(to[0] - from[0]) / len];
    if (ny > 0) [nx, ny] = [-nx, -ny];
    const mid = [(from[0] + to[0]) / 2 + nx * 0.6, (from[1] + to[1]) / 2 + ny * 0.6];
    const [mine, theirs] = attack.dice;
    const won = attack.loser === "defender" ? "won" : attack.loser === "attacker" ? "lost" : "even";
    if (mine !== undefined) over.push(dieFace(mid[0] - 0.26, mid[1], mine, `attack-die ${won}`, 0.46));
    if (theirs !== undefined) over.push(dieFace(mid[0] + 0.26, mid[1], theirs, "defence-die", 0.46));
    end ||= from;
  }
  for (const roll of step.rolls) {
    if (!roll.at) continue;
    const [x, y] = at(roll.at);
    roll.dice.forEach((value, i) => {
      const ok = value >= roll.target ? "success" : "failure";
      over.push(dieFace(x - 0.62 - i * 0.4, y - 0.62, value, `roll-die ${ok}`, 0.36));
    });
    end ||= [x, y];
  }
  for (const dead of step.killed) {
    if (!dead.at) continue;
    const [x, y] = at(dead.at);
    over.push(`<path d="M${x - 0.4},${y - 0.4}L${x + 0.4},${y + 0.4}M${x + 0.4},${y - 0.4}`
      + `L${x - 0.4},${y + 0.4}" class="trail-killed" data-figure="${escape(dead.figure)}"/>`);
  }
  if (end) {
    over.push(`<g class="trail-number"><circle cx="${(end[0] - 0.55).toFixed(3)}" `
      + `cy="${(end[1] + 0.5).toFixed(3)}" r="0.25"/><text x="${(end[0] - 0.55).toFixed(3)}" `
      + `y="${(end[1] + 0.61).toFixed(3)}">${number}</text></g>`);
  }
  out.push("</g>");
  over.push("</g>");
  return [out.join(""), over.join("")];
}

export function trailDefs() {
  const arrow = (id, colour) => `<marker id="trail-arrow-${id}" viewBox="0 0 10 10" refX="5" `
    + `refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">`
    + `<path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`;
  return [...Object.entries(SEAT_COLOURS).map(([seat, c]) => arrow(seat, c)),
    arrow("x", "#555"), arrow("attack", "#d11")].join("");
}

// trail: {steps, current (index, or null for all of them)} -> [under the
// tokens, over them]
export function drawTrail(trail, centre, seatOf) {
  if (!trail?.steps?.length) return ["", ""];
  const under = ['<g class="trail" pointer-events="none">'];
  const over = ['<g class="trail-top" pointer-events="none">'];
  trail.steps.forEach((step, i) => {
    if (trail.current !== null && trail.current !== undefined && i !== trail.current) return;
    const faded = trail.current === null && i < trail.steps.length - 1;
    const [below, above] = drawStep(step, i + 1, faded, centre, seatOf);
    under.push(below);
    over.push(above);
  });
  under.push("</g>");
  over.push("</g>");
  return [under.join(""), over.join("")];
}
