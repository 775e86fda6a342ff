// The seat side of the browser playground (playground.js): everyone at the table as tabs (the seats,
// then the people without a seat), and the chosen one's console in a frame as tall as its page. It shares
// the page's state `ui` and its words `t`.

const $ = (id) => document.getElementById(id);

/** The seat side's functions over the page's `ui` (its `seats`, the chosen `seat`, `state`) and `t`. */
export function seatSide(ui, t) {
  // Everyone at the table: the seats, then the people without a seat, keyed "w<number>" (the API's
  // {"watcher": number}); a seat is its number ({"seat": number}).
  function people(state) {
    const watchers = (state.watchers || []).map((w) => ({ ...w, seat: "w" + w.watcher, watcher: w.watcher }));
    return state.seats.concat(watchers);
  }

  function who() {
    const row = ui.seats.find((s) => s.seat === ui.seat);
    return row && row.watcher ? { watcher: row.watcher } : { seat: ui.seat };
  }

  function seatName(seat) {
    const row = ui.seats.find((s) => s.seat === seat);
    return row ? row.name : "";
  }

  function showTabs(state) {
    const tabs = $("tabs");
    // Rebuilt only when a tab would change: a poll that replaced them under the pointer would lose a click.
    const sig = JSON.stringify([ui.seat, ui.lang, ui.seats.map((s) => [s.seat, s.name, s.person, s.bot, s.owes, s.out, s.watching])]);
    if (ui.tabsSig !== sig) {
      ui.tabsSig = sig;
      const focused = document.activeElement && document.activeElement.dataset.seat;
      tabs.replaceChildren(...ui.seats.map((row) => seatTab(row)));
      if (focused) tabs.querySelector(`[data-seat="${focused}"]`)?.focus();
    }
    const row = ui.seats.find((s) => s.seat === ui.seat);
    $("bot-toggle").checked = Boolean(row.bot);
    $("bot-tool").hidden = Boolean(row.watcher); // a person without a seat has no seat to hand to a bot
    $("seat-panel").setAttribute("aria-labelledby", "tab-" + row.seat);
    const input = $("chat-input");
    input.placeholder = t("chat.placeholder", { name: row.name });
    $("chat-label").textContent = input.placeholder;
    // The seat's 1:1 chat with the bot: what the group answers "send it in the private chat" about.
    const privately = $("private-input");
    // A watcher has no seat to vote with: the box is for the 霊界 (/t), /watch and /unwatch go in the group.
    privately.placeholder = t(row.watcher ? "watcher.private.placeholder" : "private.placeholder", { name: row.name });
    $("private-label").textContent = privately.placeholder;
    $("private-form").hidden = !state.started;
  }

  function seatTab(row) {
    const tab = document.createElement("button");
    const selected = row.seat === ui.seat;
    Object.assign(tab, { type: "button", id: "tab-" + row.seat, tabIndex: selected ? 0 : -1 });
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-selected", String(selected));
    tab.setAttribute("aria-controls", "seat-panel");
    tab.dataset.seat = row.seat;
    const name = document.createElement("span");
    name.textContent = row.watcher ? row.name : t("seat.tab", { seat: row.seat, name: row.name });
    tab.append(name);
    const badges = [];
    if (row.person) badges.push(["you", t("seat.you")]);
    if (row.watching) badges.push(["watching", t("watcher.watching")]);
    if (row.out) badges.push(["out", t("seat.out")]);
    if (row.bot) badges.push(["bot", t("seat.bot")]);
    else if (row.owes) badges.push(["owes", t("seat.owes")]);
    for (const [kind, label] of badges) {
      const badge = document.createElement("span");
      badge.className = "badge " + kind;
      badge.textContent = label;
      tab.append(badge);
    }
    tab.addEventListener("click", () => choose(row.seat));
    tab.addEventListener("keydown", onTabKey);
    return tab;
  }

  function onTabKey(event) {
    const order = ui.seats.map((s) => s.seat);
    const here = order.map(String).indexOf(event.currentTarget.dataset.seat);
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let to = null;
    if (event.key in moves) to = (here + moves[event.key] + order.length) % order.length;
    if (event.key === "Home") to = 0;
    if (event.key === "End") to = order.length - 1;
    if (to === null) return;
    event.preventDefault();
    choose(order[to]);
    $("tabs").querySelector(`[data-seat="${order[to]}"]`)?.focus();
  }

  function choose(seat) {
    ui.seat = seat;
    showTabs(ui.state);
    showConsole(ui.state);
  }

  function showConsole(state) {
    const row = ui.seats.find((s) => s.seat === ui.seat);
    const frame = $("console");
    // A person without a seat has a console only while watching (the service's /watch made them one).
    const shown = state.started && (!row.watcher || row.watching);
    $("console-empty").hidden = state.started;
    $("watcher-hint").hidden = shown || !row.watcher;
    $("watcher-hint").textContent = t("watcher.hint", { name: row.name });
    frame.hidden = !shown;
    if (!shown) return;
    const src = "/console?g=" + encodeURIComponent(state.game_id) + "&token=" + encodeURIComponent(row.token);
    frame.title = t("console", { name: row.name });
    if (ui.shown !== src) {
      ui.shown = src;
      frame.src = src;
    }
  }

  // -- the console's frame ----------------------------------------------------------------------------
  // As tall as the console's page (same origin: a ResizeObserver in the frame's window watches its
  // document), so the console never scrolls inside the page's own scroll; the stylesheet's min-height
  // keeps a short page (loading, a refusal) from collapsing the frame.
  let frameWatch = null;

  function fitFrame() {
    const frame = $("console");
    frameWatch?.disconnect();
    frameWatch = null;
    let doc = null;
    try {
      doc = frame.contentDocument;
    } catch (err) {
      return; // not our origin: keep the stylesheet's height
    }
    if (!doc || !doc.body) return;
    const fit = () => {
      const border = frame.offsetHeight - frame.clientHeight;
      const content = Math.ceil(doc.documentElement.getBoundingClientRect().height);
      frame.style.height = content + border + "px";
    };
    frameWatch = new (frame.contentWindow.ResizeObserver || ResizeObserver)(fit);
    frameWatch.observe(doc.documentElement);
    frameWatch.observe(doc.body);
    fit();
  }

  return { people, who, seatName, showTabs, showConsole, choose, fitFrame };
}
