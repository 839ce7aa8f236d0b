// Swords & Sorcery in plain words: figure names from the view, the prompt's
// choices and the event log (names and inches, never ids or units).

import { displayNames, ownedNames } from "./names.js";

export const PHASE_WORDS = { start: "the start", deploy: "deployment",
  spell_swap: "choosing spells", fast_move: "fast movement", slow_move: "slow movement",
  ranged: "ranged attacks", flyers: "the flyers' declaration (engage or stay aloft)",
  polearm: "polearm attacks", hth: "hand to hand", rally: "rally",
  over: "over" };

// uid -> "Swordsman 2"; given whose(seat), a kind both sides have also says whose
// it is ("Swordsman 2 (Ann)"), for the log and the prompt (names.js).
export function figureNames(view, whose = null) {
  const figures = (view?.figures || []).map((f) => ({ id: f.uid, seat: f.seat, name: f.name }));
  return whose ? ownedNames(figures, whose) : displayNames(figures);
}

export const inchWords = (units) => `${(units / 10).toFixed(units % 10 ? 1 : 0)}"`;
export const placeWords = (p) => `${inchWords(p[0])} across, ${inchWords(p[1])} down`;

const COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west",
  "north-west"];
export const facingWords = (b) => `facing ${COMPASS[Math.round(b / 45) % 8]} (${b}°)`;

const RESULT_WORDS = { killed: "killed", mortally_wounded: "mortally wounded",
  wounded_disarmed_knocked_down: "wounded, disarmed and knocked down",
  wounded_knocked_down: "wounded and knocked down", wounded_disarmed: "wounded and disarmed",
  wounded: "wounded", stunned: "stunned", immobilized: "immobilized", miss: "missed" };
export const resultWords = (r) => RESULT_WORDS[r] || String(r).replace(/_/g, " ");

// A table-changing spell's place ([kind, x, y] or ["wall", x, y, run]) in words.
const PLACE_KINDS = { wall: "a wall", remove: "clear the terrain", boulder: "a boulder",
  mud: "a patch of mud" };

export const PARAM_WORDS = { to: "where to go", path: "where to go", facing: "a facing",
  target: "the target", point: "where to aim", card: "a spell card", place: "where it goes",
  piece: "which piece" };

export function valueWords(param, value, ctx) {
  if (param === "target") return ctx.name(value);
  if (param === "facing") return facingWords(value);
  if ((param === "to" || param === "point") && Array.isArray(value)) return placeWords(value);
  if (param === "path" && Array.isArray(value)) return `to ${placeWords(value.at(-1))}`;
  if (param === "place" && Array.isArray(value)) {
    const run = value.length > 3 ? `, running ${COMPASS[Math.round(value[3] / 45) % 8]}${
      value[3] % 45 ? ` (${value[3]}°)` : ""}` : ""; // (a run clicked: its exact bearing)
    return `${PLACE_KINDS[value[0]] || value[0]} at ${placeWords(value.slice(1, 3))}${run}`;
  }
  return String(value);
}

// The prompt's question after "Your turn:" (option_panel.js): the rules' "Turn 3: Make
// your ranged attacks." without its turn, which the match head shows.
export function promptWords(decision) {
  return String(decision.text).replace(/^Turn \d+: /, "");
}

// The button of an option: the server's label, the figure named as the view does.
export function optionWords(spec, ctx) {
  if (spec.type === "end_phase" || spec.type === "start") return spec.label;
  const who = spec.args?.figure ? ctx.name(spec.args.figure) : "";
  const raw = spec.label || spec.type.replace(/_/g, " ");
  const name = spec.args?.figure ? ctx.rawName(spec.args.figure) : "";
  return name && raw.startsWith(name) ? `${who}${raw.slice(name.length)}` : raw;
}

const mods = (m) => (m?.length ? ` [${m.map(([v, t]) => `${v > 0 ? "+" : ""}${v} ${t}`)
  .join("; ")}]` : "");

