// The dice and event log in plain words, formatted from each event's data
// (events are emitted in server/rules/sbh/*.py). Unknown types get a generic
// line; bookkeeping events (the pending-decision stack) are not shown.

import { scenarioName } from "./scenarios.js";

const QUIET = new Set(["pending_pushed", "pending_popped", "pending_replaced"]);

const RESULT_VERB = {
  recoil: "recoils",
  fall: "falls",
  kill: "is killed",
  gruesome: "is killed gruesomely",
};

// ctx: {name(id) -> display name, seat(seat) -> "Ann (Orc Patrol)", and optionally
// figure(id) -> the view's figure (its Quality, for the reason of a roll's target)}
export function formatEvent(event, ctx) {
  if (event === null || event === undefined) return { text: "(hidden)", kind: "hidden" };
  if (QUIET.has(event.type)) return null;
  const format = FORMATS[event.type];
  const data = event.data || {};
  if (format) {
    const text = format(data, ctx);
    if (text === null) return null;
    return { text, kind: KINDS[event.type] || "info" };
  }
  return { text: generic(event.type, data, ctx), kind: "info" };
}

const KINDS = {
  melee: "combat", shot: "combat", killed: "death", fled: "death", game_ended: "end",
  turn_passed: "turn", activated: "dice", morale_tested: "dice", held: "combat",
  activation_ended: "minor", takeback: "turn", group_ended: "minor", deployed: "minor",
};

const PLURALS = { die: "dice" };

