// The protocol over one websocket (docs/protocol.md): binary MessagePack frames,
// requests with ids answered by `reply` or `error`, and pushes about the matches
// we subscribed to. When the socket drops we reconnect with backoff, sign in again
// with the token, resume every subscription from the last seq we processed, and
// resend every unanswered request with its original id (the server answers a
// repeated id from memory instead of executing it twice). With several server nodes,
// a match another node runs is followed there on a second websocket (following.js).

import { decode, encode } from "@msgpack/msgpack";
import { Following } from "./following.js";

const PROTOCOL_VERSION = 1;
const BACKOFF_MS = [250, 500, 1000, 2000, 4000];

export class ServerError extends Error {
  constructor(frame) {
    super(frame.message);
    this.code = frame.code;
    this.retryable = frame.retryable;
    this.details = frame.details || {};
  }
}

function randomPrefix() {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class Connection {
  constructor(url) {
    this.url = url;
    this.prefix = randomPrefix(); // ids are "<prefix>-<n>": unique across connections
    this.counter = 0;
    this.pending = new Map(); // id -> {message, resolve, reject}
    this.subscriptions = new Map(); // match_id -> {spectate, views, lastSeq, onPush}
    this.chats = new Map(); // match_id ("" for the lobby) -> {onPush, onResume} (chat.js)
    this.token = null;
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    this.onStatus = () => {};
    this.onSessionLost = () => {};
    this.following = new Following(this); // (where each match's traffic goes)
  }

  open() {
    this.closed = false;
    return this._connect();
  }

  close() {
    this.closed = true;
    this.following.closeAll();
    if (this.socket) this.socket.close();
  }

  get connected() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  _connect() {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.url);
      socket.binaryType = "arraybuffer";
      this.socket = socket;
      this.onStatus("connecting");
      socket.onopen = async () => {
        this.attempt = 0;
        this.onStatus("online");
        await this._resume();
        resolve();
      };
      socket.onmessage = (message) => this._receive(message.data);
      socket.onclose = () => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.onStatus("offline");
        resolve();
        if (!this.closed) this._reconnectLater();
      };
    });
  }

  _reconnectLater() {
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    setTimeout(() => {
      if (!this.closed) this._connect();
    }, delay);
  }

  // After a (re)connection: sign in, resume streams, resend what was unanswered.
  // The server handles one connection's requests in order, so these go out first.
  async _resume() {
    // (what went over a followed node's live socket is that socket's to answer)
    const unanswered = [...this.pending.entries()]
      .filter(([id]) => !this.following.onALink(id)).map(([, entry]) => entry);
    if (this.token) {
      const id = this._nextId();
      this._send({ type: "authenticate", id, token: this.token });
      this.pending.set(id, {
        message: null,
        resolve: () => {},
        reject: () => {
          this.token = null;
          this.onSessionLost();
        },
      });
      for (const [matchId, sub] of this.subscriptions) {
        if (!this.following.routes.has(matchId)) this._subscribeFrame(matchId, sub);
      }
      // a chat is followed again by asking its history (what came meanwhile included)
      for (const chat of this.chats.values()) chat.onResume();
    }
    for (const entry of unanswered) {
      if (entry.message) this._send(entry.message);
    }
  }

  _subscribeFrame(matchId, sub) {
    const id = this._nextId();
    this.pending.set(id, {
      message: null, resolve: (reply) => this.following.toldWhere(matchId, reply),
      reject: () => {},
    });
    this._send({
      type: "subscribe", id, match_id: matchId, after_seq: sub.lastSeq,
      spectate: sub.spectate, views: sub.views,
    });
  }

  _nextId() {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }

  _send(message) {
    if (!this.connected) return false;
    this.socket.send(encode({ v: PROTOCOL_VERSION, ...message }));
    return true;
  }

  // One request; resolves with the reply's result or rejects with a ServerError.
  // A followed match's request goes to its node's socket (following.js).
  request(type, fields = {}) {
    const { message, answer } = this._track(type, fields);
    const link = this.following.route(type, fields);
    if (link) link.send(message);
    else this._send(message); // if offline, _resume sends it after reconnecting
    return answer;
  }

  // A request waiting for its answer (from whichever socket it comes).
  _track(type, fields) {
    const id = this._nextId();
    const message = { type, id, ...fields };
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { message, resolve, reject });
    });
    return { message, answer };
  }

  // Subscribe to a match; `onPush(frame)` gets every push for it. Events are
  // de-duplicated by seq so a resumed stream never shows one twice.
  async subscribe(matchId, { spectate = false, views = true, onPush }) {
    const sub = { spectate, views, lastSeq: 0, onPush };
    this.subscriptions.set(matchId, sub);
    // (following, only this first subscribe asks to be told where instead: a
    // resubscription, after a reconnect or a failed follow, is forwarded)
    const follow = this.following.enabled ? { follow: true } : {};
    let reply = await this.request("subscribe", {
      match_id: matchId, after_seq: 0, spectate, views, ...follow,
    });
    if (reply.subscribed === false) { // (told where, nothing subscribed yet)
      const url = reply.node_url ? new URL(reply.node_url, this.url).href : null;
      const followed = url ? await this.following._follow(matchId, url, false) : null;
      if (followed) return followed;
      reply = await this.request("subscribe", { // (forwarded after all)
        match_id: matchId, after_seq: sub.lastSeq, spectate, views,
      });
    }
    this.following.toldWhere(matchId, reply); // (another node runs it: followed there)
    return reply;
  }

  async unsubscribe(matchId) {
    if (!this.subscriptions.delete(matchId)) return;
    try {
      await this.request("unsubscribe", { match_id: matchId });
    } catch (error) {
      // not_subscribed: the match ended already; nothing to stop
    }
    this.following.unroute(matchId);
  }

  _receive(data) {
    let frame;
    try {
      frame = decode(new Uint8Array(data));
    } catch (error) {
      console.error("undecodable frame", error);
      return;
    }
    if (frame.type === "reply" || (frame.type === "error" && frame.id !== null
                                   && frame.id !== undefined)) {
      const entry = this.pending.get(frame.id);
      if (!entry) return;
      this.pending.delete(frame.id);
      this.following.answered(frame.id);
      if (frame.type === "reply") entry.resolve(frame.result);
      else entry.reject(new ServerError(frame));
      return;
    }
    if (frame.type === "error") {
      console.warn("server error", frame.code, frame.message);
      return;
    }
    if (frame.type === "chat_message" || frame.type === "chat_hidden") {
      this.chats.get(frame.match_id ?? "")?.onPush(frame);
      return;
    }
    const sub = this.subscriptions.get(frame.match_id);
    if (!sub) {
      this.onOtherPush?.(frame); // (not a match's: quick pairing's seek_paired)
      return;
    }
    if (frame.type === "event") {
      if (frame.seq <= sub.lastSeq) return;
      sub.lastSeq = frame.seq;
    } else if (frame.type === "snapshot") {
      sub.lastSeq = frame.seq;
    }
    if (frame.type === "match_over" || (frame.type === "match_status"
                                        && frame.status === "aborted")) {
      this.subscriptions.delete(frame.match_id);
      this.following.unroute(frame.match_id);
    }
    sub.onPush(frame);
    // a match that started or moved on another node: followed there
    if (frame.type === "match_status" && frame.node_url) {
      this.following.toldWhere(frame.match_id, frame);
    }
  }
}