function attackWords(d, ctx) {
  const by = d.attacker ? ctx.name(d.attacker) : d.area || d.spell || "The attack";
  const what = d.spell || d.weapon || d.area || "";
  let out = `${by}${what && d.attacker ? ` (${what})` : ""} attacks ${ctx.name(d.target)}: `
    + `rolled ${d.roll}${mods(d.modifiers)}, `;
  if (!d.hit) return `${out}a miss.`;
  if (d.net) return `${out}a hit: netted, immobilized for ${d.net} turns.`;
  out += `a hit; damage roll ${d.damage_roll}${mods(d.damage_modifiers)}: `
    + `${resultWords(d.result)}`;
  if (d.mortal_turns) out += ` (dies in ${d.mortal_turns} turns)`;
  if (d.knock) out += ", knocked down";
  return `${out}.`;
}

const FORMATS = {
  phase_began: (d) => `Turn ${d.turn}: ${PHASE_WORDS[d.phase] || d.phase} begins.`,
  rolled_off: (d, ctx) => `Roll-off for ${PHASE_WORDS[d.phase] || d.phase}: `
    + `${(d.rolls || []).map(([a, b]) => `${ctx.seat("a")} ${a}, ${ctx.seat("b")} ${b}`)
      .join("; then ")}; `
    + `${ctx.seat(d.first)} goes first.`,
  side_done: (d, ctx) => `${ctx.seat(d.seat)} is done for this phase.`,
  moved: (d, ctx) => `${ctx.name(d.figure)} ${d.retreat ? `retreats (rolled ${d.roll})`
    : d.doubled ? "runs" : "moves"} to ${placeWords(d.path.at(-1))}, ${facingWords(d.facing)}`
    + `${d.charged?.length ? `, charging ${d.charged.map(ctx.name).join(" and ")}` : ""}.`,
  retreat_failed: (d, ctx) => `${ctx.name(d.figure)} fails to retreat (rolled ${d.roll}).`,
  held: (d, ctx) => (d.spears_set ? `${ctx.name(d.figure)} sets its spear.`
    : `${ctx.name(d.figure)} holds${d.facing !== undefined ? `, ${facingWords(d.facing)}`
      : ""}.`),
  deployed: (d, ctx) => `${ctx.name(d.figure)} is placed at ${placeWords(d.to)}, `
    + `${facingWords(d.facing)}.`,
  declared: (d, ctx) => `${ctx.name(d.figure)} declares ${d.spell ? `${d.spell} on`
    : "an attack on"} ${ctx.name(d.target)}.`,
  flyer_declared: (d, ctx) => (d.engages ? `${ctx.name(d.figure)} engages in hand to hand.`
    : `${ctx.name(d.figure)} stays aloft (no hand to hand with nonflyers this turn).`),
  attacked: attackWords,
  burned: (d, ctx) => `${d.wall} burns ${ctx.name(d.figure)}: rolled ${d.roll}, `
    + `${d.hit ? `${resultWords(d.result)}` : "no harm"}.`,
  climb_began: (d, ctx) => `${ctx.name(d.figure)} starts climbing${d.ladder ? ` with ${ctx.name(d.ladder)}'s ladders` : ""} (over on turn ${d.arrives}).`,
  climb_ended: (d, ctx) => `${ctx.name(d.figure)} is over the wall.`,
  breathed: (d, ctx) => `${ctx.name(d.figure)} breathes fire, ${facingWords(d.facing)}.`,
  detonated: (d, ctx) => `${ctx.name(d.figure)}'s bomb goes off.`,
  spells_dealt: (d, ctx) => `${ctx.name(d.figure)} draws ${d.cards ? d.cards.join(", ")
    : `${d.count} spell cards`}.`,
  spell_swapped: (d, ctx) => `${ctx.name(d.figure)} discards ${d.discarded || "a spell"} and `
    + `draws ${d.cards ? d.cards.join(", ") : "another"}.`,
  spells_kept: (d, ctx) => `${ctx.name(d.figure)} keeps its spells.`,
  spell_cast: (d, ctx) => `${ctx.name(d.figure)} casts ${d.spell}${d.target
    ? ` on ${ctx.name(d.target)}` : ""}${d.point ? ` at ${placeWords(d.point)}` : ""}.`,
  spell_effect: (d, ctx) => `${d.spell} on ${ctx.name(d.figure)}: ${d.saved
    ? `resisted (save roll ${d.save_roll})` : `${d.effect.replace(/_/g, " ")}${d.last
      ? ` until the end of turn ${d.last}` : ""}`}.`,
  dispelled: (d, ctx) => `The spells on ${ctx.name(d.figure)} are dispelled.`,
  healed: (d, ctx) => `${ctx.name(d.figure)} is healed.`,
  resurrected: (d, ctx) => `${ctx.name(d.figure)} rises again with 1 hit.`,
  animated: (d, ctx) => `${ctx.name(d.figure)} rises as undead for ${ctx.seat(d.seat)}.`,
  teleported: (d, ctx) => `${ctx.name(d.figure)} is teleported to ${placeWords(d.to)}.`,
  petrified: (d, ctx) => `${ctx.name(d.figure)} is turned to stone.`,
  charmed: (d, ctx) => `${ctx.name(d.figure)} is charmed and fights for ${ctx.seat(d.seat)}.`,
  charm_save: (d, ctx) => `${ctx.name(d.figure)} tries to break the charm: rolled ${d.roll}, `
    + `${d.saved ? "free" : "still charmed"}.`,
  terrain_changed: () => "The table changes.",
  morale_checked: (d, ctx) => `${ctx.name(d.figure)} checks morale (${(d.triggers || [])
    .join(", ")}): rolled ${d.roll}${mods(d.modifiers)}, ${d.routs ? "routs" : "stands"}.`,
  routed_move: (d, ctx) => `${ctx.name(d.figure)} flees${d.fled ? " off the table"
    : ` to ${placeWords(d.path.at(-1))}`}.`,
  rallied: (d, ctx) => `${ctx.name(d.leader)} rallies (rolled ${d.roll}): `
    + `${d.rallied?.length ? `${d.rallied.map(ctx.name).join(", ")} rally` : "nobody rallies"}.`,
  turn_ended: (d) => `Turn ${d.turn} ends.`,
  game_over: (d, ctx) => `The battle is over: ${d.winner ? `${ctx.seat(d.winner)} wins`
    : "a draw"} (${String(d.reason).replace(/^([ab]) /, (_, s) => `${ctx.seat(s)} `)}); casualties' gold ${Object.entries(d.scores || {})
    .map(([s, v]) => `${ctx.seat(s)} ${v}`).join(", ")}.`,
};