// "1 action", "2 actions", "3 successes", "46 terrain hexes"
export function plural(n, word) {
  if (n === 1) return `${n} ${word}`;
  return `${n} ${PLURALS[word] || (/(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`)}`;
}

function diceList(dice) {
  return (dice || []).join(", ");
}

// "5+3": the die and everything added to it.
function dieAndBonus(die, total) {
  const bonus = total - die;
  return bonus >= 0 ? `${die}+${bonus}` : `${die}${bonus}`;
}

function modifierNote(modifiers) {
  const [mine, theirs] = modifiers || [[], []];
  const parts = [];
  if (mine && mine.length) parts.push(mine.join(", "));
  if (theirs && theirs.length) parts.push(`defender: ${theirs.join(", ")}`);
  return parts.length ? ` [${parts.join("; ")}]` : "";
}

function outcomeText(data, attacker, defender, ctx) {
  if (!data.loser || data.result === "none") return "no effect";
  const loser = data.loser === "defender" ? defender : attacker;
  const winner = data.loser === "defender" ? attacker : defender;
  const verb = RESULT_VERB[data.result] || data.result;
  const from = data.result === "recoil" ? ` from ${ctx.name(winner)}` : "";
  return `${ctx.name(loser)} ${verb}${from}`;
}

function qualityRoll(data, ctx = {}) {
  const auto = data.automatic ? ` + ${data.automatic} automatic` : "";
  return `rolled ${diceList(data.dice) || "nothing"}${auto}, needing ${data.target}+`
    + targetReason(data, ctx.figure?.(data.figure));
}

// Why a roll needs what it needs: " (Quality 4, +1 Leader, -2 Heavy Armor)". The rules
// name each modifier (a roll's `modifiers`, [name, +n in its favour]); a roll
// recorded before they did gives the target only, so the shift is given as a sum.
function targetReason(data, figure) {
  const quality = figure?.quality;
  const target = data.target;
  if (!Number.isInteger(quality) || !Number.isInteger(target)) return "";
  const named = (data.modifiers || []).map(([name, n]) => `${n > 0 ? "+" : ""}${n} ${name}`);
  const unnamed = quality - target - (data.modifiers || []).reduce((sum, [, n]) => sum + n, 0);
  if (unnamed) named.push(unnamed > 0 ? `+${unnamed} in its favour` : `${unnamed} against it`);
  return ` (${[`Quality ${quality}`, ...named].join(", ")})`;
}

const FORMATS = {
  list_submitted: (d, c) => `${c.seat(d.seat)} submitted a warband list`
    + (d.list ? ` (${d.list.name || "unnamed"}, kept secret until both are in)` : " (secret)"),
  scenario_rolled: (d) => `Scenario rolled: ${diceList(d.dice)}, ${scenarioName("sbh", d.scenario)}`,
  lists_revealed: (d, c) => "Warband lists revealed: " + Object.entries(d.lists || {})
    .map(([seat, list]) => {
      const points = (list.models || []).reduce((sum, m) => sum + (m.points || 0), 0);
      return `${c.seat(seat)}: ${list.name || "unnamed"}, ${plural((list.models || []).length,
        "model")}, ${points} points`;
    }).join("; "),
  roles_rolled: (d, c) => `Roll-off for attacker and defender: ${rollOff(d.rolls, c)} — `
    + `${c.seat(d.winner)} chooses`,
  role_chosen: (d, c) => `${c.seat(d.seat)} chooses to be the ${d.role}`,
  terrain_laid: (d, c) => `${c.seat(d.seat)} lays out the terrain`
    + (d.generated ? " (generated from the match dice)" : "")
    + `: ${plural((d.terrain || []).length, "terrain hex")}, `
    + `${plural((d.edges || []).length, "wall or edge feature")}`,
  edge_chosen: (d, c) => `${c.seat(d.seat)} takes the ${d.edge} table edge`,
  deployed: (d, c) => `${c.name(d.figure)} deployed`,
  side_deployed: (d, c) => `${c.seat(d.seat)} has deployed`,
  initiative_rolled: (d, c) => `Initiative: ${rollOff(d.rolls, c)} — ${c.seat(d.winner)} goes first`,
  activated: (d, c) => {
    const count = (d.dice || []).length + (d.automatic || 0);
    const casting = d.scroll ? " (casting from the scroll)" : d.casting ? " (declaring a spell)" : "";
    let text = `${c.name(d.figure)} activates with ${plural(count, "die")}${casting}: `
      + `${qualityRoll(d, c)} — ${plural(d.successes, "action")}`;
    if (d.failures >= 2) text += `; ${d.failures} failures: turnover`;
    if (d.out_of_power) text += "; three failures: out of magical power";
    return text;
  },
  free_move_started: (d, c) => `${c.name(d.figure)} makes a free move`,
  moved: (d, c) => {
    let text = `${c.name(d.figure)} moves`;
    if (d.disengaged) text += " away (disengaging)";
    else if (d.cost) text += ` (${plural(d.cost, "action")})`;
    if (d.contact && d.contact.length) {
      text += ` into contact with ${d.contact.map((id) => c.name(id)).join(", ")}`;
    }
    return text;
  },
  actions_spent: (d, c) => `${c.name(d.figure)} spends ${plural(d.cost, "action")}`
    + (d.reason ? ` (${d.reason})` : ""),
  stood_up: (d, c) => `${c.name(d.figure)} stands up` + (d.reason ? ` (${d.reason})` : ""),
  broke_free: (d, c) => `${c.name(d.figure)} breaks free of the transfix`,
  activation_ended: (d, c) => `${c.name(d.figure)} ends its activation`
    + (d.turnover ? " — turnover" : ""),
  melee: (d, c) => {
    const [ad, dd] = d.dice || [0, 0];
    const [at, dt] = d.totals || [0, 0];
    const how = d.free_hack ? "gets a free hack at" : d.power ? "power-blows" : "attacks";
    return `${c.name(d.attacker)} ${how} ${c.name(d.defender)}: `
      + `${outcomeText(d, d.attacker, d.defender, c)} (${dieAndBonus(ad, at)} vs `
      + `${dieAndBonus(dd, dt)})${modifierNote(d.modifiers)}`;
  },
  shot: (d, c) => {
    const [ad, dd] = d.dice || [0, 0];
    const [at, dt] = d.totals || [0, 0];
    let how = d.aimed ? "takes an aimed shot at" : "shoots at";
    if (d.spell_power) how = `casts a bolt (power ${d.spell_power}) at`;
    if (d.volley) how = `leads a concentrated shooting (${d.volley.length} shooters) at`;
    const stray = d.aimed_at ? `${c.name(d.aimed_at)}, and hits ${c.name(d.target)}` : "";
    return `${c.name(d.shooter)} ${how} ${stray || c.name(d.target)}: `
      + `${outcomeText(d, d.shooter, d.target, c)} (${dieAndBonus(ad, at)} vs `
      + `${dieAndBonus(dd, dt)})${modifierNote(d.modifiers)}`;
  },
  stray_shot_rolled: (d, c) => `${c.name(d.shooter)} shoots into the melee around `
    + `${c.name(d.target)}: rolled ${diceList(d.dice)}`
    + (d.hits ? ` — the shot strays into ${c.name(d.hits)}` : " — on target"),
  missile_check: (d, c) => (d.spent
    ? `${d.figure ? c.name(d.figure) : "A shooter"} runs out of missiles (rolled ${diceList(d.dice)})`
    : `${c.name(d.figure)} still has missiles (rolled ${diceList(d.dice)})`),
  fell: (d, c) => `${c.name(d.figure)} falls` + (d.reason ? ` (${d.reason})` : ""),
  recoiled: (d, c) => `${c.name(d.figure)} recoils away from ${c.name(d.away_from)}`,
  followed_up: (d, c) => `${c.name(d.figure)} follows up`,
  wounded: (d, c) => `${c.name(d.figure)} is wounded` + (d.reason ? ` (${d.reason})` : ""),
  killed: (d, c) => `${c.name(d.figure)} is killed${d.gruesome ? " gruesomely" : ""}`
    + (d.by ? ` by ${c.name(d.by)}` : ""),
  tailslap_rolled: (d, c) => `${c.name(d.by)}'s tail slaps ${c.name(d.figure)}: rolled `
    + `${diceList(d.dice)}`,
  poison_rolled: (d, c) => `${c.name(d.by)}'s poison on ${c.name(d.figure)}: rolled `
    + `${diceList(d.dice)}`,
  dead_outnumber: (d, c) => `${c.seat(d.seat)} has more dead than living: everyone tests morale`,
  fled: (d, c) => `${c.name(d.figure)} flees the battle` + (d.reason ? ` (${d.reason})` : ""),
  flee_moved: (d, c) => `${c.name(d.figure)} flees`,
  swarm_tightened: (d, c) => `The Swarm tightens its formation: `
    + d.moves.map(([figure, q, r]) => `${c.name(figure)} to (${q}, ${r})`).join(", "),
  intercepted: (d, c) => `${c.name(d.by)} intercepts the fleeing ${c.name(d.figure)}`,
  morale_tested: (d, c) => `${c.name(d.figure)} tests morale (${d.reason}): ${qualityRoll(d, c)}`
    + ` — ${d.failures ? plural(d.failures, "failure") : "holds"}`,
  terror_tested: (d, c) => `${c.name(d.figure)} faces the terror of ${c.name(d.source)}: `
    + `${qualityRoll(d, c)} — ${d.passed ? "holds" : "fails"}`,
  terror_resisted: (d, c) => `${c.name(d.figure)} is no longer afraid of ${d.profile}`,
  skips_turn: (d, c) => `${c.name(d.figure)} skips its next turn`,
  held: (d, c) => {
    const what = d.kind === "entangle" ? "entangles" : `casts ${d.kind} (power ${d.power}) on`;
    return `${c.name(d.figure)} ${what} ${c.name(d.target)}: resists with `
      + `${diceList(d.dice) || "nothing"} needing ${d.target_number}+ — `
      + `${d.transfixed ? `${c.name(d.target)} is held` : "resisted"}`;
  },
  hero_rerolled: (d, c) => `${c.name(d.figure)} uses the Hero's re-roll: ${d.old} becomes ${d.new}`,
  commander_named: (d, c) => `${c.name(d.figure)} is now ${c.seat(d.seat)}'s overall commander`,
  group_ordered: (d, c) => `${c.name(d.leader)} orders a ${d.volley ? "concentrated shooting"
    : d.regroup ? "regroup" : "group activation"} of ${plural((d.members || []).length, "figure")}`,
  group_activated: (d, c) => `Group of ${plural((d.members || []).length, "figure")} `
    + `${d.leader ? `led by ${c.name(d.leader)} ` : ""}activates: rolled ${diceList(d.dice)}, `
    + `needing ${d.target}+ — ${plural(d.successes, "action")} each`
    + (d.failures >= 2 ? `; ${d.failures} failures: turnover` : ""),
  group_member_started: (d, c) => `${c.name(d.figure)} acts for the group`,
  group_ended: () => "The group activation ends",
  volley_rolled: (d, c) => `Concentrated shooting at ${c.name(d.target)}: rolled `
    + `${diceList(d.dice)} needing ${d.target_number}+ — ${plural(d.successes, "success")}`,
  turn_passed: (d, c) => `Turn ${d.turn}: ${c.seat(d.to)} to play (${d.reason})`,
  game_ended: (d, c) => {
    const points = Object.entries(d.victory_points || {})
      .map(([seat, vp]) => `${c.seat(seat)} ${vp}`).join(", ");
    const who = d.winner ? `${c.seat(d.winner)} wins` : "A draw";
    return `Game over: ${who} (${reasonWords(d.reason, c.seat)})` + (points ? `. Victory points: ${points}` : "");
  },
  healed: (d, c) => `${c.name(d.figure)} heals ${c.name(d.patient)}`,
  snapped_out: (d, c) => `${c.name(d.figure)} snaps out of its greed`,
  jumped: (d, c) => `${c.name(d.figure)} jumps (${qualityRoll(d, c)})`,
  draw_offered: (d, c) => `${c.seat(d.seat)} offers a draw`,
  takeback: (d, c) => `Takeback: ${c.seat(d.by)} takes back to step ${d.to_seq}, as `
    + `${c.seat(d.accepted_by)} agreed — play goes on from there (the steps after it no `
    + "longer count; no dice are rolled again)",
  draw_declined: (d, c) => (d.reason === "played on"
    ? `${c.seat(d.seat)} plays on: the offer of a draw lapses`
    : `${c.seat(d.seat)} declines the draw`),
  climb_rolled: (d, c) => `${c.name(d.figure)} climbs the wall: ${qualityRoll(d, c)} — `
    + (d.failures ? "fails" : "makes it"),
  slip_tested: (d, c) => `${c.name(d.figure)} keeps its footing at the ${d.moment}? `
    + `${qualityRoll(d, c)} — ${d.failures ? "slips" : "yes"}`,
  falling_damage_rolled: (d, c) => `${c.name(d.figure)} falls a ${d.height} height: `
    + `${qualityRoll(d, c)}`,
  greed_tested: (d, c) => `${c.name(d.figure)} resists its greed? ${qualityRoll(d, c)} — `
    + (d.greedy ? "gives in" : "resists"),
  terrain_danger_tested: (d, c) => `${c.name(d.figure)} braves the dangerous ground: `
    + `${qualityRoll(d, c)}` + (d.lost ? " — lost" : ""),
  jumped_down: (d, c) => `${c.name(d.figure)} jumps down the ${d.height} cliff`,
  teleported: (d, c) => `${c.name(d.figure)} teleports`,
  teleport_mishap: (d, c) => `${c.name(d.figure)}'s teleport goes wrong`,
  marker_placed: (d, c) => `${c.seat(d.seat)} places an ambush marker`,
  marker_revealed: (d, c) => "An ambush marker is revealed: "
    + `${d.figure ? c.name(d.figure) : "a dummy"}`,
  token_placed: (d, c) => `${c.seat(d.seat)} places a treasure token at ${hexWords(d.to)}`,
  token_removed: (d, c) => `${c.name(d.figure)} searches the token at ${hexWords(d.at)} `
    + `(rolled ${diceList(d.dice || [])}): nothing there, the token is removed`,
  place_nominated: (d, c) => `${c.seat(d.seat)} nominates feature ${d.feature + 1} as the `
    + "Place of Power",
  treasure_found: (d, c) => `${c.name(d.figure)} finds the treasure at ${hexWords(d.at)}`,
  treasure_picked_up: (d, c) => `${c.name(d.figure)} picks up the treasure`,
  treasure_escaped: (d, c) => `${c.name(d.figure)} carries the treasure off the table`,
  item_given: (d, c) => `${c.name(d.figure)} gives the magic item to ${c.name(d.to)}`,
  standard_destroyed: (d, c) => `${c.name(d.by)} destroys ${c.name(d.bearer)}'s standard`,
  strength_spent: (d, c) => `${c.name(d.figure)} spends ${plural(d.points, "Strength point")} `
    + `of the belt (${d.left} left)`,
  volley_spell_short: (d, c) => `${c.name(d.figure)}'s spell (power ${d.power}) cannot reach `
    + `${c.name(d.target)}: it takes no part in the volley`,
  mutated: (d, c) => `${c.name(d.figure)} mutates and is transfixed for the rest of the turn`,
  resurrected: (d, c) => `${c.name(d.by)} raises ${c.name(d.figure)} from the dead as Undead`,
  turned_were: (d, c) => `${c.name(d.figure)} turns into its were form: ${d.form}`,
};

