// The local table: a small Discord-like client for the local simulator. No build step.
"use strict";

const params = new URLSearchParams(location.search);
const state = {
  user: params.get("user") || localStorage.getItem("localtable-user") || "alice",
  channel: params.get("channel") || "",
  world: null,
  commands: [],          // [{path, description, options}]
  current: null,         // the chosen command
  shown: new Map(),      // message id -> {json, li}
  names: new Map(),      // user id -> name
  channelNames: new Map(),
  busy: false,          // a command is being sent
  pending: false,       // a button or select is being answered
};

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({user: state.user, ...body}),
  };
  const res = await fetch(path, opts);
  let data = {};
  try { data = await res.json(); } catch (e) { data = {error: `${res.status} ${res.statusText}`}; }
  if (!res.ok && !data.error) data.error = `${res.status} ${res.statusText}`;
  return data;
}

function say(text) { $("status").textContent = text || ""; }

function setUrl() {
  const p = new URLSearchParams({user: state.user});
  if (state.channel) p.set("channel", state.channel);
  if (params.get("lang")) p.set("lang", params.get("lang"));
  history.replaceState(null, "", "?" + p.toString());
  const other = (state.world ? state.world.members : []).find((m) => !m.bot && m.name !== state.user);
  $("new-tab").href = "?user=" + encodeURIComponent(other ? other.name : "bob") + (params.get("lang") ? "&lang=" + LANG : "");
}

// ---------------------------------------------------------------------------- the world
async function loadWorld() {
  // the player's Discord app speaks the page's language: the bot answers them in it
  const w = await api("/api/world?user=" + encodeURIComponent(state.user) + "&locale=" + DISCORD_LOCALE[LANG]);
  if (w.error) { say(w.error); return; }
  const before = state.world ? JSON.stringify(state.world) : "";
  state.world = w;
  state.user = w.me.name;
  localStorage.setItem("localtable-user", state.user);
  if (before === JSON.stringify(w)) return;
  for (const m of w.members) state.names.set(m.id, m.name);
  for (const c of w.channels) state.channelNames.set(c.id, c.name);
  const known = w.channels.some((c) => c.id === state.channel) || state.channel === w.dm;
  if (!known) state.channel = w.channels.length ? w.channels[0].id : w.dm;
  $("guild-name").textContent = w.bot.online ? w.guild.name : t("{guild} (the bot is not connected)", {guild: w.guild.name});
  document.title = `${w.me.name} — ${w.guild.name}`;
  renderUsers(w); renderChannels(w); renderCommands(w); setUrl();
}

function renderUsers(w) {
  const sel = $("user-select");
  sel.replaceChildren(...w.members.filter((m) => !m.bot).map(
    (m) => el("option", {value: m.name, selected: m.name === state.user, text: m.name})));
  $("member-list").replaceChildren(...w.members.map(
    (m) => el("li", {class: "member", text: m.bot ? t("{name} (bot)", {name: m.name})
      : m.name === state.user ? t("{name} (you)", {name: m.name}) : m.name})));
}

function channelLink(id, label) {
  const a = el("a", {href: "?user=" + encodeURIComponent(state.user) + "&channel=" + id, text: label,
    "aria-current": id === state.channel ? "page" : null,
    onclick: (ev) => { ev.preventDefault(); openChannel(id); }});
  a.dataset.channel = id;
  return a;
}

function renderChannels(w) {
  const items = [];
  for (const c of w.channels.filter((c) => !c.thread)) {
    items.push(el("li", {}, channelLink(c.id, "# " + c.name)));
    for (const t of w.channels.filter((t) => t.thread && t.parent === c.id)) {
      items.push(el("li", {class: "thread"}, channelLink(t.id, "🧵 " + t.name)));
    }
  }
  $("channel-list").replaceChildren(...items);
  $("dm-list").replaceChildren(el("li", {}, channelLink(w.dm, t("@ {bot} (your DMs)", {bot: w.bot.name}))));
  const ch = w.channels.find((c) => c.id === state.channel);
  $("channel-title").textContent = ch ? (ch.thread ? "🧵 " : "# ") + ch.name : t("@ {bot} — direct messages", {bot: w.bot.name});
  $("channel-topic").textContent = ch ? (ch.topic || "") : t("Only you ({name}) see these messages.", {name: w.me.name});
}

