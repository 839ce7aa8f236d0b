// Small DOM helpers shared by the screens.

import { scenarioName } from "./scenarios.js";

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

export function describeSetup(setup) {
  const options = setup?.options || {};
  const parts = [scenarioName("sbh", options.scenario || "all_out_battle")];
  parts.push(`${options.points_limit || 300} points`);
  if (setup?.board_size) parts.push(`${setup.board_size}×${setup.board_size} hexes`);
  if (options.turn_limit) parts.push(`${options.turn_limit} turns`);
  return parts.join(", ");
}
