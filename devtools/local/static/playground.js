// The browser playground (devtools/local/web.py): the group chat, the seat switcher (hot seat) with the
// chosen seat's console in a frame, the new-game form and the clock. Words come from
// /playground/api/texts (catalog keys local.web.*); the English strings here are only fallbacks. A module
// (strict by itself): the seat tabs and the console's frame are playground-seats.js.
import { seatSide } from "./playground-seats.js";

(() => {
  const API = "/playground/api/";
  const POLL_MS = 1500;
  const MAX_LINE = 1000; // the longest group line the API takes (devtools/local/routes.py MAX_LINE)
  const key = new URLSearchParams(location.search).get("key");
  const $ = (id) => document.getElementById(id);

  const ui = {
    texts: {},
    lang: null,
    games: [],
    langs: [],
    table: null,
    mine: null,
    boot: null,
    gameId: null,
    shown: null,
    next: 0,
    seat: null,
    started: false,
    phase: null,
    answered: false,
    seats: [],
    state: null,
    busy: false,
  };

  const FALLBACK = {
    "error": "That did not work: {message}",
    "offline": "Cannot reach the playground's server.",
    "replaced": "A new game was started in another tab; this page now shows it.",
    "restarted": "The playground's server was restarted: this is a new game.",
    "seat.tab": "{seat} {name}",
    "chat.placeholder": "Send in the group as {name}",
    "private.placeholder": "Send in {name}'s private chat with the bot: /vote 3, /me …",
    "watcher.private.placeholder": "Send in {name}'s private chat with the bot: /t text …",
    "chat.press": "Press as {name}: {label}",
    "chat.stale": "This button is from an earlier moment of the game and can no longer be pressed.",
    "chat.gm": "GM",
    "chat.empty": "No messages yet.",
    "chat.picture": "The result table as a picture",
    "console": "{name}'s screen",
    "clock": "{seconds} seconds to the deadline (each input moves the clock up to {tick} s)",
    "clock.none": "No deadline right now",
    "game_line": "{title} · game {game_id} · seed {seed}",
    "new.players": "Players ({min}-{max})",
  };

  /** The page's word for `name`, with `{field}`s filled from `params`. */
  function t(name, params = {}) {
    const template = ui.texts[name] ?? FALLBACK[name] ?? name;
    return template.replace(/\{(\w+)\}/g, (whole, field) => (field in params ? String(params[field]) : whole));
  }

  async function call(path, body) {
    const headers = { "Accept": "application/json" };
    if (key) headers["X-Playground-Key"] = key;
    const options = { headers, cache: "no-store" };
    if (body !== undefined) {
      options.method = "POST";
      headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(API + path, options);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.message || response.statusText);
    return data;
  }

  function say(text, over = false) {
    const status = $("status");
    status.textContent = text || "";
    status.classList.toggle("over", over);
  }

  // The answer to what a box sent, under that box (`box`: "chat" or "private"), for the person who sent
  // it (`seat`, the tab it was sent from): another tab, or nothing to say, hides it. An answer that comes
  // back after the page moved to another person's tab is not shown there.
  function answer(box, text, seat = ui.seat) {
    const theirs = seat === ui.seat;
    for (const name of ["chat", "private"]) {
      const shown = $(name + "-answer");
      shown.textContent = name === box && theirs ? text || "" : "";
      shown.hidden = !shown.textContent;
    }
    ui.answerSeat = text && theirs ? seat : null;
  }

  // Another person's tab (chosen, or the seat the page moved to) does not show the last one's answer.
  function forgetAnswer() {
    if (ui.answerSeat != null && ui.answerSeat !== ui.seat) answer(null, "");
  }

  /** POST `body` to `path`; its message (or refusal) goes under the box `box` sent it from, else to the bar. */
  async function act(path, body, box = null) {
    if (ui.busy) return null;
    ui.busy = true;
    document.body.setAttribute("aria-busy", "true");
    const seat = ui.seat; // the tab that sent it, whichever tab is open when the answer comes
    try {
      const answered = await call(path, body);
      if (answered.table) ui.mine = answered.table; // this page's own new game: nothing to tell it about
      if (box) answer(box, answered.message, seat);
      else if (answered.message) say(answered.message);
      ui.answered = Boolean(answered.message) && !box;
      await refresh();
      refreshConsole();
      return answered;
    } catch (err) {
      if (box) answer(box, t("error", { message: err.message }), seat);
      else say(t("error", { message: err.message }));
      return null;
    } finally {
      ui.answered = false;
      ui.busy = false;
      document.body.removeAttribute("aria-busy");
    }
  }

  // The console in the frame reads its view again after the playground's own inputs (same origin).
  function refreshConsole() {
    try {
      $("console").contentWindow.dispatchEvent(new Event("console-refresh"));
    } catch (err) {
      // A frame still loading has no console yet: it reads its view when it starts.
    }
  }

  // -- words ----------------------------------------------------------------------------------------
  async function loadTexts(lang) {
    const data = await call("texts?lang=" + encodeURIComponent(lang));
    Object.assign(ui, { texts: data.texts, games: data.games, langs: data.langs, lang });
    document.documentElement.lang = lang;
    document.title = t("title");
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    fillForm();
  }

  function fillForm() {
    const game = $("new-game");
    const chosen = game.value || (ui.state && ui.state.game);
    game.replaceChildren(...ui.games.map((g) => new Option(g.name, g.id)));
    if (chosen) game.value = chosen;
    const lang = $("new-lang");
    lang.replaceChildren(...ui.langs.map((l) => new Option(l.name, l.id)));
    lang.value = ui.lang;
    fitPlayers();
  }

  function fitPlayers() {
    const game = ui.games.find((g) => g.id === $("new-game").value);
    if (!game) return;
    const players = $("new-players");
    players.min = game.min_players;
    players.max = game.max_players;
    const wanted = Number(players.value) || (ui.state ? ui.state.seats.length : 6);
    players.value = Math.min(Math.max(wanted, game.min_players), game.max_players);
    $("new-players-label").textContent = t("new.players", { min: game.min_players, max: game.max_players });
  }

  // -- the table ------------------------------------------------------------------------------------
  async function refresh() {
    let state = await call("state?since=" + ui.next);
    // The game this page showed was replaced without this page asking: say so (a restarted server, or
    // 「新しいゲーム」 in another tab), rather than swap the table silently.
    let notice = null;
    if (ui.boot !== null && state.boot !== ui.boot) notice = t("restarted");
    else if (ui.table !== null && state.table !== ui.table && state.table !== ui.mine) notice = t("replaced");
    if (state.boot !== ui.boot || state.table !== ui.table || state.game_id !== ui.gameId) {
      // A new table (its own log) or the group's next game (a rematch): read the group from the start.
      state = await call("state?since=0");
      $("chat").replaceChildren();
      Object.assign(ui, { boot: state.boot, table: state.table, gameId: state.game_id, shown: null, started: null });
    }
    // The deal reshuffles the seats (a lobby's tab is the join number): back to the person's own seat
    // when the game starts, and whenever the chosen seat is gone.
    const everyone = people(state);
    if (state.started !== ui.started || !everyone.some((s) => s.seat === ui.seat)) {
      const person = state.seats.find((s) => s.person);
      ui.seat = person ? person.seat : state.seats[0].seat;
    }
    forgetAnswer();
    // The last answer belongs to its moment: a new phase or game clears it, unless it is that moment's.
    const phase = state.game_id + ":" + state.phase_seq;
    if (phase !== ui.phase && !ui.answered) say("");
    if (state.locale !== ui.lang) await loadTexts(state.locale);
    Object.assign(ui, { state, seats: everyone, started: state.started, phase });
    showChat(state.chat);
    markLive(state.live);
    ui.next = state.next;
    showBar(state);
    showTabs(state);
    showConsole(state);
    if (notice) say(notice);
  }

  function showBar(state) {
    $("game-line").textContent = t("game_line", { title: state.title, game_id: state.game_id, seed: state.seed });
    const left = state.deadline_at == null ? null : Math.max(0, state.deadline_at - state.now);
    $("clock").textContent = left == null || state.over ? t("clock.none") : t("clock", { seconds: left, tick: state.tick });
    $("advance").disabled = left == null || state.over;
    if (state.over) say(t("over"), true);
    else if (!state.started) say(t("lobby"));
    else if ($("status").classList.contains("over")) say("");
  }

  function showChat(entries) {
    const chat = $("chat");
    chat.querySelector(".empty")?.remove();
    const atEnd = chat.scrollHeight - chat.scrollTop - chat.clientHeight < 40;
    for (const entry of entries) chat.append(chatEntry(entry));
    if (!chat.children.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = t("chat.empty");
      chat.append(empty);
    }
    // Follows new messages only from the bottom: a person reading further up stays where they are.
    if (atEnd) chat.scrollTop = chat.scrollHeight;
  }

  function chatEntry(entry) {
    const item = document.createElement("li");
    item.dataset.n = entry.n;
    if (entry.author) item.className = "said";
    const author = document.createElement("span");
    author.className = "who";
    author.textContent = entry.author || t("chat.gm");
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = entry.text;
    item.append(author, text);
    // The recap's picture and the button to its page (the end's message: OutMessage.photo and link),
    // both served by this server under /recap/.
    if (entry.photo) {
      const picture = document.createElement("a");
      picture.href = entry.photo;
      picture.target = "_blank";
      picture.rel = "noopener";
      const image = document.createElement("img");
      image.className = "photo";
      image.src = entry.photo;
      image.alt = t("chat.picture");
      image.loading = "lazy";
      picture.append(image);
      item.append(picture);
    }
    if (entry.link) {
      const row = document.createElement("div");
      row.className = "buttons";
      const link = document.createElement("a");
      link.className = "link-button";
      link.href = entry.link.url;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = entry.link.label;
      row.append(link);
      item.append(row);
    }
    if (entry.buttons.length) {
      const row = document.createElement("div");
      row.className = "buttons";
      entry.buttons.forEach(({ label, live }, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = label;
        button.dataset.press = entry.n + ":" + index;
        button.addEventListener("click", () => {
          button.title = "";
          act("press", { ...who(), n: entry.n, button: index });
        });
        button.addEventListener("focus", () => {
          button.title = t("chat.press", { name: seatName(ui.seat), label });
        });
        setLive(button, live);
        row.append(button);
      });
      item.append(row);
    }
    return item;
  }

  // A group button from an earlier moment (the lobby's join once the game runs, an old game's rematch)
  // stays shown, disabled, with a title saying why; `live` lists the [n, index] still worth a press.
  function markLive(live) {
    const now = new Set(live.map(([n, index]) => n + ":" + index));
    for (const button of $("chat").querySelectorAll("button[data-press]")) {
      setLive(button, now.has(button.dataset.press));
    }
  }

  function setLive(button, live) {
    if (button.disabled === !live) return;
    button.disabled = !live;
    button.title = live ? "" : t("chat.stale");
  }

  const { people, who, seatName, showTabs, showConsole, choose, fitFrame } = seatSide(ui, t);

  // -- inputs ---------------------------------------------------------------------------------------
  function wire() {
    $("console").addEventListener("load", fitFrame);
    // After the tab's own handler (playground-seats.js choose) has moved ui.seat.
    $("tabs").addEventListener("click", forgetAnswer);
    $("tabs").addEventListener("keydown", forgetAnswer);
    $("chat-input").maxLength = MAX_LINE;
    $("chat-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = $("chat-input");
      if (!input.value.trim()) return;
      const sent = await act("group", { ...who(), text: input.value }, "chat");
      if (sent) {
        input.value = "";
        $("chat").scrollTop = $("chat").scrollHeight;
      }
      input.focus();
    });
    $("private-input").maxLength = MAX_LINE;
    $("private-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = $("private-input");
      if (!input.value.trim()) return;
      if (await act("private", { ...who(), text: input.value }, "private")) input.value = "";
      input.focus();
    });
    $("advance").addEventListener("click", () => act("advance", {}));
    $("bot-toggle").addEventListener("change", (event) => {
      act("seat", { seat: ui.seat, bot: event.currentTarget.checked });
    });
    $("watcher-add").addEventListener("click", async () => {
      const added = await act("watcher", {});
      if (added) choose("w" + added.watcher);
    });
    $("new-open").addEventListener("click", () => openForm(true));
    $("new-cancel").addEventListener("click", () => openForm(false));
    $("new-game").addEventListener("change", fitPlayers);
    $("new-form").addEventListener("keydown", (event) => {
      if (event.key === "Escape") openForm(false);
    });
    $("new-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      const body = { game: form.get("game"), players: Number(form.get("players")), lang: form.get("lang") };
      if (form.get("seed") !== "") body.seed = Number(form.get("seed"));
      if (await act("new", body)) openForm(false);
    });
  }

  function openForm(open) {
    $("new-form").hidden = !open;
    $("new-open").setAttribute("aria-expanded", String(open));
    if (open) {
      fillForm();
      $("new-game").focus();
    } else {
      $("new-open").focus();
    }
  }

  async function poll() {
    try {
      if (!ui.busy && !document.hidden) await refresh();
    } catch (err) {
      say(t("offline"));
    }
    setTimeout(poll, POLL_MS);
  }

  wire();
  poll();
})();
