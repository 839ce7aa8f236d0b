// The prompt panel's rows: one option each (prompt.js), with its buttons, the values
// still to choose and the server's refusal beside it; and values in words.

import { escape } from "./dom.js";
import { clickHint, plural } from "./prompt_words.js";
import { setParamHtml } from "./prompt_sets.js";

const BOOLEAN_LABELS = {
  power: ["normal attack", "Power Blow"],
  aimed: ["normal shot", "Aimed Shot"],
  cast: ["no spell", "declare a spell"],
  reroll: ["keep the die", "re-roll"],
  special: ["normal", "use Lethal/Assassin"],
};

// A hex as a player counts it on the board (docs/rules/board.md: column c of row r
// is axial [c - floor(r/2), r]): "column 2, row 6", never its axial coordinates.
export function hexWords([q, r]) {
  return `column ${q + Math.floor(r / 2)}, row ${r}`;
}

export function isHex(value) {
  return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
}

// [figure id, q, r]: a figure placed on a hex (a Swarm's tightening plan lists these)
function isPlacement(value) {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === "string"
    && Number.isInteger(value[1]) && Number.isInteger(value[2]);
}

// [target id, [shooter ids]]: a Concentrated Shooting's volley (sbh/concentrated.py)
function isVolley(name, value) {
  return name === "volley" && Array.isArray(value) && value.length === 2
    && typeof value[0] === "string" && Array.isArray(value[1]);
}

export function valueLabel(ui, name, value) {
  if (name === "dice" && Number.isInteger(value)) return value === 1 ? "1 die" : `${value} dice`;
  if (isVolley(name, value)) {
    const shooters = value[1].map((id) => ui.names.get(id) || id).join(", ");
    return `${shooters} at ${ui.names.get(value[0]) || value[0]}`;
  }
  if (name === "feature" && ui.view?.features?.[value]) {
    const f = ui.view.features[value];
    return `feature ${value + 1} (${f.kind.replace(/_/g, " ")}, ${plural(f.hexes.length, "hex", "hexes")})`;
  }
  if (typeof value === "boolean") {
    const words = name.replace(/_/g, " ");
    const labels = BOOLEAN_LABELS[name] || [`no ${words}`, words];
    return labels[value ? 1 : 0];
  }
  if (isHex(value)) return hexWords(value);
  const names = ui.names;
  if (typeof value === "string") return names.get(value) || value;
  if (Array.isArray(value)) {
    return value.map((v) => {
      if (typeof v === "string") return names.get(v) || v;
      if (isPlacement(v)) return `${names.get(v[0]) || v[0]} to ${hexWords([v[1], v[2]])}`;
      if (Array.isArray(v) && v.every((x) => typeof x === "string")) {
        return `(${v.map((x) => names.get(x) || x).join(", ")})`; // (a group: names, never ids)
      }
      return JSON.stringify(v);
    }).join(", ");
  }
  return String(value);
}

export function optionRow(ui, c) {
  const spec = c.spec;
  const colour = ui.colour(c);
  const params = Object.entries(spec.params || {});
  const out = [`<div class="option" data-spec="${c.index}" data-type="${escape(spec.type)}">`];
  out.push(`<span class="swatch" style="background:${colour}"></span>`);
  if (spec.type === "submit_list") {
    return `${out.join("")}${ui.lists.row(c, ui.view)}${refusal(ui, c)}</div>`;
  }
  if (spec.type === "lay_terrain") {
    return `${out.join("")}${ui.terrain.row(c.index, spec.label)}${refusal(ui, c)}</div>`;
  }
  const unsupported = params.filter(([n, v]) => ui.paramKind(v, n) === "placeholder");
  if (unsupported.length) {
    out.push(`<span class="label disabled">${escape(spec.label)}</span> `
      + '<span class="muted">(not available in the browser)</span></div>');
    return out.join("");
  }
  const complete = ui._complete(c);
  const cls = spec.type === "concede" ? "danger" : "primary";
  if (complete) {
    const text = ui.confirming === c.index ? `Really ${spec.label.toLowerCase()}?` : spec.label;
    out.push(`<button class="do ${cls}" data-action="do" data-spec="${c.index}">`
      + `${escape(text)}</button>`);
  } else {
    out.push(`<span class="label">${escape(spec.label)}</span>`);
  }
  const given = ui._given(spec);
  const chosen = Object.entries(c.chosen).filter(([n]) => !(n in given))
    .map(([n, v]) => valueLabel(ui, n, v));
  if (chosen.length) out.push(` <span class="chosen">(${escape(chosen.join("; "))})</span>`);
  const board = ui._boardParam(c);
  for (const [name, values] of params) {
    if (name in c.chosen) continue;
    const kind = ui.paramKind(values, name);
    if (kind === "hex" || kind === "figure") continue; // (an area also has buttons)
    if (kind === "sets") {
      out.push(setParamHtml(ui, c, name, values));
      continue;
    }
    out.push(`<span class="param" data-param-name="${escape(name)}">`);
    values.forEach((value, i) => {
      out.push(`<button class="value" data-param="${escape(name)}" data-spec="${c.index}" `
        + `data-value="${i}">${escape(valueLabel(ui, name, value))}</button>`);
    });
    out.push("</span>");
  }
  for (const [name, values] of Object.entries(spec.subsets || {})) {
    if (name in c.chosen) continue;
    const ticked = c.ticked?.[name] || [];
    out.push(`<span class="param subset" data-param-name="${escape(name)}">`);
    values.forEach((value, i) => {
      const on = ticked.includes(i);
      out.push(`<button class="value toggle${on ? " on" : ""}" aria-pressed="${on}" `
        + `data-subset="${escape(name)}" data-spec="${c.index}" data-value="${i}">`
        + `${escape(valueLabel(ui, name, value))}</button>`);
    });
    out.push(`<button class="value done" data-action="subset-done" data-subset="${escape(name)}" `
      + `data-spec="${c.index}"${ticked.length ? "" : " disabled"}>`
      + `Done (${ticked.length} chosen)</button></span>`);
  }
  if (board) out.push(` <span class="hint">— ${escape(clickHint(board.kind, board.name))}</span>`);
  out.push(refusal(ui, c));
  out.push("</div>");
  return out.join("");
}

// Why the server refused this option, shown in its row beside its button.
function refusal(ui, c) {
  if (!ui.error || ui.error.index !== c.index) return "";
  return `<p class="prompt-error" role="alert">Refused: ${escape(ui.error.text)}</p>`;
}
