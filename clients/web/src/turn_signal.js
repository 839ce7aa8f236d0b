// Telling the player it is their turn: the tab's title ("Your turn — warband"),
// and, if they asked for it, a short tone when their turn comes (not at each of
// their own moves). The choice is kept in localStorage.

const SOUND_KEY = "warband.turnSound";
const BASE_TITLE = "warband";

export class TurnSignal {
  constructor(doc = document) {
    this.doc = doc;
    this.mine = false;
    this.audio = null;
  }

  get sound() {
    return localStorage.getItem(SOUND_KEY) === "on";
  }

  // Called from a click (browsers let a page make sound only after one).
  setSound(on) {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    if (on) this.beep();
  }

  // turn: {mine, waiting: [names]} from the prompt panel, or null (no match shown)
  update(turn) {
    const mine = Boolean(turn?.mine);
    if (!turn) this.doc.title = BASE_TITLE;
    else if (mine) this.doc.title = `Your turn — ${BASE_TITLE}`;
    else if (turn.waiting.length) this.doc.title = `Waiting for ${turn.waiting.join(" and ")} — ${BASE_TITLE}`;
    else this.doc.title = BASE_TITLE;
    if (mine && !this.mine && this.sound) this.beep();
    this.mine = mine;
    this.doc.body.dataset.turn = !turn ? "" : mine ? "mine" : "theirs";
  }

  beep() {
    this.beeps = (this.beeps || 0) + 1; // (counted, for the tests)
    try {
      this.audio ||= new AudioContext();
      const osc = this.audio.createOscillator();
      const gain = this.audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, this.audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, this.audio.currentTime + 0.35);
      osc.connect(gain).connect(this.audio.destination);
      osc.start();
      osc.stop(this.audio.currentTime + 0.35);
    } catch (error) {
      // no audio here: the title still tells
    }
  }
}
