// What happened since the player's last decision, one activation at a time,
// for the board to mark: the paths figures moved along, the attacks (who at
// whom, with the dice rolled) and the activation dice. Built from the event
// stream alone and generic: an event with a `figure` and a `to` hex moved that
// figure; one with an attacker/shooter and a defender/target was an attack.

const STARTS = new Set(["activated", "group_activated", "group_ordered"]);
const ATTACKS = { melee: ["attacker", "defender"], shot: ["shooter", "target"] };

function newStep(event, seq) {
  const d = event?.data || {};
  return {
    figure: d.figure || d.leader || null, first: seq, last: seq, seqs: [],
    moves: [], attacks: [], rolls: [], fallen: [], killed: [],
  };
}

function isHex(value) {
  return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
}

// events: [{seq, event}] of the whole match; since: the seq after which to
// start. Returns [{figure, first, last, seqs, moves: [{figure, from, to}],
// attacks: [{kind, from, to, attacker, defender, dice, totals, loser, result}],
// rolls: [{figure, at, dice, target}], killed: [{figure, at}]}].
export function activationSteps(events, since) {
  const pos = new Map(); // figure id -> [q, r], followed through the whole match
  const steps = [];
  let step = null;
  for (const { seq, event } of events) {
    const d = event?.data || {};
    const type = event?.type;
    const live = seq > since;
    if (live && (STARTS.has(type) || type === "turn_passed")) step = null;
    if (live && (STARTS.has(type) || (!step && !["turn_passed", "deployed"].includes(type)))) {
      step = newStep(event, seq);
      steps.push(step);
    }
    if (live && step) {
      step.last = seq;
      step.seqs.push(seq);
    }
    if (typeof d.figure === "string" && isHex(d.to)) {
      // (a deployment places a figure: where it starts from, not a move to draw)
      if (live && step && type !== "deployed") step.moves.push({ figure: d.figure, from: pos.get(d.figure) || null, to: d.to });
      pos.set(d.figure, d.to);
    }
    for (const [figure, q, r] of type === "swarm_tightened" ? d.moves || [] : []) {
      if (live && step) step.moves.push({ figure, from: pos.get(figure) || null, to: [q, r] });
      pos.set(figure, [q, r]);
    }
    if (type === "marker_revealed" && d.figure && isHex(d.at)) pos.set(d.figure, d.at);
    if (!live || !step) continue;
    if (ATTACKS[type]) {
      const [a, b] = ATTACKS[type];
      step.attacks.push({
        kind: type, attacker: d[a], defender: d[b], from: pos.get(d[a]) || null,
        to: pos.get(d[b]) || null, dice: d.dice || [], totals: d.totals || [],
        loser: d.loser || null, result: d.result || null,
      });
    }
    if ((type === "activated" || type === "group_activated") && Array.isArray(d.dice)) {
      const who = d.figure || d.leader;
      step.rolls.push({ figure: who, at: pos.get(who) || null, dice: d.dice, target: d.target });
    }
    if (type === "killed" || type === "fled") {
      step.killed.push({ figure: d.figure, at: pos.get(d.figure) || null });
    }
  }
  // steps with nothing to mark or read (a lone activation_ended) are left out
  return steps.filter((s) => s.moves.length || s.attacks.length || s.rolls.length
    || s.killed.length);
}

// The seq the trail starts after: the player's last decision if known, else
// the start of the other side's latest turn (watchers: of the turn before).
export function trailStart(events, lastDecision, seat) {
  if (lastDecision !== null && lastDecision !== undefined) return lastDecision;
  const turns = events.filter(({ event }) => event?.type === "turn_passed");
  if (seat) {
    const theirs = turns.filter(({ event }) => event.data?.to !== seat).pop();
    const mine = turns.filter(({ event }) => event.data?.to === seat).pop();
    // on my turn: from the start of their turn before it
    if (theirs) return theirs.seq - 1;
    if (mine) return mine.seq - 1;
    return 0;
  }
  return turns.length > 1 ? turns[turns.length - 2].seq - 1 : 0;
}