function openChannel(id) {
  state.channel = id;
  state.shown.clear();
  $("messages").replaceChildren();
  $("sidebar").classList.remove("open");
  $("menu-toggle").setAttribute("aria-expanded", "false");
  renderChannels(state.world); setUrl(); loadMessages();
}

// ---------------------------------------------------------------------------- commands
function flatten(cmd) {
  const out = [];
  const walk = (prefix, description, options) => {
    const subs = (options || []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) { out.push({path: prefix, description, options: options || []}); return; }
    for (const s of subs) walk(prefix + " " + s.name, s.description, s.options);
  };
  walk(cmd.name, cmd.description, cmd.options);
  return out;
}

function renderCommands(w) {
  state.commands = w.commands.flatMap(flatten).sort((a, b) => a.path.localeCompare(b.path));
  $("command-names").replaceChildren(...state.commands.map(
    (c) => el("option", {value: "/" + c.path, label: c.description})));
  chooseCommand();
}

function chooseCommand() {
  const text = $("command-input").value.trim();
  const found = text.startsWith("/") ? state.commands.find((c) => "/" + c.path === text) : null;
  if (found === state.current && found) return;
  state.current = found || null;
  const fields = $("option-fields");
  if (!found) {
    $("command-options").hidden = true; fields.replaceChildren();
    const matches = text.startsWith("/") ? state.commands.filter((c) => ("/" + c.path).startsWith(text)) : [];
    $("command-help").textContent = matches.length && text.length > 1
      ? matches.slice(0, 6).map((c) => "/" + c.path).join("   ") : "";
    return;
  }
  $("command-help").textContent = found.description || "";
  $("command-legend").textContent = t(found.options.length ? "/{path} — options" : "/{path} — no options", {path: found.path});
  fields.replaceChildren(...found.options.map(optionField));
  $("command-options").hidden = !found.options.length;
}

function optionField(o) {
  const id = "opt-" + o.name;
  let input;
  if (o.choices && o.choices.length && !o.autocomplete) {
    input = el("select", {id, name: o.name},
      o.required ? null : el("option", {value: "", text: "—"}),
      ...o.choices.map((c) => el("option", {value: String(c.value), text: c.name})));
  } else if (o.type === 5) {
    input = el("select", {id, name: o.name}, o.required ? null : el("option", {value: "", text: "—"}),
      el("option", {value: "true", text: t("yes")}), el("option", {value: "false", text: t("no")}));
  } else if (o.type === 6 || o.type === 9) {
    input = el("select", {id, name: o.name}, o.required ? null : el("option", {value: "", text: "—"}),
      ...state.world.members.filter((m) => !m.bot).map((m) => el("option", {value: m.id, text: m.name})));
  } else if (o.type === 7) {
    input = el("select", {id, name: o.name}, o.required ? null : el("option", {value: "", text: "—"}),
      ...state.world.channels.map((c) => el("option", {value: c.id, text: "#" + c.name})));
  } else {
    input = el("input", {id, name: o.name, type: (o.type === 4 || o.type === 10) && !o.autocomplete ? "number" : "text",
      min: o.min_value, max: o.max_value, required: !!o.required, autocomplete: "off"});
    if (o.autocomplete) {
      const list = el("datalist", {id: id + "-choices"});
      input.setAttribute("list", list.id);
      let timer = null;
      const complete = () => { clearTimeout(timer); timer = setTimeout(() => autocomplete(o.name, list), 200); };
      input.addEventListener("input", complete);
      input.addEventListener("focus", complete);
      return el("label", {class: "opt", for: id}, el("span", {text: o.name + (o.required ? " *" : "")}),
        input, list, el("span", {class: "desc", text: o.description}));
    }
  }
  return el("label", {class: "opt", for: id}, el("span", {text: o.name + (o.required ? " *" : "")}),
    input, el("span", {class: "desc", text: o.description}));
}

function optionValues() {
  const values = {};
  for (const f of $("option-fields").querySelectorAll("input, select")) {
    if (f.value !== "") values[f.name] = f.value;
  }
  return values;
}

