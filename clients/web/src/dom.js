// Small DOM helpers shared by the screens.

export function escape(text) {
  return String(text ?? "").replace(/[&<>"']/g, (ch) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[ch]);
}

export function $(root, selector) {
  return root.querySelector(selector);
}

export function when(timestamp) {
  if (!timestamp) return "";
  return new Date(timestamp * 1000).toLocaleString();
}

export const SCENARIOS = {
  all_out_battle: "All-Out Battle",
  ambush: "Ambush",
  treasure_hunt: "Treasure Hunt",
  place_of_power: "Place of Power",
  on_difficult_ground: "On Difficult Ground",
  quest_for_a_magic_item: "Quest for a Magic Item",
  random: "Random (one die, once both lists are in)",
};

export function describeSetup(setup) {
  const options = setup?.options || {};
  const parts = [SCENARIOS[options.scenario] || options.scenario || "All-Out Battle"];
  parts.push(`${options.points_limit || 300} points`);
  if (setup?.board_size) parts.push(`${setup.board_size}×${setup.board_size} hexes`);
  if (options.turn_limit) parts.push(`${options.turn_limit} turns`);
  return parts.join(", ");
}