const KINDS = { attacked: "combat", burned: "combat", morale_checked: "morale",
  routed_move: "morale", rallied: "morale", game_over: "result" };

export function formatSnsEvent(event, ctx) {
  if (event === null || event === undefined) return { text: "(hidden)", kind: "hidden" };
  const format = FORMATS[event.type];
  let text = `${event.type.replace(/_/g, " ")}.`;
  try {
    if (format) text = format(event.data || {}, ctx);
  } catch {
    // (an older event without a field: its type still says what happened)
  }
  return { text, kind: KINDS[event.type] || "info" };
}

// The odds reply in words: each outcome's chance, then the modifiers.
export function oddsHtml(odds, escape) {
  const rows = odds.outcomes.map((o) => `<tr><td>${escape(resultWords(o.result))}</td>`
    + `<td>${(o.probability * 100).toFixed(1)}%</td><td>${o.ways} of 144</td></tr>`);
  return `<table class="odds-table"><thead><tr><th>Outcome</th><th>Chance</th><th>Ways</th>`
    + `</tr></thead><tbody>${rows.join("")}</tbody></table><p class="muted">Attack `
    + `${escape(mods(odds.modifiers) || "no modifiers")}; damage ${escape(mods(
      odds.damage_modifiers) || "no modifiers")}</p>`;
}
