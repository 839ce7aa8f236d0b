// The chat panel of a match (docs/protocol.md, Chat): its players' and spectators'
// rooms as two tabs (or the lobby's one room, `matchId` null), live from chat_message / chat_hidden pushes, with mute and
// report on each message and a moderator's hide. Everything a player typed is put
// in the page with textContent only, never as HTML.

export const MATCH_ROOMS = { players: "Players", spectators: "Spectators" };
export const LOBBY_ROOMS = { lobby: "Lobby" };
const MAX_LENGTH = 300;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, action, title) {
  const node = element("button", "small chat-action", label);
  node.type = "button";
  node.dataset.chat = action;
  if (title) node.title = title;
  return node;
}

export class ChatPanel {
  constructor(container, app, matchId, rooms = MATCH_ROOMS) {
    this.box = container;
    this.app = app;
    this.matchId = matchId;
    this.labels = rooms;
    this.room = Object.keys(rooms)[0];
    this.key = matchId ?? ""; // (the lobby's chat has no match)
    this.rooms = {};
    for (const room of Object.keys(rooms)) {
      this.rooms[room] = { messages: [], canWrite: false, whyNot: null, refused: null,
        unread: false };
    }
    this.muted = new Set();
    this.moderator = false;
    this.mutedNames = new Map(); // account id -> name, for the unmute button
  }

  show() {
    this.box.replaceChildren();
    this.box.append(element("h3", "", "Chat"));
    this.tabs = element("div", "chat-tabs"); // (left out for a single room)
    for (const [room, label] of Object.entries(this.labels)) {
      const tab = element("button", "small chat-tab", label);
      tab.type = "button";
      tab.dataset.room = room;
      this.tabs.append(tab);
    }
    this.note = element("p", "chat-note muted");
    this.log = element("ol", "chat-log");
    this.form = element("form", "chat-form");
    this.input = element("input");
    Object.assign(this.input, { name: "text", maxLength: MAX_LENGTH, autocomplete: "off",
      placeholder: "Write to the room" });
    const send = element("button", "small", "Send");
    send.type = "submit";
    this.form.append(this.input, send);
    this.error = element("p", "chat-error status error");
    if (Object.keys(this.labels).length > 1) this.box.append(this.tabs);
    this.box.append(this.note, this.log, this.form, this.error);
    this.box.addEventListener("click", (e) => this.click(e));
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    this.app.conn.chats.set(this.key, {
      onPush: (frame) => this.push(frame), onResume: () => this.reload(),
    });
    this.render();
    return this.reload();
  }

  destroy() {
    this.app.conn.chats.delete(this.key);
    this.app.conn.request("chat_unfollow", { match_id: this.matchId }).catch(() => {});
  }

  // Both rooms' histories again (on show, after a reconnection, when the match ends:
  // the players may read the spectators' room from then on).
  async reload() {
    await Promise.all(Object.keys(this.labels).map((room) => this.load(room)));
    this.render();
  }

  async load(room) {
    const state = this.rooms[room];
    try {
      const reply = await this.app.conn.request("chat_history",
        { match_id: this.matchId, room });
      Object.assign(state, { messages: reply.messages, canWrite: reply.can_write,
        whyNot: reply.why_not, refused: null });
      this.muted = new Set(reply.muted);
      this.moderator = reply.moderator;
    } catch (error) {
      Object.assign(state, { messages: [], canWrite: false, whyNot: null,
        refused: error.message });
    }
  }

  push(frame) {
    const state = this.rooms[frame.room];
    if (!state) return;
    if (frame.type === "chat_hidden") {
      state.messages = state.messages.filter((m) => m.message_id !== frame.message_id);
    } else if (!this.muted.has(frame.author_id)
               && !state.messages.some((m) => m.message_id === frame.message_id)) {
      state.messages.push(frame);
      if (frame.room !== this.room) state.unread = true;
    }
    this.render();
  }