function hexWords(h) {
  return Array.isArray(h) ? `[${h[0]}, ${h[1]}]` : "?";
}

// The seats' dice, in seat order, by name: "Ann 5 vs Bob 3".
function rollOff(rolls, ctx) {
  const [first, second] = ctx.seats || ["a", "b"];
  return (rolls || []).map(([a, b]) => `${ctx.seat(first)} ${a} vs ${ctx.seat(second)} ${b}`)
    .join(", then ");
}

const FIGURE_KEYS = new Set(["figure", "by", "target", "attacker", "defender", "shooter",
  "leader", "patient", "bearer", "source", "standard"]);

function generic(type, data, ctx) {
  const words = type.replace(/_/g, " ");
  const details = [];
  for (const [key, value] of Object.entries(data)) {
    if (FIGURE_KEYS.has(key) && typeof value === "string") {
      details.push(`${key} ${ctx.name(value)}`);
    } else if (key === "seat" && typeof value === "string") {
      details.push(ctx.seat(value));
    } else if (key === "dice" && Array.isArray(value)) {
      details.push(`rolled ${diceList(value)}`);
    } else if (["number", "boolean"].includes(typeof value) || (typeof value === "string"
               && value.length < 40)) {
      details.push(`${key.replace(/_/g, " ")} ${value}`);
    }
  }
  const head = words.charAt(0).toUpperCase() + words.slice(1);
  return details.length ? `${head}: ${details.join(", ")}` : head;
}

