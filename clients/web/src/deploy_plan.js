// "Place the rest", then adjust: a plan of where each figure still to deploy will
// stand, drawn on the board before anything is sent. The player moves a planned
// figure by clicking it and then a free hex of its zone (or another planned figure,
// to swap them), then confirms; the deploy commands go one prompt after another.
// Only the client knows the plan: the rules see the deploy commands, as if clicked.

// The deploy options of a prompt: [{figure, hexes}] for each figure it may place.
export function deployable(candidates) {
  const out = new Map();
  for (const c of candidates) {
    if (c.spec.type !== "deploy") continue;
    const figures = c.spec.params?.figure;
    const hexes = c.spec.params?.to;
    if (!Array.isArray(figures) || !Array.isArray(hexes) || !hexes.length) continue;
    for (const figure of figures) if (!out.has(figure)) out.set(figure, { candidate: c, hexes });
  }
  return out;
}

const key = ([q, r]) => `${q},${r}`;

function axialDistance([q1, r1], [q2, r2]) {
  const dq = q1 - q2;
  const dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// The hexes of a zone, nearest its middle first (so the warband stands together).
function byNearnessToMiddle(hexes) {
  const mid = [0, 1].map((i) => hexes.reduce((sum, h) => sum + h[i], 0) / hexes.length);
  return [...hexes].sort((a, b) => axialDistance(a, mid) - axialDistance(b, mid)
    || a[1] - b[1] || a[0] - b[0]);
}

export class DeploymentPlan {
  constructor() {
    this.positions = null; // figure id -> [q, r], while a plan is shown
    this.zones = new Map(); // figure id -> its legal hexes when the plan was made
    this.selected = null;
  }

  get active() {
    return this.positions !== null;
  }

  // Each figure the prompt may place on a distinct hex nearest its zone's middle.
  start(candidates) {
    const options = deployable(candidates);
    this.positions = new Map();
    this.zones = new Map();
    this.selected = null;
    const taken = new Set();
    for (const [figure, { hexes }] of options) {
      this.zones.set(figure, hexes);
      const hex = byNearnessToMiddle(hexes).find((h) => !taken.has(key(h)));
      if (!hex) continue; // (a zone too full for every figure: placed one by one)
      taken.add(key(hex));
      this.positions.set(figure, hex);
    }
    return this.positions.size > 0;
  }

  clear() {
    this.positions = null;
    this.zones = new Map();
    this.selected = null;
  }

  // The view with the planned figures standing where the plan puts them.
  draftView(view) {
    if (!this.active || !view) return view;
    return {
      ...view,
      figures: (view.figures || []).map((f) => (!f.pos && this.positions.has(f.id)
        ? { ...f, pos: this.positions.get(f.id), planned: true } : f)),
    };
  }

  // What the board highlights: the planned figures (clickable) and, once one is
  // selected, the free hexes of its zone.
  marks(colour) {
    const hexes = new Map();
    const figures = new Map();
    if (!this.active) return { hexes, figures };
    for (const id of this.positions.keys()) figures.set(id, id === this.selected ? "#f2b705" : colour);
    if (this.selected) {
      const used = new Set([...this.positions.values()].map(key));
      for (const h of this.zones.get(this.selected) || []) {
        if (!used.has(key(h))) hexes.set(key(h), colour);
      }
    }
    return { hexes, figures };
  }

  // A click on a planned figure: select it, or swap it with the one selected.
  chooseFigure(id) {
    if (!this.active || !this.positions.has(id)) return false;
    if (this.selected && this.selected !== id) {
      const here = this.positions.get(this.selected);
      const there = this.positions.get(id);
      const fits = (figure, hex) => (this.zones.get(figure) || []).some((h) => key(h) === key(hex));
      if (fits(this.selected, there) && fits(id, here)) {
        this.positions.set(this.selected, there);
        this.positions.set(id, here);
        this.selected = null;
        return true;
      }
    }
    this.selected = this.selected === id ? null : id;
    return true;
  }

  // A click on a hex: the selected figure goes there if it is free and in its zone.
  chooseHex(hexKey) {
    if (!this.active || !this.selected) return false;
    const hex = (this.zones.get(this.selected) || []).find((h) => key(h) === hexKey);
    if (!hex || [...this.positions.values()].some((h) => key(h) === hexKey)) return false;
    this.positions.set(this.selected, hex);
    this.selected = null;
    return true;
  }

  // The next deploy to send for the plan: {candidate, args}, or null when the
  // prompt places none of the planned figures any more (a figure placed is no
  // longer offered, so each is sent once). A planned hex the prompt
  // no longer offers (a Swarm base must touch one already placed) gives way to the
  // offered hex nearest it.
  next(candidates) {
    if (!this.active) return null;
    const options = deployable(candidates);
    for (const [figure, planned] of this.positions) {
      const option = options.get(figure);
      if (!option) continue;
      const to = option.hexes.find((h) => key(h) === key(planned))
        || [...option.hexes].sort((a, b) => axialDistance(a, planned) - axialDistance(b, planned))[0];
      return { candidate: option.candidate, args: { figure, to } };
    }
    return null;
  }
}
