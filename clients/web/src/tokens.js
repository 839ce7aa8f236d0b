// What a figure's token says, and where its name label goes. Tokens are the
// shortest abbreviations of the figures' names that tell a side's kinds apart
// ("Wood Elf Archer" and "Wood Elf Warrior" become WEA and WEW, not both WE),
// plus the number a duplicate has in its display name (names.js). Labels are
// placed where they overlap no other label or token, or left out (the token
// and its tooltip still name the figure).

import { shortName } from "./names.js";

function words(base) {
  return base.split(/[\s-]+/).filter(Boolean);
}

function cap(word, letters) {
  return word.charAt(0).toUpperCase() + word.slice(1, letters).toLowerCase();
}

// The abbreviation of a name at a level of detail: 0 two letters, 1 an initial
// per word (up to three), 2 and up the last word spelt out a little more.
export function abbreviation(base, level) {
  const ws = words(base);
  if (!ws.length) return "?";
  if (ws.length === 1) return cap(ws[0], 2 + level);
  if (level === 0) return ws.slice(0, 2).map((w) => w[0].toUpperCase()).join("");
  const head = ws.slice(0, Math.min(ws.length - 1, 2)).map((w) => w[0].toUpperCase()).join("");
  return head + cap(ws[ws.length - 1], level);
}

// id -> token text, unique within each side. names: id -> display name.
export function tokenLabels(figures, names) {
  const bases = new Map(); // seat -> Map(base -> level)
  const counts = new Map(); // seat|base -> how many figures
  for (const fig of figures) {
    if (!bases.has(fig.seat)) bases.set(fig.seat, new Map());
    bases.get(fig.seat).set(shortName(fig.name), 0);
    const key = `${fig.seat}|${shortName(fig.name)}`;
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const chosen = new Map(); // seat|base -> abbreviation
  for (const [seat, levels] of bases) {
    for (let round = 0; round < 8; round += 1) {
      const byAbbr = new Map();
      for (const [base, level] of levels) {
        const abbr = abbreviation(base, level);
        if (!byAbbr.has(abbr)) byAbbr.set(abbr, []);
        byAbbr.get(abbr).push(base);
      }
      const clashes = [...byAbbr.values()].filter((list) => list.length > 1);
      if (!clashes.length) break;
      // all bump from two letters to an initial per word; past that the commonest
      // kind keeps its token (WEW for Warriors) and the others spell out more (WEWi)
      for (const list of clashes) {
        list.sort((x, y) => counts.get(`${seat}|${y}`) - counts.get(`${seat}|${x}`)
          || x.localeCompare(y));
        const keep = levels.get(list[0]) > 0 ? 1 : 0;
        for (const base of list.slice(keep)) levels.set(base, levels.get(base) + 1);
      }
    }
    const seen = new Map();
    for (const [base, level] of levels) {
      let abbr = abbreviation(base, level);
      // still the same after every level (names differing only in punctuation): a letter each
      const n = seen.get(abbr) || 0;
      seen.set(abbr, n + 1);
      if (n) abbr += String.fromCharCode(96 + n + 1);
      chosen.set(`${seat}|${base}`, abbr);
    }
  }
  const out = new Map();
  for (const fig of figures) {
    const number = (names.get(fig.id) || "").match(/\s(\d+)$/)?.[1] || "";
    out.set(fig.id, chosen.get(`${fig.seat}|${shortName(fig.name)}`) + number);
  }
  return out;
}

// The token's font size (board units) so longer texts still fit the disc.
export function tokenFontSize(text) {
  return [0.5, 0.5, 0.5, 0.42, 0.34, 0.29][text.length] || 0.25;
}

// Whether a figure shows as activated: only the side whose turn it is has
// "activated this turn" marks (the other side's flags are left from its own turn).
export function showsActivated(fig, view) {
  return !!fig.activated && (!view?.active_seat || fig.seat === view.active_seat);
}

// A label's size in board units (a hex's radius is 1); shown only where that is big
// enough on screen to read (board.js), else a figure's name shows as it is hovered.
export const LABEL_FONT = 0.34;
const CHAR_WIDTH = 0.56 * LABEL_FONT; // an average letter's width at that size

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Where each figure's label goes: [{id, text, x, y}] (x the middle, y the
// baseline) for those that fit without overlapping; spots: [{id, x, y, text}]
// of the tokens, width the board's width in units.
export function placeLabels(spots, width) {
  const tokens = spots.map((s) => ({ x: s.x - 0.62, y: s.y - 0.62, w: 1.24, h: 1.24 }));
  const placed = [];
  const out = [];
  for (const spot of spots) {
    const w = spot.text.length * CHAR_WIDTH + 0.1;
    const h = LABEL_FONT + 0.06;
    // (clear of the token's disc: its radius is 0.6)
    const below = 0.72 + h;
    const above = -0.7;
    const tries = [[0, below], [0, above], [w / 2 + 0.2, below], [-w / 2 - 0.2, below],
      [w / 2 + 0.2, above], [-w / 2 - 0.2, above]];
    for (const [dx, dy] of tries) {
      const cx = Math.min(Math.max(spot.x + dx, w / 2 - 0.25), width + 0.25 - w / 2);
      const box = { x: cx - w / 2, y: spot.y + dy - LABEL_FONT * 0.85, w, h };
      if (placed.some((b) => overlaps(b, box)) || tokens.some((t) => overlaps(t, box))) continue;
      placed.push(box);
      out.push({ id: spot.id, text: spot.text, x: cx, y: spot.y + dy });
      break;
    }
  }
  return out;
}
