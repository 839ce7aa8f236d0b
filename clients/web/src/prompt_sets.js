// A parameter whose values are sets of figures (SBH's group activation: every
// group of 2-5 figures touching each other, server/rules/sbh/groups.py), as
// figures to tick rather than a button per set (8 figures make ~40 sets): a
// figure can be ticked while some offered set still holds every ticked one, and
// Done sends the offered set the ticks make, as the server listed it, never
// another.

import { escape } from "./dom.js";

// Whether `values` are sets of the view's pieces, more than one to choose from.
export function isSetParam(values, pieces) {
  return values.length > 1 && values.every((v) => Array.isArray(v) && v.length
    && v.every((id) => typeof id === "string" && pieces.has(id)));
}

// Every figure some set holds, in the view's order.
function members(values, view) {
  const held = new Set(values.flat());
  return (view?.figures || []).map((f) => f.id).filter((id) => held.has(id));
}

// The offered set holding exactly the ticked figures, or undefined.
export function matchingSet(values, ticked) {
  return values.find((set) => set.length === ticked.length
    && ticked.every((id) => set.includes(id)));
}

function canTick(values, ticked, id) {
  const wanted = [...ticked, id];
  return values.some((set) => wanted.every((x) => set.includes(x)));
}

// The toggles and Done of the set parameter `name` of candidate `c`.
export function setParamHtml(ui, c, name, values) {
  const ticked = c.members?.[name] || [];
  const out = [`<span class="param sets" data-param-name="${escape(name)}">`];
  for (const id of members(values, ui.view)) {
    const on = ticked.includes(id);
    const off = !on && !canTick(values, ticked, id);
    out.push(`<button class="value toggle${on ? " on" : ""}" aria-pressed="${on}" `
      + `data-action="set-toggle" data-set="${escape(name)}" data-spec="${c.index}" `
      + `data-member="${escape(id)}"${off ? " disabled" : ""}>`
      + `${escape(ui.names.get(id) || id)}</button>`);
  }
  const ready = matchingSet(values, ticked) !== undefined;
  out.push(`<button class="value done" data-action="set-done" data-set="${escape(name)}" `
    + `data-spec="${c.index}"${ready ? "" : " disabled"}>Done (${ticked.length} chosen)</button>`);
  out.push(`<span class="hint">— tick the figures: only a set the rules allow can be sent`
    + `${ticked.length && !ready ? "; tick more" : ""}</span></span>`);
  return out.join("");
}

// A click on a figure's toggle: ticked on or off (the candidate becomes the only one).
export function toggleMember(ui, index, name, id) {
  const c = ui.candidates.find((x) => x.index === index);
  if (!c) return;
  const was = c.members?.[name] || [];
  const ticked = was.includes(id) ? was.filter((x) => x !== id) : [...was, id];
  ui.candidates = [{ ...c, members: { ...c.members, [name]: ticked } }];
  ui.render();
  ui.hooks.changed();
}

// Done: the offered set the ticks make becomes the parameter's value.
export function finishSet(ui, index, name) {
  const c = ui.candidates.find((x) => x.index === index);
  const set = c && matchingSet(c.spec.params[name], c.members?.[name] || []);
  if (!set) return;
  ui.candidates = [{ ...c, chosen: { ...c.chosen, [name]: set } }];
  ui._afterChoice();
}

// Once a figure is ticked, the board shows the figures that can still be ticked (and
// those ticked) in the option's colour, and a click there toggles them too.
function ticking(ui) {
  if (ui.candidates.length !== 1) return null;
  const c = ui.candidates[0];
  const name = Object.keys(c.members || {}).find((n) => !(n in c.chosen));
  return name ? { c, name, values: c.spec.params[name], ticked: c.members[name] } : null;
}

export function setMarks(ui, figures) {
  const t = ticking(ui);
  if (!t) return;
  for (const id of members(t.values, ui.view)) {
    if (t.ticked.includes(id) || canTick(t.values, t.ticked, id)) figures.set(id, ui.colour(t.c));
  }
}

export function tickOnBoard(ui, id) {
  const t = ticking(ui);
  if (!t || !(t.ticked.includes(id) || canTick(t.values, t.ticked, id))) return false;
  toggleMember(ui, t.c.index, t.name, id);
  return true;
}
