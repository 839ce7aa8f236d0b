// The scenario objects the SBH view shows (server/rules/sbh/objectives.py and
// ambush.py): treasure tokens, the found treasure or Quest item, the Place of
// Power, the features a Place of Power is nominated from, spellcasting altars,
// and Ambush markers (what a marker hides is in the view only for its owner).
// Drawn on the board as SVG, described for the legend and the hover line.

import { escape } from "./dom.js";
import { tokenText } from "./names.js";

export const OBJECT_STYLES = {
  token: { fill: "#f2c94c", stroke: "#7a5b00", label: "Treasure token (a model ending its "
    + "move next to it rolls: 5-6 the treasure is found)" },
  treasure: { fill: "#b7791f", stroke: "#3d2600", label: "The treasure, found (2 actions to "
    + "pick up from next to it)" },
  item: { fill: "#7c3aed", stroke: "#2e1065", label: "The magic item, found (2 actions to "
    + "pick up from next to it)" },
  carrier: { fill: "#f2c94c", stroke: "#3d2600", label: "Carries the treasure / item" },
  power: { fill: "#a855f7", stroke: "#6b21a8", label: "Place of Power (magic-users in it: "
    + "+1 to cast, never out of power; +3 VP each)" },
  feature: { fill: "none", stroke: "#0f172a", label: "Terrain feature to nominate as the "
    + "Place of Power (its number)" },
  altar: { fill: "#e11d48", stroke: "#4c0519", label: "Spellcasting altar (+1 to cast on or "
    + "next to it)" },
  marker: { fill: "#3a3a3a", stroke: "#f2c94c", label: "Ambush marker (a hidden figure or a "
    + "dummy; only its owner knows which: on your own markers, the figure, or – for a dummy)" },
};

const key = (h) => `${h[0]},${h[1]}`;

function isQuest(view) {
  return view?.options?.scenario === "quest_for_a_magic_item";
}

// What the view has on the table: {power: Set, tokens: Set, treasureAt, carrier,
// altars: Set, features: [{kind, hexes, index}], markers: Map(key -> marker)}
export function tableObjects(view) {
  return {
    power: new Set((view?.place_of_power || []).map(key)),
    tokens: new Set((view?.tokens || []).map(key)),
    treasureAt: view?.treasure?.at ? key(view.treasure.at) : null,
    carrier: view?.treasure?.carrier || null,
    altars: new Set((view?.options?.spellcasting_altars || []).map(key)),
    features: (view?.features || []).map((f, index) => ({ ...f, index })),
    markers: new Map((view?.markers || []).map((m) => [key(m.at), m])),
  };
}

// Under the figures: the Place of Power's tint and the numbered features.
export function drawAreas(view, centre, corners) {
  const objects = tableObjects(view);
  const out = ['<g class="areas" pointer-events="none">'];
  const p = OBJECT_STYLES.power;
  for (const hex of objects.power) {
    const [x, y] = centre(...hex.split(",").map(Number));
    out.push(`<polygon points="${corners(x, y, 0.84)}" class="place-of-power" data-power="${hex}" `
      + `fill="${p.fill}" fill-opacity="0.12" stroke="${p.stroke}" stroke-width="0.16"/>`
      + `<text x="${x}" y="${y + 0.2}" class="power-star">✦</text>`);
  }
  for (const feature of objects.features) {
    for (const h of feature.hexes) {
      const [x, y] = centre(h[0], h[1]);
      out.push(`<polygon points="${corners(x, y, 0.9)}" fill="none" stroke="#0f172a" `
        + `stroke-width="0.08" stroke-dasharray="0.12 0.08" class="feature-outline" `
        + `data-feature="${feature.index}"/>`);
    }
    const [cx, cy] = centre(feature.hexes[0][0], feature.hexes[0][1]);
    const [x, y] = [cx - 0.45, cy - 0.45]; // a corner: a token may stand in the middle
    out.push(`<g class="feature-number" data-feature="${feature.index}"><circle cx="${x}" `
      + `cy="${y}" r="0.36" fill="#0f172a"/><text x="${x}" y="${y + 0.15}" `
      + `class="object-text light small">${feature.index + 1}</text></g>`);
  }
  out.push("</g>");
  return out.join("");
}