  async send() {
    const text = this.input.value;
    this.error.textContent = "";
    try {
      const message = await this.app.conn.request("chat_send",
        { match_id: this.matchId, room: this.room, text });
      this.input.value = "";
      this.push({ type: "chat_message", ...message });
    } catch (error) {
      this.error.textContent = error.message;
    }
  }

  click(e) {
    const tab = e.target.closest(".chat-tab");
    if (tab) {
      this.room = tab.dataset.room;
      this.rooms[this.room].unread = false;
      this.error.textContent = "";
      this.render();
      return;
    }
    const action = e.target.closest(".chat-action");
    if (!action) return;
    const item = action.closest("[data-message]");
    const id = item ? Number(item.dataset.message) : null;
    const act = {
      mute: () => this.mute(item.dataset.author, item.dataset.name),
      unmute: () => this.unmute(action.dataset.account),
      report: () => this.askReason(item),
      "send-report": () => this.report(item, id),
      hide: () => this.app.conn.request("chat_hide", { message_id: id }),
    }[action.dataset.chat];
    if (!act) return;
    Promise.resolve().then(act).catch((error) => {
      this.error.textContent = error.message;
    });
  }

  async mute(accountId, name) {
    await this.app.conn.request("chat_mute", { account_id: accountId });
    this.muted.add(accountId);
    this.mutedNames.set(accountId, name);
    for (const state of Object.values(this.rooms)) {
      state.messages = state.messages.filter((m) => m.author_id !== accountId);
    }
    this.render();
  }

  async unmute(accountId) {
    await this.app.conn.request("chat_unmute", { account_id: accountId });
    this.muted.delete(accountId);
    this.mutedNames.delete(accountId);
    await this.reload(); // (their messages come back)
  }

  askReason(item) {
    const actions = item.querySelector(".chat-actions");
    const reason = element("input", "chat-reason");
    Object.assign(reason, { maxLength: 200, placeholder: "Why? (for the moderators)" });
    actions.replaceChildren(reason, button("send report", "send-report"));
    reason.focus();
  }

  async report(item, id) {
    const reason = item.querySelector(".chat-reason").value;
    await this.app.conn.request("chat_report", { message_id: id, reason });
    item.querySelector(".chat-actions").replaceChildren(element("span", "muted", "reported"));
  }

  render() {
    const me = this.app.account?.account_id;
    for (const tab of this.tabs.querySelectorAll(".chat-tab")) {
      const state = this.rooms[tab.dataset.room];
      tab.classList.toggle("active", tab.dataset.room === this.room);
      tab.classList.toggle("unread", state.unread);
    }
    const state = this.rooms[this.room];
    const items = state.messages.map((m) => {
      const item = element("li", "chat-line");
      item.dataset.message = String(m.message_id);
      item.dataset.author = m.author_id;
      item.dataset.name = m.author;
      const actions = element("span", "chat-actions");
      if (m.author_id !== me) {
        actions.append(button("mute", "mute", "Hide what this person writes, for you"),
          button("report", "report", "Report this message to the moderators"));
      }
      if (this.moderator) actions.append(button("hide", "hide", "Hide for everyone"));
      item.append(element("span", "chat-author", m.author), " ",
        element("span", "chat-text", m.text), " ", actions);
      return item;
    });
    if (state.refused) items.push(element("li", "muted chat-refused", state.refused));
    else if (!items.length) items.push(element("li", "muted", "No messages yet."));
    this.log.replaceChildren(...items);
    this.log.scrollTop = this.log.scrollHeight;
    // (left out, not hidden, where one may not write: no control that cannot be used)
    if (!state.canWrite) this.form.remove();
    else if (!this.form.isConnected) this.log.after(this.form);
    this.note.replaceChildren();
    if (!state.canWrite && state.whyNot && !state.refused) this.note.textContent = state.whyNot;
    for (const [accountId, name] of this.mutedNames) {
      const line = element("span", "chat-muted", `You muted ${name}. `);
      const undo = button("unmute", "unmute");
      undo.dataset.account = accountId;
      line.append(undo);
      this.note.append(line);
    }
  }
}