// The odds reply as one line: "Kill 28% · Fall 19% · ... · you recoil 14%".
// A result's reason in words: the rules name a seat by its id ("a conceded");
// `seat` turns it into its name ("Seat A (Orc Patrol) conceded").
export function reasonWords(reason, seat) {
  if (!reason) return "";
  return reason.replace(/^([a-z])(?= )/, (id) => seat(id));
}

export function formatOdds(odds) {
  const merged = new Map();
  for (const o of odds.outcomes || []) {
    const key = o.loser === null || o.result === "none" ? "none" : `${o.loser}:${o.result}`;
    merged.set(key, (merged.get(key) || 0) + o.probability);
  }
  const order = ["defender:gruesome", "defender:kill", "defender:fall", "defender:recoil",
    "none", "attacker:recoil", "attacker:fall", "attacker:kill", "attacker:gruesome"];
  const label = {
    "defender:gruesome": "Gruesome kill", "defender:kill": "Kill", "defender:fall": "Fall",
    "defender:recoil": "Recoil", none: "nothing", "attacker:recoil": "you recoil",
    "attacker:fall": "you fall", "attacker:kill": "you are killed",
    "attacker:gruesome": "you are killed gruesomely",
  };
  const keys = [...order.filter((k) => merged.has(k)),
    ...[...merged.keys()].filter((k) => !order.includes(k))];
  return keys.map((k) => `${label[k] || k} ${percent(merged.get(k))}`).join(" · ");
}

function percent(p) {
  const value = p * 100;
  if (value > 0 && value < 1) return "<1%";
  return `${Math.round(value)}%`;
}

export function formatModifiers(odds) {
  const [mine, theirs] = odds.modifiers || [[], []];
  const parts = [];
  if (mine && mine.length) parts.push(`you: ${mine.join(", ")}`);
  if (theirs && theirs.length) parts.push(`target: ${theirs.join(", ")}`);
  return parts.join("; ");
}