// Above the terrain: tokens, the treasure, altars and Ambush markers. Each
// carries data-hex, so a click on it is a click on its hex; its <title> is the
// tooltip. `marked`: marker id -> highlight colour (a marker offered by the prompt).
export function drawObjects(view, centre, names, marked = new Map()) {
  const objects = tableObjects(view);
  const out = ['<g class="objects">'];
  const put = (hex, cls, body, title) => {
    out.push(`<g class="object ${cls}" data-hex="${hex}" data-object="${cls}">${body}`
      + `<title>${escape(title)}</title></g>`);
  };
  for (const hex of objects.altars) {
    const [x, y] = centre(...hex.split(",").map(Number));
    const s = OBJECT_STYLES.altar;
    put(hex, "altar", `<polygon points="${x},${y - 0.5} ${x + 0.45},${y + 0.35} `
      + `${x - 0.45},${y + 0.35}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.06"/>`,
    s.label);
  }
  for (const hex of objects.tokens) {
    const [x, y] = centre(...hex.split(",").map(Number));
    const s = OBJECT_STYLES.token;
    put(hex, "token", `<circle cx="${x}" cy="${y}" r="0.42" fill="${s.fill}" stroke="${s.stroke}" `
      + `stroke-width="0.08"/><text x="${x}" y="${y + 0.17}" class="object-text">T</text>`, s.label);
  }
  if (objects.treasureAt) {
    const [x, y] = centre(...objects.treasureAt.split(",").map(Number));
    const s = isQuest(view) ? OBJECT_STYLES.item : OBJECT_STYLES.treasure;
    put(objects.treasureAt, isQuest(view) ? "item" : "treasure", `<rect x="${x - 0.45}" `
      + `y="${y - 0.32}" width="0.9" height="0.64" rx="0.1" fill="${s.fill}" stroke="${s.stroke}" `
      + `stroke-width="0.08"/><text x="${x}" y="${y + 0.17}" class="object-text light">`
      + `${isQuest(view) ? "★" : "$"}</text>`, s.label);
  }
  for (const [hex, m] of objects.markers) {
    const [x, y] = centre(...hex.split(",").map(Number));
    const s = OBJECT_STYLES.marker;
    const ring = marked.get(m.marker);
    const hidden = m.hides === undefined ? null // not ours: real or dummy, we cannot tell
      : m.hides === "dummy" ? "dummy" : names.get(m.hides) || m.hides;
    const face = hidden === null ? "?" : hidden === "dummy" ? "–" : tokenText(hidden);
    const title = hidden === null
      ? `Ambush marker ${m.marker}: a hidden figure or a dummy`
      : `Ambush marker ${m.marker}: ${hidden === "dummy" ? "a dummy" : `hides ${hidden}`} `
        + "(only you can see this)";
    out.push(`<g class="marker${ring ? " legal" : ""}" data-marker="${escape(m.marker)}" `
      + `data-hides="${escape(m.hides ?? "")}">`
      + (ring ? `<circle cx="${x}" cy="${y}" r="0.82" fill="${ring}" fill-opacity="0.3" `
        + `stroke="${ring}" stroke-width="0.14" class="legal-ring"/>` : "")
      + `<rect x="${x - 0.45}" y="${y - 0.45}" width="0.9" height="0.9" rx="0.12" `
      + `fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.08"`
      + `${hidden === null ? "" : ' stroke-dasharray="0.15 0.08"'}/>`
      + `<text x="${x}" y="${y + 0.16}" class="marker-text${face.length > 1 ? " small" : ""}">`
      + `${escape(face)}</text><title>${escape(title)}</title></g>`);
  }
  out.push("</g>");
  return out.join("");
}

// A badge on the figure carrying the treasure or item.
export function carrierBadge(view, fig, x, y) {
  if (!view?.treasure?.carrier || view.treasure.carrier !== fig.id) return "";
  const s = OBJECT_STYLES.carrier;
  return `<rect x="${x - 0.72}" y="${y - 0.72}" width="0.42" height="0.42" rx="0.06" `
    + `fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.05" class="carrier-badge"/>`
    + `<text x="${x - 0.51}" y="${y - 0.42}" class="badge-text">${isQuest(view) ? "★" : "$"}`
    + "</text>";
}

// Legend entries for the objects on this board.
export function objectLegend(view) {
  const o = tableObjects(view);
  const present = [];
  if (o.tokens.size) present.push("token");
  if (o.treasureAt) present.push(isQuest(view) ? "item" : "treasure");
  if (o.carrier) present.push("carrier");
  if (o.power.size) present.push("power");
  if (o.features.length) present.push("feature");
  if (o.altars.size) present.push("altar");
  if (o.markers.size) present.push("marker");
  return present.map((kind) => {
    const s = OBJECT_STYLES[kind];
    return `<span class="legend-item" data-legend="${kind}"><svg viewBox="0 0 2 2" width="18" `
      + `height="18"><rect x="0.2" y="0.2" width="1.6" height="1.6" rx="0.4" fill="${s.fill}" `
      + `stroke="${s.stroke}" stroke-width="0.2"/></svg>${escape(s.label)}</span>`;
  });
}

// The objects at one hex, in words (for the hover line).
export function objectsAt(view, hex, names) {
  const o = tableObjects(view);
  const words = [];
  if (o.power.has(hex)) words.push("Place of Power");
  for (const f of o.features) {
    if (f.hexes.some((h) => key(h) === hex)) words.push(`feature ${f.index + 1} (${f.kind})`);
  }
  if (o.tokens.has(hex)) words.push("treasure token");
  if (o.treasureAt === hex) words.push(isQuest(view) ? "the magic item" : "the treasure");
  if (o.altars.has(hex)) words.push("spellcasting altar");
  const m = o.markers.get(hex);
  if (m) {
    words.push(m.hides === undefined ? `ambush marker ${m.marker}`
      : `ambush marker ${m.marker} (${m.hides === "dummy" ? "a dummy"
        : `hides ${names.get(m.hides) || m.hides}`})`);
  }
  return words;
}
