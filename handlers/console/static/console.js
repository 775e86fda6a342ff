/* The player console (docs/architecture.md "Player console"): one private screen per seat, inside LINE
 * (LIFF), Telegram (Mini App) or the local playground. It reads the viewer's View (GET api/view; the
 * contract is handlers/console/view.py), polls it every few seconds while visible, and posts taps
 * (api/act) and team messages (api/say).
 * Server text is only ever set with textContent. No framework, no build step. */
(function () {
  'use strict';

  var POLL_MS = 3000;
  var FEED_SHOWN = 3;  // newest messages listed; the rest fold into "earlier messages"
  var REFUSED = 'このページを開けません。ゲームのグループにあるリンクから開き直してください。\n' +
    'This page cannot be opened. Please open it again from the link in your game\'s group.';
  var OFFLINE = '通信できませんでした。自動でもう一度試します。\nCould not reach the server; retrying.';
  var script = document.currentScript;
  var base = script ? script.src.replace(/static\/console\.js(\?.*)?$/, '') : '/console/';
  var $ = function (id) { return document.getElementById(id); };

  var st = {
    auth: '', g: null, view: null, path: [], pending: false, stopped: false,
    seq: 0, shown: 0, inflight: false, again: false, poll: 0, sigs: {},
    endsAt: null, zeroAsked: false, regions: null, earlierOpen: false, saying: false, sayTimer: 0, focusNotice: false
  };

  /* ---------- bootstrap: platform, credential, game id ---------- */

  function readConfig() {
    try {
      return JSON.parse($('console-config').textContent);
    } catch (e) {
      if (window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData) return { platform: 'telegram' };
      return { platform: window.liff ? 'line' : 'local' };
    }
  }

  function param(name, search) {
    return new URLSearchParams(search === undefined ? location.search : search).get(name);
  }

  /* LIFF's first redirect carries the original path and query in `liff.state` (e.g. "?g=ab12"). */
  function fromLiffState(name, search) {
    var s = param('liff.state', search);
    if (!s) return null;
    var q = s.indexOf('?');
    return param(name, q >= 0 ? s.slice(q + 1) : s);
  }

  function telegramStart() {
    var app = window.Telegram && window.Telegram.WebApp;
    if (!app) throw new Error('Telegram WebApp is missing');
    app.ready();
    app.expand();
    applyTelegramTheme(app);
    if (app.onEvent) app.onEvent('themeChanged', function () { applyTelegramTheme(app); });
    var start = app.initDataUnsafe && app.initDataUnsafe.start_param;
    return { auth: 'tma ' + (app.initData || ''), g: start || param('g') };
  }

  /* Telegram's SDK sets --tg-theme-* itself; setting them from themeParams also covers older clients. */
  function applyTelegramTheme(app) {
    var root = document.documentElement;
    var p = app.themeParams || {};
    Object.keys(p).forEach(function (k) {
      root.style.setProperty('--tg-theme-' + k.replace(/_/g, '-'), p[k]);
    });
    if (app.colorScheme) {
      root.setAttribute('data-scheme', app.colorScheme);
      root.style.colorScheme = app.colorScheme;
    }
  }

  async function lineStart(cfg) {
    var first = location.search;
    await window.liff.init({ liffId: cfg.liff_id });
    if (!window.liff.isLoggedIn()) {
      window.liff.login();
      return null;
    }
    return {
      auth: 'Bearer ' + (window.liff.getIDToken() || ''),
      g: param('g') || fromLiffState('g') || param('g', first) || fromLiffState('g', first)
    };
  }

  function localStart() {
    return { auth: 'Seat ' + (param('token') || ''), g: param('g') };
  }

  async function start() {
    var cfg = readConfig();
    var who;
    try {
      if (cfg.platform === 'telegram') who = telegramStart();
      else if (cfg.platform === 'line') who = await lineStart(cfg);
      else who = localStart();
    } catch (e) {
      refuse(null);
      return;
    }
    if (!who) return;
    st.auth = who.auth;
    st.g = who.g;
    // The local playground's clock stands still until its advance button moves it: no ticking there, and
    // the playground asks for a fresh view after each of its own inputs.
    st.fixedClock = cfg.clock === 'fixed';
    window.addEventListener('console-refresh', function () { refresh(); });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'visible') refresh();
      else clearTimeout(st.poll);
    });
    setInterval(tick, 1000);
    refresh();
  }

  /* ---------- network ---------- */

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }

  async function call(method, path, body) {
    var headers = { Authorization: st.auth };
    if (body) headers['Content-Type'] = 'application/json';
    var res = await fetch(base + path, {
      method: method, headers: headers, cache: 'no-store', credentials: 'omit',
      body: body ? JSON.stringify(body) : undefined
    });
    var data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return { status: res.status, data: data || {} };
  }

  function viewPath() {
    return 'api/view' + (st.g ? '?g=' + encodeURIComponent(st.g) : '');
  }

  async function refresh() {
    if (st.stopped) return;
    if (st.inflight) { st.again = true; return; }
    clearTimeout(st.poll);
    st.inflight = true;
    var id = ++st.seq;
    try {
      var r = await call('GET', viewPath());
      if (r.status === 401 || r.status === 403 || r.status === 400) refuse(r.data.message);
      else if (r.status === 200 && !st.pending) show(r.data, id);
      else if (r.status !== 200) say(OFFLINE);
    } catch (e) {
      say(OFFLINE);
    } finally {
      st.inflight = false;
    }
    if (st.again) { st.again = false; refresh(); return; }
    if (!st.stopped && document.visibilityState === 'visible') st.poll = setTimeout(refresh, POLL_MS);
  }

  /* Posts one act or say; the buttons stay disabled until the answer is in, so a double tap sends once. */
  async function send(path, body) {
    st.pending = true;
    var id = ++st.seq;
    try {
      var r = await call('POST', path, body);
      if (r.status === 401 || r.status === 403) { refuse(r.data.message); return false; }
      st.pending = false;
      if (r.data.message) say(r.data.message);
      else if (r.status !== 200) say(OFFLINE);
      if (r.data.view) show(r.data.view, id);
      else refresh();
      return r.status === 200 && r.data.ok !== false;
    } catch (e) {
      say(OFFLINE);
      return false;
    } finally {
      st.pending = false;
    }
  }

  /* ---------- rendering ---------- */

  function t(key) { return (st.view && st.view.ui && st.view.ui[key]) || key; }

  // The viewer's standing after their name: nothing while in play, else the game's word for it
  // (me.state: dead, eliminated, out, elected...; me.alive alone from an older server).
  function standing(me) {
    var state = me.state || (me.alive === false ? 'dead' : 'alive');
    return state === 'alive' ? '' : ' · ' + t('state.' + state);
  }

  function el(tag, attrs, text) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }

  function say(text) {
    var n = $('notice');
    n.textContent = '';
    st.saying = true;
    clearTimeout(st.sayTimer);
    /* a fresh text node, so the same answer twice in a row is announced again */
    st.sayTimer = setTimeout(function () {
      st.saying = false;
      n.textContent = text;
      if (st.focusNotice) { st.focusNotice = false; n.focus(); }
    }, 50);
  }

  /* Where focus goes when the buttons it was on are gone: the answer (once it shows), else the phase. */
  function land() {
    if (st.saying) { st.focusNotice = true; return; }
    if ($('notice').textContent) $('notice').focus();
    else $('phase').focus();
  }

  function refuse(message) {
    st.stopped = true;
    st.view = null;
    clearTimeout(st.poll);
    $('top').hidden = true;
    var main = $('main');
    main.textContent = '';
    var box = el('section', { class: 'refusal', role: 'alert' });
    box.appendChild(el('h1', { tabindex: '-1' }, message || REFUSED));
    main.appendChild(box);
    box.firstChild.focus();
  }

  function regions() {
    if (st.regions) return st.regions;
    $('loading').remove();
    var r = {
      actions: el('section', { id: 'actions', class: 'panel', 'aria-labelledby': 'actions-h' }),
      sections: el('div', { id: 'sections' }),
      say: buildSay(),
      afterlife: el('section', { id: 'afterlife', class: 'panel', 'aria-labelledby': 'afterlife-h', hidden: '' }),
      feed: el('section', { id: 'feed', class: 'panel', 'aria-labelledby': 'feed-h' })
    };
    r.actions.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && st.path.length) back();
    });
    Object.keys(r).forEach(function (k) { $('main').appendChild(r[k]); });
    st.regions = r;
    return r;
  }

  function show(view, id) {
    if (id < st.shown || st.stopped) return;
    st.shown = id;
    var old = st.view;
    st.view = view;
    if (old && old.phase_seq !== view.phase_seq) {
      st.path = [];
      $('notice').textContent = '';  // an answer of the last phase says nothing of this one
    }
    var r = regions();
    document.documentElement.lang = view.locale || 'ja';
    document.title = view.title || document.title;
    header(view);
    region('sections', r.sections, [view.sections, view.over, view.table], function () { fillSections(r.sections, view); });
    var lost = region('actions', r.actions, [view.actions, view.prompt, view.waiting, st.path, view.ui], function () { fillActions(r.actions); }) === 'lost';
    region('feed', r.feed, [view.feed, view.ui], function () { fillFeed(r.feed, view); });
    region('afterlife', r.afterlife, [view.afterlife, view.ui], function () { fillAfterlife(r.afterlife, view); });
    fillSay(r.say, view);
    if (view.over) $('main').insertBefore(r.sections, r.actions);
    else if (r.sections.nextSibling !== r.say) $('main').insertBefore(r.sections, r.say);
    if (lost) focusActions();
  }

  /* Rebuilds a region only when its data changed, so polling never steals focus or a half-chosen step;
   * focus inside it goes back to the element of the same id, else the answer is 'lost'. */
  function region(key, node, data, fill) {
    var sig = JSON.stringify(data);
    if (st.sigs[key] === sig) return false;
    st.sigs[key] = sig;
    var had = node.contains(document.activeElement) ? document.activeElement.id || '#' : null;
    node.textContent = '';
    fill();
    var again = had && had !== '#' && $(had);
    if (again && node.contains(again)) again.focus();
    return had && !again ? 'lost' : true;
  }

  function header(view) {
    $('top').hidden = false;
    $('title').textContent = view.title || '';
    $('phase').textContent = view.phase_label || '';
    var paused = $('paused');
    paused.hidden = !view.paused;
    paused.textContent = t('paused');
    var me = view.me || {};
    $('me').textContent = me.name ? (me.seat ? '#' + me.seat + ' ' : '') + me.name +
      standing(me) : '';
    var left = typeof view.seconds_left === 'number' && !view.over ? view.seconds_left : null;
    var endsAt = left === null ? null : Date.now() + left * 1000;
    if (left === null || !st.endsAt || Math.abs(endsAt - st.endsAt) > 1500 || view.paused) st.endsAt = endsAt;
    if (left > 0) st.zeroAsked = false;
    drawClock();
  }

  function drawClock() {
    var view = st.view;
    var box = $('countdown');
    var waiting = $('waiting-left');
    if (!view || st.endsAt === null) { box.hidden = true; if (waiting) waiting.textContent = ''; return 0; }
    var left = view.paused || st.fixedClock ? view.seconds_left : Math.max(0, Math.ceil((st.endsAt - Date.now()) / 1000));
    var minutes = String(Math.floor(left / 60) % 60).padStart(2, '0');
    var hours = Math.floor(left / 3600);  // a long game's phase: up to 48 hours, shown as H:MM:SS
    var shown = (hours ? hours + ':' + minutes : Math.floor(left / 60)) + ':' + String(left % 60).padStart(2, '0');
    box.hidden = false;
    box.textContent = '';
    box.appendChild(el('span', { class: 'label' }, t('time_left') + ' '));
    box.appendChild(document.createTextNode(shown));
    if (waiting) waiting.textContent = ' ' + t('waiting_left') + ' ' + shown;
    return left;
  }

  function tick() {
    if (st.stopped || !st.view || st.view.paused || st.fixedClock) return;
    if (drawClock() === 0 && st.endsAt !== null && !st.zeroAsked) {
      st.zeroAsked = true;
      refresh();
    }
  }

  /* The end screen's result table (View JSON "table", handlers/recap/grid.py): seats, votes, nights. */
  function fillTable(box, g) {
    var sec = el('section', { id: 'sec-table', class: 'panel card-table', 'aria-labelledby': 'sec-table-h' });
    var h = g.headings;
    sec.appendChild(el('h2', { id: 'sec-table-h' }, h.title));
    sec.appendChild(el('p', { class: 'table-result' }, g.result));
    var grid = function (id, head, rows, chosen) {
      var wrap = el('div', { class: 'table-scroll' });
      var table = el('table', { id: id, class: 'recap-table' });
      var tr = el('tr');
      head.forEach(function (c) { tr.appendChild(el('th', {}, c)); });
      table.appendChild(el('thead')).appendChild(tr);
      var body = table.appendChild(el('tbody'));
      rows.forEach(function (row, r) {
        var line = body.appendChild(el('tr'));
        row.forEach(function (c, i) {
          line.appendChild(el(i === 0 ? 'th' : 'td', chosen && chosen(r, i) ? { class: 'chosen' } : {}, c));
        });
      });
      wrap.appendChild(table);
      return wrap;
    };
    sec.appendChild(el('h3', {}, h.seats));
    sec.appendChild(grid('table-seats', [h.seat, h.name, h.role, h.fate, ''], g.seats.map(function (s) {
      return [s.seat, s.name, s.role, s.fate, s.won ? h.won : h.lost];
    }), function (r, i) { return i === 4 && g.seats[r].won; }));
    if (g.votes.length) {
      sec.appendChild(el('h3', {}, h.votes));
      sec.appendChild(grid('table-votes', [h.vote].concat(g.voters, [h.outcome]), g.votes.map(function (v) {
        return [v.label].concat(v.cells, [v.outcome]);
      }), function (r, i) { var c = [''].concat(g.votes[r].cells)[i]; return !!c && c.charAt(0) === '\u2605'; }));
      sec.appendChild(el('p', { class: 'hint' }, g.legend));
    }
    sec.appendChild(el('h3', {}, h.timeline));
    var list = sec.appendChild(el('ul', { class: 'table-nights' }));
    g.nights.forEach(function (n) {
      var item = list.appendChild(el('li'));
      item.appendChild(el('strong', {}, n.label));
      var lines = item.appendChild(el('ul'));
      n.lines.forEach(function (line) { lines.appendChild(el('li', {}, line)); });
    });
    if (g.truncated) sec.appendChild(el('p', { class: 'hint' }, g.truncated));
    box.appendChild(sec);
  }

  function fillSections(box, view) {
    if (view.over && view.table) fillTable(box, view.table);
    var list = (view.sections || []).slice();
    var rank = function (s) { return view.over && s.id === 'recap' ? 0 : s.id === 'card' ? 1 : 2; };
    list.sort(function (a, b) { return rank(a) - rank(b); });
    list.forEach(function (s) {
      var sec = el('section', { id: 'sec-' + s.id, class: 'panel card-' + s.id, 'aria-labelledby': 'sec-' + s.id + '-h' });
      sec.appendChild(el('h2', { id: 'sec-' + s.id + '-h' }, s.title));
      sec.appendChild(el('div', { class: 'text' }, s.text));
      box.appendChild(sec);
    });
  }

  /* The current level of the action tree: st.path holds the labels of the opened nodes. */
  function level() {
    var nodes = (st.view && st.view.actions) || [];
    for (var i = 0; i < st.path.length; i++) {
      var label = st.path[i];
      var next = nodes.filter(function (n) { return n.label === label && n.children; })[0];
      if (!next) { st.path = []; return (st.view && st.view.actions) || []; }
      nodes = next.children;
    }
    return nodes;
  }

  function fillActions(box) {
    var view = st.view;
    var nodes = level();
    box.hidden = !nodes.length && !view.prompt && !view.waiting;
    var inStep = st.path.length > 0;
    box.appendChild(el('h2', { id: 'actions-h', tabindex: '-1' }, inStep ? st.path.join(' › ') : t('actions')));
    if (view.prompt && !inStep) box.appendChild(el('p', { class: 'text prompt' }, view.prompt));
    // Answered while others have not: the same line for every seat that has, with the time left.
    if (view.waiting && !inStep) {
      var line = el('p', { id: 'waiting', class: 'waiting', role: 'status' }, t('waiting'));
      line.appendChild(el('span', { id: 'waiting-left', class: 'left' }));
      box.appendChild(line);
      drawClock();
    }
    if (inStep) box.appendChild(el('p', { class: 'hint' }, t('choose')));
    if (!nodes.length && view.prompt) box.appendChild(el('p', { class: 'hint' }, t('no_actions')));
    var list = el('div', { class: 'buttons' });
    nodes.forEach(function (node) {
      var b = el('button', { type: 'button', class: (node.children ? 'act more' : 'act') + (node.chosen ? ' chosen' : '') }, node.label);
      // The viewer's standing choice (a ballot, a name tapped at night) stays marked until it changes.
      if (node.chosen) {
        b.setAttribute('aria-pressed', 'true');
        b.insertBefore(el('span', { class: 'mark', 'aria-hidden': 'true' }, '✓ '), b.firstChild);
      }
      b.addEventListener('click', function () { choose(node, b); });
      list.appendChild(b);
    });
    box.appendChild(list);
    if (inStep) {
      var bk = el('button', { type: 'button', class: 'back' }, t('back'));
      bk.addEventListener('click', back);
      box.appendChild(bk);
    }
  }

  /* The panel's heading while it has buttons; otherwise focus lands on the answer or the phase. */
  function focusActions() {
    var h = $('actions-h');
    if (h && !$('actions').hidden && $('actions').querySelector('button')) h.focus();
    else land();
  }

  function redrawActions() {
    st.sigs.actions = null;
    show(st.view, st.shown);
    focusActions();
  }

  function back() {
    st.path.pop();
    redrawActions();
  }

  async function choose(node, button) {
    if (st.pending) return;
    if (node.children) {
      st.path.push(node.label);
      redrawActions();
      return;
    }
    var box = $('actions');
    box.setAttribute('aria-busy', 'true');
    button.classList.add('pending');
    box.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
    var before = st.sigs.actions;
    await send('api/act', { g: st.view.game_id, phase_seq: st.view.phase_seq, action: node.action, client_id: uuid() });
    if (st.stopped) return;
    box.removeAttribute('aria-busy');
    if (st.sigs.actions === before) {
      button.classList.remove('pending');
      box.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
      button.focus();
    } else {
      st.path = [];
      redrawActions();
    }
  }

  /* The newest FEED_SHOWN messages, then the earlier ones behind a disclosure that stays as the player
   * left it when a new message rebuilds the list. */
  function fillFeed(box, view) {
    var feed = (view.feed || []).slice().reverse();
    box.appendChild(el('h2', { id: 'feed-h' }, t('feed')));
    if (!feed.length) { box.appendChild(el('p', { class: 'hint' }, t('feed_empty'))); return; }
    box.appendChild(feedList(feed.slice(0, FEED_SHOWN)));
    var earlier = feed.slice(FEED_SHOWN);
    if (!earlier.length) return;
    var more = el('details', { class: 'feed-earlier' });
    more.open = st.earlierOpen;
    more.appendChild(el('summary', { id: 'feed-earlier' }, t('feed_earlier') + ' (' + earlier.length + ')'));
    more.appendChild(feedList(earlier));
    more.addEventListener('toggle', function () { if (more.isConnected) st.earlierOpen = more.open; });
    box.appendChild(more);
  }

  /* The 霊界 tab: its texts, newest first, for a seat out of the table and a spectator. */
  function fillAfterlife(box, view) {
    box.hidden = !view.afterlife;
    if (!view.afterlife) return;
    box.appendChild(el('h2', { id: 'afterlife-h' }, t('afterlife')));
    if (view.read_only) box.appendChild(el('p', { class: 'hint' }, t('read_only')));
    var texts = view.afterlife.slice().reverse();
    if (!texts.length) { box.appendChild(el('p', { class: 'hint' }, t('afterlife_empty'))); return; }
    box.appendChild(feedList(texts));
  }

  function feedList(messages) {
    var list = el('ol', { class: 'feed', reversed: '' });
    messages.forEach(function (m) { list.appendChild(el('li', { class: 'text' }, m.text)); });
    return list;
  }

  function buildSay() {
    var box = el('section', { id: 'say', class: 'panel', 'aria-labelledby': 'say-h', hidden: '' });
    box.appendChild(el('h2', { id: 'say-h' }));
    var form = el('form', { class: 'say' });
    var input = el('input', { id: 'say-text', type: 'text', 'aria-labelledby': 'say-h', enterkeyhint: 'send', autocomplete: 'off' });
    var submit = el('button', { type: 'submit' });
    form.appendChild(input);
    form.appendChild(submit);
    form.addEventListener('submit', async function (e) {
      e.preventDefault();
      var text = input.value.trim();
      if (!text || st.pending) return;
      submit.disabled = true;
      var ok = await send('api/say', { g: st.view.game_id, text: text, client_id: uuid() });
      submit.disabled = false;
      if (ok) input.value = '';
    });
    box.appendChild(form);
    return box;
  }

  function fillSay(box, view) {
    box.hidden = !view.say;
    box.querySelector('h2').textContent = view.say && view.say.channel === 'afterlife' ? t('say_afterlife') : t('say');
    box.querySelector('button').textContent = t('send');
    box.querySelector('input').placeholder = (view.say && view.say.placeholder) || '';
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
