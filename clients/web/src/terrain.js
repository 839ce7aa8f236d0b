// How each SBH terrain kind is drawn (server/rules/sbh/terrain.py KINDS and
// EDGE_KINDS). Colours are chosen to be told apart at a glance; kinds that
// slow movement or block sight also get a pattern, so they read without colour.

export const KIND_STYLES = {
  open: { fill: "#e8e3cf", label: "Open ground" },
  woods: { fill: "#5f8f4e", pattern: "trees", label: "Woods (slow, blocks sight)" },
  rough: { fill: "#b9a27a", pattern: "dots", label: "Rough ground (slow)" },
  shallow_water: { fill: "#9cc7e0", pattern: "waves", label: "Shallow water (slow)" },
  swamp: { fill: "#7f9a76", pattern: "waves", label: "Swamp (slow)" },
  desert: { fill: "#e6cf8b", pattern: "dots", label: "Desert (slow)" },
  deep_water: { fill: "#3c78b5", pattern: "waves", label: "Deep water (impassable)" },
  hill: { fill: "#c9b98f", pattern: "contour", label: "Hill (elevated)" },
  boulder: { fill: "#7d7a76", pattern: "cross", label: "Boulder (impassable, blocks sight)" },
  building: { fill: "#8c5a3c", pattern: "bricks", label: "Building (impassable, blocks sight)" },
  interior: { fill: "#d8c3a5", pattern: "planks", label: "Interior (cramped)" },
  chasm: { fill: "#2b2b2b", label: "Chasm (impassable)" },
  slippery: { fill: "#cfe3e6", pattern: "slash", label: "Slippery" },
  bridge: { fill: "#9b7653", pattern: "planks", label: "Bridge (open ground over a river)" },
};

export const UNKNOWN_KIND = { fill: "#ff00ff", label: "Unknown terrain" };

export const EDGE_STYLES = {
  low_wall: { stroke: "#6b6b6b", width: 0.28, label: "Low wall (slow, cover)" },
  hedge: { stroke: "#2f6b2a", width: 0.32, dash: "0.14 0.07", label: "Hedge (slow, cover)" },
  tall_wall: { stroke: "#1f1f1f", width: 0.4, label: "Tall wall (climb, blocks sight)" },
  cliff_short: { stroke: "#9a5b22", width: 0.26, dash: "0.22 0.08",
    label: "Cliff, Short drop" },
  cliff_medium: { stroke: "#7a4a1f", width: 0.34, dash: "0.22 0.08",
    label: "Cliff, Medium drop" },
  cliff_long: { stroke: "#5a3412", width: 0.42, dash: "0.22 0.08", label: "Cliff, Long drop" },
};

export const UNKNOWN_EDGE = { stroke: "#ff00ff", width: 0.25, label: "Unknown edge" };

export function kindStyle(kind) {
  return KIND_STYLES[kind] || UNKNOWN_KIND;
}

export function edgeStyle(kind) {
  return EDGE_STYLES[kind] || UNKNOWN_EDGE;
}

// SVG <pattern> definitions, in units of one hex radius (patternUnits userSpaceOnUse,
// scaled by the caller). Each returns the inner markup drawn over the kind's fill.
export const PATTERNS = {
  trees: (c) => `<circle cx="${0.25 * c}" cy="${0.25 * c}" r="${0.14 * c}" fill="#3e6b32"/>
    <circle cx="${0.75 * c}" cy="${0.7 * c}" r="${0.14 * c}" fill="#3e6b32"/>`,
  dots: (c) => `<circle cx="${0.2 * c}" cy="${0.3 * c}" r="${0.05 * c}" fill="#7d6a48"/>
    <circle cx="${0.7 * c}" cy="${0.2 * c}" r="${0.04 * c}" fill="#7d6a48"/>
    <circle cx="${0.5 * c}" cy="${0.75 * c}" r="${0.05 * c}" fill="#7d6a48"/>`,
  waves: (c) => `<path d="M0 ${0.35 * c} q ${0.25 * c} ${-0.12 * c} ${0.5 * c} 0 t ${0.5 * c} 0
    M0 ${0.8 * c} q ${0.25 * c} ${-0.12 * c} ${0.5 * c} 0 t ${0.5 * c} 0"
    stroke="#ffffff" stroke-opacity="0.6" stroke-width="${0.05 * c}" fill="none"/>`,
  contour: (c) => `<circle cx="${0.5 * c}" cy="${0.5 * c}" r="${0.3 * c}" stroke="#8f7d55"
    stroke-width="${0.04 * c}" fill="none"/>`,
  cross: (c) => `<path d="M0 0 L${c} ${c} M${c} 0 L0 ${c}" stroke="#55524e"
    stroke-width="${0.06 * c}"/>`,
  bricks: (c) => `<path d="M0 ${0.5 * c} H${c} M${0.5 * c} 0 V${0.5 * c} M0 ${0.5 * c} V${c}"
    stroke="#5e3a25" stroke-width="${0.05 * c}" fill="none"/>`,
  planks: (c) => `<path d="M0 ${0.33 * c} H${c} M0 ${0.66 * c} H${c}" stroke="#b59d7c"
    stroke-width="${0.04 * c}"/>`,
  slash: (c) => `<path d="M0 ${c} L${c} 0" stroke="#8fb3b8" stroke-width="${0.05 * c}"/>`,
};