let asked = 0;
async function autocomplete(name, list) {
  if (!state.current) return;
  const mine = ++asked;
  const r = await api("/api/autocomplete", {channel: state.channel, command: state.current.path,
    options: {...optionValues(), [name]: $("opt-" + name).value}, focused: name});
  if (mine !== asked) return;  // the user typed on: a newer answer is coming
  list.dataset.answered = String(mine);
  if (r.error) { say(r.error); return; }
  list.replaceChildren(...r.choices.map((c) => el("option", {value: String(c.value), label: c.name})));
}

async function send(ev) {
  ev.preventDefault();
  const text = $("command-input").value.trim();
  if (!text || state.busy) return;
  state.busy = true; $("send").disabled = true; say("");
  try {
    let r;
    if (state.current) {
      say(t("Sending /{path} …", {path: state.current.path}));
      r = await api("/api/command", {channel: state.channel, command: state.current.path, options: optionValues()});
    } else if (text.startsWith("/")) {
      r = {error: t("No command {text}. Pick one from the list (type / to see them).", {text})};
    } else {
      r = await api("/api/say", {channel: state.channel, content: text});
    }
    if (r.error) { say(r.error); return; }
    say("");
    $("command-input").value = ""; chooseCommand();
    await loadMessages();
  } finally {
    state.busy = false; $("send").disabled = false;
  }
}

// ---------------------------------------------------------------------------- messages
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

