// Signing in: as a guest (a display name or none), with an account (log in), or
// registering one; the server's refusal is shown under the forms.

import { $ } from "./dom.js";

export function renderLogin(root, app) {
  root.innerHTML = `
    <section class="card narrow" id="login">
      <h2>Play warband</h2>
      <form id="guest-form">
        <h3>As a guest</h3>
        <label>Display name <input name="name" maxlength="32" placeholder="optional"></label>
        <button class="primary" type="submit">Play as guest</button>
      </form>
      <form id="account-form">
        <h3>With an account</h3>
        <label>Username <input name="username" autocomplete="username"></label>
        <label>Password <input name="password" type="password" autocomplete="current-password">
        </label>
        <button class="primary" type="submit" name="login">Log in</button>
        <button type="button" id="register">Register</button>
      </form>
      <p class="status" id="login-status"></p>
    </section>`;
  const status = $(root, "#login-status");
  const attempt = async (work) => {
    status.textContent = "";
    try {
      await work();
    } catch (error) {
      status.textContent = error.message;
    }
  };
  $(root, "#guest-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = e.target.name.value.trim() || null;
    attempt(() => app.signIn("guest", { name }));
  });
  const account = $(root, "#account-form");
  account.addEventListener("submit", (e) => {
    e.preventDefault();
    attempt(() => app.signIn("login", {
      username: account.username.value.trim(), password: account.password.value,
    }));
  });
  $(root, "#register").addEventListener("click", () => attempt(() => app.signIn("register", {
    username: account.username.value.trim(), password: account.password.value,
  })));
}
