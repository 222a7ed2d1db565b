// The local table's own words in Polish and Italian (the English is the key). The page speaks the
// language of `?lang=pl|it|en`, else the browser's (its Accept-Language: navigator.languages), else
// English; the bot speaks to that player in it too (the page tells the simulator it is their
// Discord app's language). What the bot sends is the bot's own words, in its catalogs (lang/).
"use strict";

const WORDS = {
  pl: {
    "Skip to messages": "Przejdź do wiadomości",
    "Channels": "Kanały",
    "Local table": "Stół lokalny",
    "Local table — Tabletop Resistance": "Stół lokalny — Tabletop Resistance",
    "Playing as": "Grasz jako",
    "Open another player in a new tab": "Otwórz innego gracza w nowej karcie",
    "Close the channel list": "Zamknij listę kanałów",
    "Direct messages": "Wiadomości prywatne",
    "Players": "Gracze",
    "Add a player": "Dodaj gracza",
    "name": "imię",
    "Add": "Dodaj",
    "Messages": "Wiadomości",
    "Command or message": "Polecenie lub wiadomość",
    "Type / for commands or chat": "Wpisz / po polecenia albo pisz na czacie",
    "Options": "Opcje",
    "Send": "Wyślij",
    "The local table needs JavaScript.": "Stół lokalny wymaga JavaScriptu.",
    "{guild} (the bot is not connected)": "{guild} (bot nie jest połączony)",
    "{name} (bot)": "{name} (bot)",
    "{name} (you)": "{name} (ty)",
    "@ {bot} (your DMs)": "@ {bot} (twoje wiadomości prywatne)",
    "@ {bot} — direct messages": "@ {bot} — wiadomości prywatne",
    "Only you ({name}) see these messages.": "Tylko ty ({name}) widzisz te wiadomości.",
    "/{path} — options": "/{path} — opcje",
    "/{path} — no options": "/{path} — bez opcji",
    "yes": "tak",
    "no": "nie",
    "Sending /{path} …": "Wysyłam /{path} …",
    "No command {text}. Pick one from the list (type / to see them).":
      "Nie ma polecenia {text}. Wybierz jedno z listy (wpisz /, aby je zobaczyć).",
    "someone": "ktoś",
    "channel": "kanał",
    "Image": "Obraz",
    "Choose": "Wybierz",
    "Choose…": "Wybierz…",
    "Choose ({min}–{max})": "Wybierz ({min}–{max})",
    "(a control this page cannot show)": "(element, którego ta strona nie umie pokazać)",
    "↳ {name} used /{command}": "↳ {name} użył(a) /{command}",
    "(edited)": "(edytowano)",
    "{name} is thinking…": "{name} myśli…",
    "Only you can see this.": "Tylko ty to widzisz.",
    "No messages yet. Type / to see the bot's commands — /game new opens a table.":
      "Nie ma jeszcze wiadomości. Wpisz /, aby zobaczyć polecenia bota — /game new otwiera stół.",
    "{name} joined the server; choose them under \"Playing as\".":
      "{name} dołącza do serwera; wybierz tę osobę w polu „Grasz jako”.",
  },
  it: {
    "Skip to messages": "Vai ai messaggi",
    "Channels": "Canali",
    "Local table": "Tavolo locale",
    "Local table — Tabletop Resistance": "Tavolo locale — Tabletop Resistance",
    "Playing as": "Giochi come",
    "Open another player in a new tab": "Apri un altro giocatore in una nuova scheda",
    "Close the channel list": "Chiudi l'elenco dei canali",
    "Direct messages": "Messaggi diretti",
    "Players": "Giocatori",
    "Add a player": "Aggiungi un giocatore",
    "name": "nome",
    "Add": "Aggiungi",
    "Messages": "Messaggi",
    "Command or message": "Comando o messaggio",
    "Type / for commands or chat": "Scrivi / per i comandi o per chattare",
    "Options": "Opzioni",
    "Send": "Invia",
    "The local table needs JavaScript.": "Il tavolo locale richiede JavaScript.",
    "{guild} (the bot is not connected)": "{guild} (il bot non è connesso)",
    "{name} (bot)": "{name} (bot)",
    "{name} (you)": "{name} (tu)",
    "@ {bot} (your DMs)": "@ {bot} (i tuoi messaggi diretti)",
    "@ {bot} — direct messages": "@ {bot} — messaggi diretti",
    "Only you ({name}) see these messages.": "Solo tu ({name}) vedi questi messaggi.",
    "/{path} — options": "/{path} — opzioni",
    "/{path} — no options": "/{path} — nessuna opzione",
    "yes": "sì",
    "no": "no",
    "Sending /{path} …": "Invio di /{path} …",
    "No command {text}. Pick one from the list (type / to see them).":
      "Nessun comando {text}. Scegline uno dall'elenco (scrivi / per vederli).",
    "someone": "qualcuno",
    "channel": "canale",
    "Image": "Immagine",
    "Choose": "Scegli",
    "Choose…": "Scegli…",
    "Choose ({min}–{max})": "Scegli ({min}–{max})",
    "(a control this page cannot show)": "(un controllo che questa pagina non sa mostrare)",
    "↳ {name} used /{command}": "↳ {name} ha usato /{command}",
    "(edited)": "(modificato)",
    "{name} is thinking…": "{name} sta pensando…",
    "Only you can see this.": "Solo tu puoi vederlo.",
    "No messages yet. Type / to see the bot's commands — /game new opens a table.":
      "Ancora nessun messaggio. Scrivi / per vedere i comandi del bot — /game new apre un tavolo.",
    "{name} joined the server; choose them under \"Playing as\".":
      "{name} è entrato nel server; sceglilo in «Giochi come».",
  },
};

const DISCORD_LOCALE = {en: "en-US", pl: "pl", it: "it"};

// The page's language: ?lang=, else the first of the browser's languages the page speaks, else English.
const LANG = (() => {
  const asked = new URLSearchParams(location.search).get("lang");
  const wanted = [asked, ...(navigator.languages || [navigator.language])].filter(Boolean);
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "en" || base in WORDS) return base;
  }
  return "en";
})();

// A text of the page in its language, its {placeholders} filled.
function t(english, values = {}) {
  const text = (WORDS[LANG] || {})[english] || english;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// The page's own words in the HTML: an element's text with `data-t`, its attributes named in `data-t-attr`.
function translatePage() {
  document.documentElement.lang = LANG;
  document.title = t(document.title);
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.textContent.trim());
  for (const node of document.querySelectorAll("[data-t-attr]")) {
    for (const name of node.dataset.tAttr.split(" ")) {
      if (node.hasAttribute(name)) node.setAttribute(name, t(node.getAttribute(name)));
    }
  }
}