function markdown(text) {
  let h = escapeHtml(text || "");
  h = h.replace(/```([\s\S]*?)```/g, (_, c) => "<code>" + c.replace(/^\w*\n/, "") + "</code>");
  h = h.replace(/`([^`\n]+)`/g, "<code>$1</code>");
  h = h.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  h = h.replace(/__([^_]+)__/g, "<u>$1</u>");
  h = h.replace(/(^|[^*])\*([^*\n]+)\*/g, "$1<em>$2</em>");
  h = h.replace(/~~([^~]+)~~/g, "<s>$1</s>");
  h = h.replace(/^-# (.*)$/gm, '<small>$1</small>');
  h = h.replace(/^#{1,3} (.*)$/gm, '<strong>$1</strong>');
  h = h.replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" rel="noopener" target="_blank">$1</a>');
  h = h.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => "<b>@" + escapeHtml(state.names.get(id) || t("someone")) + "</b>");
  h = h.replace(/&lt;#(\d+)&gt;/g, (_, id) => "<b>#" + escapeHtml(state.channelNames.get(id) || t("channel")) + "</b>");
  h = h.replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_, ts, style) => {
    const d = new Date(Number(ts) * 1000);
    if (style === "R") {
      const mins = Math.round((d - Date.now()) / 60000);
      if (LANG !== "en") {  // the browser words it in the page's language
        const abs = Math.abs(mins), [n, unit] = abs >= 1440 ? [mins / 1440, "day"] : abs >= 60 ? [mins / 60, "hour"] : [mins, "minute"];
        return `<time datetime="${d.toISOString()}">${new Intl.RelativeTimeFormat(LANG, {numeric: "auto"}).format(Math.round(n), unit)}</time>`;
      }
      const abs = Math.abs(mins), unit = abs >= 1440 ? [Math.round(abs / 1440), "day"] : abs >= 60 ? [Math.round(abs / 60), "hour"] : [abs, "minute"];
      const span = `${unit[0]} ${unit[1]}${unit[0] === 1 ? "" : "s"}`;
      if (abs < 1) return `<time datetime="${d.toISOString()}">just now</time>`;
      return `<time datetime="${d.toISOString()}">${mins >= 0 ? "in " + span : span + " ago"}</time>`;
    }
    return `<time datetime="${d.toISOString()}">${d.toLocaleString(LANG === "en" ? undefined : LANG)}</time>`;
  });
  h = h.replace(/&lt;(a?):(\w+):\d+&gt;/g, ":$2:");
  return h;
}

function html(tag, cls, source) {
  const node = el(tag, {class: cls});
  node.innerHTML = markdown(source);
  return node;
}

function renderEmbed(e) {
  const box = el("div", {class: "embed"});
  if (e.color !== undefined && e.color !== null) box.style.borderLeftColor = "#" + Number(e.color).toString(16).padStart(6, "0");
  if (e.thumbnail && e.thumbnail.url) box.append(el("img", {class: "thumb", src: e.thumbnail.url, alt: ""}));
  if (e.author && e.author.name) box.append(el("div", {class: "meta", text: e.author.name}));
  if (e.title) box.append(html("h3", "", e.title));
  if (e.description) box.append(html("div", "desc", e.description));
  if (e.fields && e.fields.length) {
    box.append(el("div", {class: "fields"}, ...e.fields.map((f) => el("div", {class: "field" + (f.inline ? " inline" : "")},
      html("b", "", f.name), html("div", "", f.value)))));
  }
  if (e.image && e.image.url) {
    box.append(el("img", {class: "image", src: e.image.url, alt: e.image.description || e.title || t("Image"), loading: "lazy"}));
  }
  if (e.footer && e.footer.text) box.append(el("div", {class: "footer", text: e.footer.text}));
  return box;
}

function emoji(c) {
  return c.emoji ? (c.emoji.id ? ":" + c.emoji.name + ": " : c.emoji.name + " ") : "";
}

function renderComponents(m, rows) {
  const out = [];
  const walk = (items) => {
    for (const c of items || []) {
      if (c.type === 1) {
        const row = el("div", {class: "row"});
        for (const child of c.components || []) row.append(renderComponent(m, child));
        out.push(row);
      } else if (c.type === 10) {
        out.push(html("div", "content", c.content));
      } else if (c.type === 17 || c.type === 9) {
        walk(c.components);
        if (c.accessory) out.push(el("div", {class: "row"}, renderComponent(m, c.accessory)));
      } else if (c.type === 2 || (c.type >= 3 && c.type <= 8)) {
        out.push(el("div", {class: "row"}, renderComponent(m, c)));
      }
    }
  };
  walk(rows);
  return out;
}

function renderComponent(m, c) {
  if (c.type === 2) {
    const label = emoji(c) + (c.label || "");
    if (c.url) return el("a", {href: c.url, target: "_blank", rel: "noopener", text: label});
    return el("button", {type: "button", class: "s" + (c.style || 2), disabled: !!c.disabled || m.loading,
      "data-custom-id": c.custom_id, text: label,
      onclick: (ev) => act(ev.currentTarget, "/api/click", {message: m.id, custom_id: c.custom_id})});
  }
  if (c.type === 3) {
    const multi = (c.max_values || 1) > 1;
    const sel = el("select", {multiple: multi, disabled: !!c.disabled, "data-custom-id": c.custom_id,
      "aria-label": c.placeholder || t("Choose")},
      multi ? null : el("option", {value: "", text: c.placeholder || t("Choose…"), disabled: true, selected: true}),
      ...(c.options || []).map((o) => el("option", {value: o.value, text: emoji(o) + o.label + (o.description ? " — " + o.description : ""),
        selected: !!o.default && multi})));
    const submit = () => act(sel, "/api/select", {message: m.id, custom_id: c.custom_id,
      values: [...sel.selectedOptions].map((o) => o.value).filter((v) => v !== "")});
    if (!multi) { sel.addEventListener("change", submit); return sel; }
    return el("span", {}, sel, el("button", {type: "button", class: "s1", onclick: submit,
      text: t("Choose ({min}–{max})", {min: c.min_values ?? 1, max: c.max_values})}));
  }
  return el("span", {class: "note", text: t("(a control this page cannot show)")});
}

async function act(control, path, body) {
  if (control.disabled || state.pending) return;
  control.disabled = true; state.pending = true; say("");
  try {
    const r = await api(path, {...body});
    if (r.error) say(r.error);
    await loadMessages();
  } finally {
    state.pending = false;
    if (control.isConnected) control.disabled = false;
  }
}

function renderMessage(m) {
  const li = el("li", {class: "msg" + (m.ephemeral ? " ephemeral" : ""), id: "m" + m.id});
  li.dataset.id = m.id;
  if (m.command && m.by) li.append(el("div", {class: "used", text: t("↳ {name} used /{command}", {name: m.by, command: m.command})}));
  li.append(el("div", {class: "meta"}, el("span", {class: "author", text: m.author.name}),
    m.author.bot ? el("span", {class: "botTag", text: "BOT"}) : null,
    el("time", {datetime: new Date(m.time * 1000).toISOString(),
      text: new Date(m.time * 1000).toLocaleTimeString(LANG === "en" ? undefined : LANG)}),
    m.edited ? el("span", {text: " " + t("(edited)")}) : null));
  if (m.loading) li.append(el("div", {class: "note", text: t("{name} is thinking…", {name: m.author.name})}));
  if (m.content) li.append(html("div", "content", m.content));
  for (const e of m.embeds) li.append(renderEmbed(e));
  if (m.files.length) {
    li.append(el("div", {class: "files"}, ...m.files.map((f) => f.image
      ? el("img", {src: f.url, alt: f.description || f.filename, loading: "lazy"})
      : el("a", {href: f.url, text: f.filename}))));
  }
  li.append(...renderComponents(m, m.components));
  if (m.ephemeral) li.append(el("div", {class: "note", text: t("Only you can see this.")}));
  return li;
}

async function loadMessages() {
  if (!state.channel) return;
  const channel = state.channel;
  const r = await api(`/api/messages?user=${encodeURIComponent(state.user)}&channel=${channel}`);
  if (channel !== state.channel) return;
  if (r.error) { say(r.error); return; }
  const list = $("messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
  const ids = new Set(r.messages.map((m) => m.id));
  for (const [id, shown] of state.shown) if (!ids.has(id)) { shown.li.remove(); state.shown.delete(id); }
  let previous = null;
  for (const m of r.messages) {
    const json = JSON.stringify(m);
    const shown = state.shown.get(m.id);
    let li;
    if (shown && shown.json === json) li = shown.li;
    else {
      li = renderMessage(m);
      if (shown) {
        const focused = shown.li.contains(document.activeElement) ? document.activeElement.dataset.customId : null;
        shown.li.replaceWith(li);
        if (focused) { const again = li.querySelector(`[data-custom-id="${CSS.escape(focused)}"]`); if (again) again.focus(); }
      }
      state.shown.set(m.id, {json, li});
    }
    if (!li.isConnected || li.previousElementSibling !== previous) {
      if (previous) previous.after(li); else list.prepend(li);
    }
    previous = li;
  }
  if (!r.messages.length && !list.querySelector(".empty")) {
    list.append(el("li", {class: "empty", text: t("No messages yet. Type / to see the bot's commands — /game new opens a table.")}));
  } else if (r.messages.length) { const e = list.querySelector(".empty"); if (e) e.remove(); }
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------------------- start
function start() {
  translatePage();
  $("command-form").addEventListener("submit", send);
  $("command-input").addEventListener("input", chooseCommand);
  $("user-select").addEventListener("change", (ev) => {
    state.user = ev.target.value; state.world = null; openChannelAfterSwitch();
  });
  $("menu-toggle").addEventListener("click", () => {
    const open = $("sidebar").classList.toggle("open");
    $("menu-toggle").setAttribute("aria-expanded", String(open));
    if (open) $("menu-close").focus();
  });
  const closeMenu = () => {
    if (!$("sidebar").classList.contains("open")) return;
    $("sidebar").classList.remove("open");
    $("menu-toggle").setAttribute("aria-expanded", "false");
    $("menu-toggle").focus();
  };
  $("menu-close").addEventListener("click", closeMenu);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeMenu(); });
  $("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("join-name").value.trim().toLowerCase();
    if (!name) return;
    const r = await api("/api/users", {user: name});
    if (r.error) { say(r.error); return; }
    $("join-name").value = ""; say(t("{name} joined the server; choose them under \"Playing as\".", {name: r.name}));
    await loadWorld();
  });
  loadWorld().then(loadMessages);
  setInterval(() => { if (!document.hidden) loadMessages(); }, 1000);
  setInterval(() => { if (!document.hidden) loadWorld(); }, 3000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) loadWorld().then(loadMessages); });
}

async function openChannelAfterSwitch() {
  const keep = state.channel;
  await loadWorld();
  const stay = state.world && state.world.channels.some((c) => c.id === keep);
  openChannel(stay ? keep : state.channel);
}

document.addEventListener("DOMContentLoaded", start);
