// Takebacks (docs/protocol.md, Takebacks): "Ask to take back" asks the opponent to let
// you take back your last move; the opponent sees the request in a bar on the match
// and accepts or declines it with one click. The bar goes as soon as anything happens
// in the match (a move lapses the request; an accepted one is the takeback event).

// The events a fold applies (docs/protocol.md, Takebacks): a takeback event removes the
// events after its point, and counts for nothing itself. events: [{seq, event}].
export function effectiveEvents(events) {
  const kept = [];
  for (const item of events) {
    if (item.event?.type !== "takeback") kept.push(item);
    else while (kept.length && kept.at(-1).seq > item.event.data.to_seq) kept.pop();
  }
  return kept;
}

export class TakebackBar {
  // `box`: the bar's element; `send(type, fields)`: a request for this match;
  // `seatWords(seat)`: a seat by its player's name.
  constructor(box, { send, seatWords }) {
    this.box = box;
    this.send = send;
    this.seatWords = seatWords;
    box.addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (button?.dataset.takeback) this.answer(button.dataset.takeback === "accept");
    });
  }

  // Ask for the last move back; the bar says we wait, or why not.
  async ask() {
    try {
      const reply = await this.send("takeback_offer", {});
      this.say(`You asked to take back to step ${reply.to_seq}; waiting for your opponent.`);
    } catch (error) {
      this.say(error.message, "error");
    }
  }

  async answer(accept) {
    this.clear();
    try {
      await this.send("takeback_answer", { accept });
    } catch (error) {
      this.say(error.message, "error");
    }
  }

  // A push of the match: takeback_offered / takeback_declined, or anything else.
  push(frame, mySeat) {
    if (frame.type === "takeback_offered") {
      if (frame.seat === mySeat) return;
      this.say(`${this.seatWords(frame.seat)} asks to take back to step ${frame.to_seq}.`);
      this.box.append(this.button("accept", "Accept", "primary small"), " ",
                      this.button("decline", "Decline", "small"));
    } else if (frame.type === "takeback_declined") {
      if (frame.seat !== mySeat) {
        this.say(`${this.seatWords(frame.seat)} declined to take back to step ${frame.to_seq}.`);
      }
    } else if (frame.type === "event") {
      this.clear();
    }
  }

  say(text, kind = "") {
    const line = document.createElement("span");
    line.className = `takeback-words ${kind}`;
    line.textContent = text; // (names are the players' own words: never HTML)
    this.box.replaceChildren(line);
    this.box.hidden = false;
  }

  button(answer, label, className) {
    const button = document.createElement("button");
    button.className = className;
    button.dataset.takeback = answer;
    button.textContent = label;
    return button;
  }

  clear() {
    this.box.replaceChildren();
    this.box.hidden = true;
  }
}
