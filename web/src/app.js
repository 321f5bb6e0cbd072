// app.js: the planner page. Everything is SQL against one in-memory SQLite
// database holding sql/gpuadv.sql, kept in a Web Worker (worker.js) so the
// page stays responsive while the views plan: the forms INSERT into (or
// UPDATE) workloads and programs, the plans are rows of best_plans,
// serving_plans, training_plans and program_plans. The forms' fields are
// the tables' columns, read from the database (pragma_table_info, and the
// comments of their CREATE TABLE); what a value may be is for the tables'
// CHECK constraints and the extension to say. The database is kept in
// localStorage (serialized) after every change.
"use strict";

const STORE_KEY = "gpuadv.db";
const $ = sel => document.querySelector(sel);

// ------------------------------------------------------------- the worker

let worker = null, ready = false, nextId = 1;
const pending = new Map();

function call(op, ...args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, {resolve, reject});
    showBusy();
    worker.postMessage({id, op, args});
  });
}

function onWorkerMessage(e) {
  const {id, value, error} = e.data;
  const p = pending.get(id);
  pending.delete(id);
  showBusy();
  if (error !== undefined) p.reject(new Error(error)); else p.resolve(value);
}

// The busy indicator: shown while the worker has work from the page.
function showBusy() {
  const busy = pending.size > 0;
  $("#busy").hidden = !busy;
  document.body.toggleAttribute("data-busy", busy);
  document.body.setAttribute("aria-busy", busy ? "true" : "false");
}

const sql = {
  exec: (text, params = []) => call("exec", text, params).then(r => r.result),
  info: (text, params = []) => call("exec", text, params),
  batch: steps => call("batch", steps),
  async objects(text, params = []) {
    const r = await sql.exec(text, params);
    if (!r) return [];
    return r.rows.map(row => Object.fromEntries(r.columns.map((c, i) => [c, row[i]])));
  },
};

// ------------------------------------------------------------ utilities

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

const REAL = 2;

// A value as the sqlite3 shell prints it (the console): six significant
// digits; a real number keeps a decimal point (80.0).
function fmt(v, type) {
  if (v === null) return "NULL";
  if (typeof v === "number" && !Number.isInteger(v)) return String(Number(v.toPrecision(6)));
  if (type === REAL) return v.toFixed(1);
  return String(v);
}

// A value for a CSV file: every digit JavaScript needs to give it back.
function exact(v, type) {
  if (v === null) return "";
  if (type === REAL && Number.isInteger(v)) return v.toFixed(1);
  return String(v);
}

// ----------------------------------------------------- values for people

const grouped = (v, digits) => v.toLocaleString("en-US", {maximumFractionDigits: digits});

// A number with at most three significant decimals and thousands separators.
function plain(v) {
  const a = Math.abs(v);
  return grouped(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

function money(v) {
  const a = Math.abs(v);
  return (v < 0 ? "-$" : "$") + a.toLocaleString("en-US", a >= 100 ? {maximumFractionDigits: 0}
                                                       : {minimumFractionDigits: 2, maximumFractionDigits: 2});
}

// A column's value for people, by what the column's name says it holds:
// money (usd), durations (_s, _ms, _days, months), speeds (tps), sizes
// (_gb), shares; other numbers with thousands separators.
function human(col, v) {
  if (v === null || v === undefined) return "";
  if (typeof v !== "number") return String(v);
  if (/^(works|feasible|is_\w+)$/.test(col)) return v ? "yes" : "no";
  if (/usd/.test(col)) return money(v);
  if (/_ms$/.test(col)) return plain(v) + " ms";
  if (/(^|_)s$/.test(col)) return plain(v) + " s";
  if (/days$/.test(col)) return plain(v) + (v === 1 ? " day" : " days");
  if (/months$/.test(col)) return plain(v) + (v === 1 ? " month" : " months");
  if (/tps$|tokens_per_s$/.test(col)) return plain(v) + " tok/s";
  if (/_gb$/.test(col)) return plain(v) + " GB";
  if (/(share|utilization|_frac|^mfu)$/.test(col) && v >= 0 && v <= 1) return plain(v * 100) + "%";
  return plain(v);
}

const WORDS = {usd: "USD", gpu: "GPU", gpus: "GPUs", ttft: "TTFT", tpot: "TPOT", tps: "tok/s", gb: "GB",
               mtok: "M tokens", p50: "p50", p95: "p95", n: "number of", mfu: "MFU", kv: "KV", id: "id"};
const UNITS = {s: "(s)", ms: "(ms)"};

// A column name as a header: words, abbreviations in capitals.
function header(col) {
  const parts = col.split("_");
  const last = parts.length > 1 && UNITS[parts[parts.length - 1]];
  if (last) parts.pop();
  const words = parts.map(w => WORDS[w] || w);
  if (last) words.push(last);
  const s = words.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// A result as a table for people: the columns `short` (those present), or
// all of them with `all`; formatted values, readable headers (the column's
// name in the title), and each cell labelled for the phone layout's cards.
function peopleTable(res, {short = null, all = false, limit = 50, cls = ""} = {}) {
  if (!res || !res.rows.length) return el("p", {class: "muted"}, "(no rows)");
  const cols = (all || !short) ? res.columns.slice() : short.filter(c => res.columns.includes(c));
  const idx = cols.map(c => res.columns.indexOf(c));
  const head = el("tr", {}, ...cols.map(c => el("th", {title: c, scope: "col"}, header(c))));
  const body = res.rows.slice(0, limit).map(r => el("tr", {}, ...idx.map((i, k) => {
    const v = r[i];
    return el("td", {class: typeof v === "number" ? "num" : v === null ? "null" : "", "data-label": header(cols[k]),
                     "data-col": cols[k]}, human(cols[k], v));
  })));
  return el("table", {class: "people " + cls}, el("thead", {}, head), el("tbody", {}, ...body));
}

// A result as the sqlite3 shell shows it (the console and the catalogs).
function rawTable(res, limit = 500) {
  if (!res) return el("p", {class: "muted"}, "(no rows)");
  const head = el("tr", {}, ...res.columns.map(c => el("th", {}, c)));
  const body = res.rows.slice(0, limit).map((r, j) =>
    el("tr", {}, ...r.map((v, i) => el("td", {class: typeof v === "number" ? "num" : v === null ? "null" : ""},
                                        fmt(v, res.types[j][i])))));
  const t = el("table", {}, el("thead", {}, head), el("tbody", {}, ...body));
  return el("div", {}, t, el("p", {class: "muted"}, res.rows.length + " row" + (res.rows.length === 1 ? "" : "s") +
      (res.rows.length > limit ? ", first " + limit + " shown" : "")));
}

function csvText(res) {
  const q = s => /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  return [res.columns.map(q).join(",")].concat(
    res.rows.map((r, j) => r.map((v, i) => q(exact(v, res.types[j][i]))).join(","))).join("\r\n") + "\r\n";
}

function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], {type}));
  const a = el("a", {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text), b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

async function save() {
  try {
    localStorage.setItem(STORE_KEY, toBase64(await call("serialize")));
  } catch (e) {
    $("#status").textContent = "Could not keep the database in this browser: " + e.message;
  }
}

const quoteId = c => '"' + c.replace(/"/g, '""') + '"';

// ----------------------------------------------------------------- forms

// Which heading each workloads column goes under. Columns not named here
// (new ones included) go under "advanced"; every column of the table is
// offered, in the order of the table.
const WORKLOAD_GROUPS = [
  ["basic", "Basic", ["name", "kind", "model", "dtype", "mode", "requests_per_min", "prompt_tokens",
                      "output_tokens", "tokens_b", "epochs"], true],
  ["traffic", "Traffic", ["daily_users", "requests_per_user_day", "peak_to_mean", "traffic_profile",
                          "peak_concurrency", "prompt_cv", "output_cv", "prefix_hit"]],
  ["targets", "Targets", ["user_tps", "ttft_s", "ttft_p95_s", "tpot_p95_ms", "max_days", "spare_replicas"]],
  ["cost", "Cost", ["budget_usd", "months", "utilization", "acquire", "dataset_gb", "data_location",
                    "runs_per_month", "storage_gb", "storage_usd_per_gb_month"]],
  ["filters", "Filters", ["offer_glob", "providers", "regions", "countries", "tiers", "allow_spot",
                          "allow_marketplace", "serve_on_spot", "include_flagged_prices"]],
  ["advanced", "Advanced", null],
];

// Units a number field accepts after its number, by what its column's name
// says it holds; the number itself may have thousands separators (1,000),
// a k or M suffix (50k) or be a percentage (70%).
function unitsOf(col) {
  if (col === "requests_per_min") return ["rpm", "/min", "per min", "requests/min", "req/min", "requests per minute"];
  if (col === "requests_per_user_day") return ["/day", "per day", "requests", "requests/day"];
  if (col === "daily_users") return ["users", "users/day", "daily users"];
  if (/usd/.test(col)) return ["usd", "$", "dollars"];
  if (/_ms$/.test(col)) return ["ms"];
  if (/_s$/.test(col)) return ["s", "sec", "seconds"];
  if (/days$/.test(col)) return ["d", "day", "days"];
  if (/months$/.test(col)) return ["month", "months", "mo"];
  if (/hours$/.test(col)) return ["h", "hour", "hours"];
  if (/minutes$/.test(col)) return ["min", "minutes"];
  if (/_gb$/.test(col)) return ["gb"];
  if (col === "tokens_b") return ["b", "billion", "b tokens", "billion tokens"];
  if (/tokens$/.test(col)) return ["tokens", "tok"];
  if (/tps$/.test(col)) return ["tok/s", "tokens/s", "tps"];
  if (/params_b$/.test(col)) return ["b"];
  return [];
}

const MULT = {"": 1, k: 1e3, K: 1e3, M: 1e6};

// A number field's text as SQL gets it: blank is NULL; a number (with
// separators, suffix or unit as unitsOf says) is a number; otherwise
// {error}, a message saying what the field wants.
function parseNumber(col, raw) {
  let s = raw.trim();
  if (s === "") return {value: null};
  s = s.replace(/^\$\s*/, "");
  const m = /^([-+]?(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?(?:[eE][-+]?\d+)?)\s*([kKM%]?)\s*(.*?)\s*$/.exec(s);
  const units = unitsOf(col);
  if (m && /\d/.test(m[1]) && (m[3] === "" || units.includes(m[3].toLowerCase()))) {
    const v = Number(m[1].replace(/,/g, "")) * (m[2] === "%" ? 0.01 : MULT[m[2]]);
    if (isFinite(v)) return {value: v};
  }
  return {error: col + " wants a number, such as 600 or 1,000" +
                 (units.length ? " (a unit may follow: " + units.slice(0, 3).join(", ") + ")" : "") +
                 "; got \u201c" + raw.trim() + "\u201d"};
}

// The comment after each column of a CREATE TABLE: what the column holds,
// as sql/gpuadv.sql documents it.
function columnNotes(createSql) {
  const notes = {};
  let last = null;
  for (const line of (createSql || "").split("\n")) {
    const m = /^\s*"?(\w+)"?\s+(TEXT|REAL|INTEGER|NUMERIC|BLOB)\b[^-]*(?:--\s*(.*))?$/.exec(line);
    if (m) { last = m[1]; if (m[3]) notes[last] = m[3].trim(); continue; }
    const c = /^\s*--\s*(.*)$/.exec(line);
    if (c && last && notes[last]) notes[last] += " " + c[1].trim();
    else last = null;
  }
  return notes;
}

const forms = {};  // table name -> {form, columns: Map(name -> {type}), notes}

// Builds the fields of table's form from the table's columns: those the
// form has in its HTML stay (the basic ones, typeable before the page is
// ready); the others are made here, under the headings of groups.
async function buildForm(form, table, groups) {
  const [cols, create] = await call("many", [
    ["SELECT name, upper(type) AS type, pk FROM pragma_table_info(?) ORDER BY cid", [table]],
    ["SELECT sql FROM sqlite_schema WHERE name = ?", [table]]]);
  const columns = cols.rows.map(([name, type, pk]) => ({name, type, pk}));
  const notes = columnNotes(create && create.rows.length ? create.rows[0][0] : "");
  const info = {form, table, columns: new Map(columns.map(c => [c.name, c])), notes,
                key: (columns.find(c => c.pk) || columns[0]).name};
  forms[table] = info;
  const placed = new Set(groups.flatMap(g => g[2] || []));
  const boxes = form.querySelector(".groups");
  boxes.replaceChildren();
  for (const [id, title, names, open] of groups) {
    const cols = names ? names.filter(n => info.columns.has(n)) : columns.map(c => c.name).filter(n => !placed.has(n));
    const fields = cols.filter(n => !form.elements[n]).map(n => field(info, n));
    if (!fields.length && id !== "basic") continue;
    if (id === "basic") {
      form.querySelector(".basic").append(...fields);
    } else {
      boxes.append(el("details", {class: "group", "data-group": id, open: open || undefined},
                      el("summary", {}, title + " ", el("small", {class: "muted"}, cols.join(", "))), ...fields));
    }
  }
  for (const [name, c] of info.columns) {
    const input = form.elements[name];
    if (input && notes[name] && !input.title) input.title = notes[name];
    if (input && ["REAL", "INTEGER"].includes(c.type)) input.setAttribute("inputmode", "decimal");
  }
}

function field(info, name) {
  const id = "f-" + info.table + "-" + name;
  const note = info.notes[name];
  return el("div", {class: "row"},
    el("label", {for: id, title: name}, header(name)),
    el("input", {id, name, title: note || name, list: info.table === "workloads" && name === "traffic_profile" ? "profile-list" :
                 info.table === "programs" && /workload$/.test(name) ? "workload-list" : undefined,
                 inputmode: ["REAL", "INTEGER"].includes(info.columns.get(name).type) ? "decimal" : undefined}),
    note ? el("small", {class: "help"}, name + ": " + note) : null,
    el("span", {class: "err", "data-for": name}));
}

// The form's values as a row: {row, errors}. Every column the form has is
// in the row (blank is NULL), so an UPDATE sets exactly the form's columns.
function readForm(info) {
  const row = {}, errors = [];
  for (const [name, c] of info.columns) {
    const input = info.form.elements[name];
    if (!input) continue;
    const raw = input.value;
    if (name === info.key) { row[name] = raw.trim(); continue; }
    if (["REAL", "INTEGER"].includes(c.type)) {
      const p = parseNumber(name, raw);
      if (p.error) errors.push([name, p.error]); else row[name] = p.value;
    } else row[name] = raw.trim() === "" ? null : raw.trim();
  }
  return {row, errors};
}

// The field an error message is about: the first column name that appears
// in it as a word ("CHECK constraint failed: budget_usd must be > 0").
function fieldOf(info, message) {
  let best = null, at = Infinity;
  for (const f of info.columns.keys()) {
    if (!info.form.elements[f]) continue;
    const m = new RegExp("(^|[^A-Za-z0-9_])" + f + "([^A-Za-z0-9_]|$)").exec(message);
    if (m && m.index < at) { best = f; at = m.index; }
  }
  return best || "form";
}

function showError(form, name, message) {
  const span = form.querySelector('.err[data-for="' + name + '"]') || form.querySelector('.err[data-for="form"]');
  span.textContent = message;
  const input = form.querySelector('[name="' + name + '"]');
  if (input) {
    input.setAttribute("aria-invalid", "true");
    const details = input.closest("details");
    if (details) details.open = true;
  }
}

function clearErrors(form) {
  form.querySelectorAll(".err").forEach(s => s.textContent = "");
  form.querySelectorAll("[aria-invalid]").forEach(i => i.removeAttribute("aria-invalid"));
}

// INSERT the row, or UPDATE the columns of the row (all the form has) when
// one with the same key exists; then the steps in `after`; atomically.
async function upsert(info, row, after = []) {
  const cols = Object.keys(row);
  const key = info.key;
  const exists = (await sql.objects("SELECT 1 AS x FROM " + quoteId(info.table) + " WHERE " + quoteId(key) + " = ?",
                                    [row[key]])).length > 0;
  const step = exists
    ? ["UPDATE " + quoteId(info.table) + " SET " + cols.filter(c => c !== key).map((c, i) => quoteId(c) + " = ?" + (i + 2)).join(", ") +
       " WHERE " + quoteId(key) + " = ?1", [row[key]].concat(cols.filter(c => c !== key).map(c => row[c]))]
    : ["INSERT INTO " + quoteId(info.table) + "(" + cols.map(quoteId).join(", ") + ") VALUES (" +
       cols.map((_, i) => "?" + (i + 1)).join(", ") + ")", cols.map(c => row[c])];
  return sql.batch([step].concat(after));
}

// ------------------------------------------------------------ workloads

let current = null, touched = false;
const planCache = new Map();  // workload -> {best, plans, kind}
let bestAll = null;

function invalidate() { planCache.clear(); bestAll = null; }

// One workload's rows of best_plans in place of those bestAll had (a
// workload's plans depend on its own row only; programs are apart), so a
// Plan does not plan every other workload again.
function mergeBest(name, best) {
  if (!bestAll) return;
  const i = bestAll.columns.indexOf("workload");
  const keep = pairsOf(bestAll).filter(([r]) => r[i] !== name);
  const all = keep.concat(best ? pairsOf(best) : []).sort((a, b) => a[0][i] < b[0][i] ? -1 : a[0][i] > b[0][i] ? 1 : 0);
  bestAll = resultOf(bestAll.columns, all);
}

// A result's rows as [row, types] pairs, and a result of such pairs.
const pairsOf = res => res.rows.map((r, j) => [r, res.types[j]]);
const resultOf = (columns, pairs) => ({columns, rows: pairs.map(x => x[0]), types: pairs.map(x => x[1])});

// The rows of a result whose workload is name.
function rowsOf(res, name) {
  const i = res.columns.indexOf("workload");
  return resultOf(res.columns, pairsOf(res).filter(([r]) => r[i] === name));
}

// The start of a form's submit: the page stays, the last errors go, and
// the form is read ({row, errors}); null while the database is not ready.
function startSubmit(ev, info) {
  ev.preventDefault();
  if (!ready) return null;
  clearErrors(info.form);
  return readForm(info);
}

// Shows the errors beside their fields; true when there were any.
function showErrors(form, errors) {
  if (!errors.length) return false;
  for (const [f, m] of errors) showError(form, f, m);
  focusError(form);
  return true;
}

async function submitWorkload(ev) {
  const info = forms.workloads, form = info.form;
  const read = startSubmit(ev, info);
  if (!read) return;
  const {row, errors} = read;
  const config = form.elements.config.value.trim();
  if (config && row.model) errors.push(["config", "give a model name or a config.json, not both"]);
  else if (config) row.model = config;
  if (!row.name) errors.push(["name", "name: give the workload a name"]);
  if (showErrors(form, errors)) return;
  const button = $("#plan");
  button.disabled = true;
  try {
    const kind = row.kind === "serve" ? "serving_plans" : "training_plans";
    // Before the first plan of the page no workload's best plan is kept:
    // every workload's is asked for once, as the plans' view shows them
    // all next, rather than this one's now and all of them again then.
    const first = !bestAll;
    const [, bestRows, plans] = await upsert(info, row, [
      first ? ["SELECT * FROM best_plans ORDER BY workload", []]
            : ["SELECT * FROM best_plans WHERE workload = ?", [row.name]],
      ["SELECT * FROM " + kind + " WHERE workload = ? ORDER BY rank", [row.name]]]);
    const best = first ? rowsOf(bestRows, row.name) : bestRows;
    if (first) bestAll = bestRows; else mergeBest(row.name, best);
    planCache.set(row.name, {best, plans, kind: row.kind});
    current = row.name;
    await save();
    await renderWorkloads();
    await renderPlans();
    await showConfigRead(config);
  } catch (e) {
    const f = config && /config/.test(e.message) ? "config" : fieldOf(info, e.message);
    showError(form, f === "model" && config ? "config" : f, e.message);
    focusError(form);
  } finally {
    button.disabled = false;
  }
}

function focusError(form) {
  const bad = form.querySelector("[aria-invalid]");
  if (bad) bad.focus();
}

// What the extension read from a pasted config.json (model_spec).
async function showConfigRead(config) {
  const out = $("#config-read");
  if (!config) { out.textContent = ""; return; }
  const m = (await sql.objects("SELECT name, params_b, active_params_b, layers, n_experts FROM model_spec(?)", [config]))[0];
  out.textContent = m ? "Read by the extension: " + m.name + ", " + plain(m.params_b) + "B parameters" +
    (m.active_params_b && m.active_params_b < m.params_b ? " (" + plain(m.active_params_b) + "B active)" : "") +
    ", " + m.layers + " layers" + (m.n_experts ? ", " + m.n_experts + " experts" : "") + "." : "";
}

// Puts a row in the form: every field the form has, blank where the row
// has none.
function fillForm(info, values) {
  const form = info.form;
  clearErrors(form);
  for (const name of info.columns.keys()) {
    const input = form.elements[name];
    if (!input) continue;
    const v = values[name];
    input.value = v === undefined || v === null ? "" : v;
  }
  if (form.elements.config) {
    const model = values.model;
    const isConfig = typeof model === "string" && /^\s*\{/.test(model);
    form.elements.config.value = isConfig ? model : "";
    if (isConfig) form.elements.model.value = "";
    $("#config-read").textContent = "";
  }
  for (const d of form.querySelectorAll("details.group"))
    if ([...d.querySelectorAll("input")].some(i => i.value !== "")) d.open = true;
}

const EXAMPLES = {
  serve70b: {name: "70b-chat", kind: "serve", model: "llama-3.1-70b", requests_per_min: 60,
             prompt_tokens: 1000, output_tokens: 300, user_tps: 40},
  qlora70b: {name: "70b-qlora", kind: "finetune", model: "llama-3.1-70b", mode: "qlora",
             tokens_b: 1, epochs: 3},
  pretrain13b: {name: "13b-pretrain", kind: "train", model: "llama-2-13b", mode: "full",
                tokens_b: 260, epochs: 1, budget_usd: 2000000},
  users8b: {name: "8b-assistant", kind: "serve", model: "llama-3.1-8b", dtype: "fp8", daily_users: 20000,
            requests_per_user_day: 20, traffic_profile: "chat-burstgpt", prompt_tokens: 1000, output_tokens: 300,
            user_tps: 30, ttft_s: 0.5, months: 12},
};

async function renderWorkloads() {
  const ul = $("#workloads");
  const rows = await sql.objects("SELECT name, kind, model FROM workloads ORDER BY name");
  ul.replaceChildren();
  if (!rows.length) ul.append(el("li", {class: "muted"}, "none yet: fill the form or pick an example"));
  for (const w of rows) {
    const model = w.model && /^\s*\{/.test(w.model) ? "config.json" : w.model;
    ul.append(el("li", {class: w.name === current ? "current" : ""},
      el("button", {type: "button", class: "link", onclick: async () => { current = w.name; await renderWorkloads(); await renderPlans(); }},
         w.name), " " + w.kind + (model ? ", " + model : "") + " ",
      el("button", {type: "button", class: "small", title: "put in the form", onclick: async () =>
        fillForm(forms.workloads, (await sql.objects("SELECT * FROM workloads WHERE name = ?", [w.name]))[0])}, "edit"),
      el("button", {type: "button", class: "small", title: "delete", onclick: async () => {
        try {
          await sql.batch([["DELETE FROM workloads WHERE name = ?", [w.name]]]);
        } catch (e) { $("#status").textContent = "Could not delete " + w.name + ": " + e.message; return; }
        mergeBest(w.name, null); planCache.delete(w.name); await save();
        if (current === w.name) current = null;
        await renderWorkloads(); await renderPlans(); await renderPrograms(); }}, "delete")));
  }
  $("#workload-list").replaceChildren(...rows.map(w => el("option", {value: w.name}, w.kind)));
}

const SHORT = {
  best: ["workload", "offer", "works", "n_gpus", "total_usd", "usd_per_hour", "usd_per_mtok", "reason"],
  serve: ["rank", "offer", "why_not", "gpu", "n_gpus", "usd_per_hour", "usd_per_mtok", "ttft_p50_s",
          "tpot_p50_ms", "tps_per_user"],
  train: ["rank", "offer", "why_not", "gpu", "n_gpus", "total_usd", "wall_days"],
  program: ["program", "rank", "plan", "total_usd", "budget_usd", "train_offer", "train_days", "serve_offer",
            "serve_gpus", "works", "why_not"],
};

async function renderPlans() {
  const all = $("#all-cols").checked;
  const names = (await sql.objects("SELECT name FROM workloads ORDER BY name")).map(r => r.name);
  if (!names.includes(current)) current = names[0] || null;
  if (names.length && !bestAll) bestAll = await sql.exec("SELECT * FROM best_plans ORDER BY workload");
  $("#best").replaceChildren(names.length ? peopleTable(bestAll, {short: SHORT.best, all, cls: "cards"}) : "");
  if (!current) {
    $("#plans-for").textContent = "";
    $("#reason").textContent = "Add a workload to see its plans.";
    $("#rate").textContent = "";
    $("#plot").replaceChildren();
    $("#top").replaceChildren();
    return;
  }
  const name = current;
  let p = planCache.get(name);
  if (!p) {
    const kind = (await sql.objects("SELECT kind FROM workloads WHERE name = ?", [name]))[0].kind;
    const [best, plans] = await Promise.all([
      sql.exec("SELECT * FROM best_plans WHERE workload = ?", [name]),
      sql.exec("SELECT * FROM " + (kind === "serve" ? "serving_plans" : "training_plans") +
               " WHERE workload = ? ORDER BY rank", [name])]);
    p = {best, plans, kind};
    planCache.set(name, p);
  }
  if (current !== name) return;
  const serve = p.kind === "serve";
  const w = (await sql.objects("SELECT i.*, w.output_tokens AS out FROM workload_inputs i JOIN workloads w USING (name) " +
                               "WHERE name = ?", [name]))[0] || {};
  $("#plans-for").textContent = "for " + name;
  const best = p.best && p.best.rows.length ? Object.fromEntries(p.best.columns.map((c, i) => [c, p.best.rows[0][i]])) : null;
  $("#reason").replaceChildren(best ? el("span", {},
      el("strong", {id: "top-offer"}, best.offer === null ? "no plan" : best.offer), ": " + (best.reason ?? "")) : "no plan");
  $("#rate").textContent = serve && w.requests_per_min ? "Planned for " + plain(w.requests_per_min) + " requests a minute on average" +
    (w.peak_factor ? ", peaks " + plain(w.peak_factor) + " times that" : "") + "." : "";
  $("#top").replaceChildren(peopleTable(p.plans, {short: serve ? SHORT.serve : SHORT.train, all, limit: 10, cls: "cards"}));
  $("#plot").replaceChildren(plot(p.plans, serve, w));
}

// -------------------------------------------------------------- programs

async function submitProgram(ev) {
  const info = forms.programs, form = info.form;
  const read = startSubmit(ev, info);
  if (!read) return;
  const {row, errors} = read;
  if (!row.name) errors.push(["name", "name: give the program a name"]);
  if (showErrors(form, errors)) return;
  try {
    await upsert(info, row, [["SELECT * FROM program_plans WHERE program = ?", [row.name]]]);
    await save();
    await renderPrograms();
  } catch (e) {
    showError(form, fieldOf(info, e.message), e.message);
    focusError(form);
  }
}

async function renderPrograms() {
  const ul = $("#programs");
  const rows = await sql.objects("SELECT name, train_workload, serve_workload FROM programs ORDER BY name");
  ul.replaceChildren(...rows.map(p => el("li", {}, p.name + ": " + p.train_workload + ", then " + p.serve_workload + " ",
    el("button", {type: "button", class: "small", onclick: async () =>
      fillForm(forms.programs, (await sql.objects("SELECT * FROM programs WHERE name = ?", [p.name]))[0])}, "edit"),
    el("button", {type: "button", class: "small", onclick: async () => {
      await sql.batch([["DELETE FROM programs WHERE name = ?", [p.name]]]); await save(); await renderPrograms(); }}, "delete"))));
  $("#program-plans").replaceChildren(rows.length ? peopleTable(
    await sql.exec("SELECT * FROM program_plans WHERE rank <= 3 ORDER BY program, rank"),
    {short: SHORT.program, all: $("#all-cols").checked, cls: "cards"}) : "");
}

// ----------------------------------------------------------------- plot

// Tick values of a log axis from 10^lo to 10^hi: powers of ten, and 2 and
// 5 times them when the range spans less than two decades.
function logTicks(lo, hi) {
  const steps = hi - lo < 2 ? [1, 2, 5] : [1];
  const out = [];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++)
    for (const m of steps) {
      const v = m * 10 ** e;
      if (Math.log10(v) >= lo && Math.log10(v) <= hi) out.push(v);
    }
  return out;
}

// A tick label: 1k, 20k, 1M; small numbers as they are.
function short(v) {
  const a = Math.abs(v);
  if (a >= 1e9) return Number((v / 1e9).toPrecision(3)) + "B";
  if (a >= 1e6) return Number((v / 1e6).toPrecision(3)) + "M";
  if (a >= 1e3) return Number((v / 1e3).toPrecision(3)) + "k";
  return String(Number(v.toPrecision(3)));
}

// Cost against time, log-log: serving plans by $/hour against the seconds
// one answer takes (first token + output tokens at the per-user speed: the
// simulated medians at the planned load where the simulator ran, else a
// full batch's speed and one prompt's prefill); training plans by total
// USD against wall-clock days. Plans that work are blue, the others grey;
// the Pareto frontier joins the plans that work and that no other working
// plan beats on both axes. Drawn at the width it has (text at 12 px).
function plot(res, serve, w) {
  const NS = "http://www.w3.org/2000/svg";
  const s = (tag, attrs, ...kids) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  };
  const div = el("div", {class: "plot"});
  if (!res || !res.rows.length) return div;
  const col = name => res.columns.indexOf(name);
  const iOffer = col("offer"), iWhy = col("why_not"), iRank = col("rank");
  const out = w.out || 0;
  const pts = res.rows.map(r => {
    const o = Object.fromEntries(res.columns.map((c, i) => [c, r[i]]));
    const x = !serve ? o.wall_days
      : o.tpot_p50_ms > 0 ? (o.ttft_p50_s || 0) + out * o.tpot_p50_ms / 1000
      : o.tps_per_user > 0 ? (o.ttft_s || 0) + out / o.tps_per_user : null;
    const y = serve ? o.usd_per_hour : o.total_usd;
    return {x, y, offer: r[iOffer], works: iWhy >= 0 && r[iWhy] === null, rank: r[iRank]};
  }).filter(p => p.x > 0 && p.y > 0 && isFinite(p.x) && isFinite(p.y));
  if (!pts.length) return div;
  const avail = $("#plot").clientWidth || 640;
  const W = Math.max(300, Math.min(640, avail)), H = Math.round(Math.max(240, W * 0.56));
  const L = 58, R = 12, T = 12, B = 44;
  const lx = pts.map(p => Math.log10(p.x)), ly = pts.map(p => Math.log10(p.y));
  let x0 = Math.min(...lx), x1 = Math.max(...lx), y0 = Math.min(...ly), y1 = Math.max(...ly);
  if (x1 - x0 < 0.2) { x0 -= 0.1; x1 += 0.1; }
  if (y1 - y0 < 0.2) { y0 -= 0.1; y1 += 0.1; }
  const px = (x1 - x0) * 0.03, py = (y1 - y0) * 0.04;  // keep points off the frame
  x0 -= px; x1 += px; y0 -= py; y1 += py;
  const X = v => L + (Math.log10(v) - x0) / (x1 - x0) * (W - L - R);
  const Y = v => H - B - (Math.log10(v) - y0) / (y1 - y0) * (H - T - B);
  const svg = s("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
                        "aria-label": serve ? "dollars per hour against seconds per answer" : "total dollars against days"});
  svg.append(s("rect", {x: L, y: T, width: W - L - R, height: H - T - B, class: "frame"}));
  const xt = logTicks(x0, x1), yt = logTicks(y0, y1);
  const every = (list, room) => list.filter((_, i) => i % Math.max(1, Math.ceil(list.length * room / (W - L - R))) === 0);
  for (const v of every(xt, 44)) {
    svg.append(s("line", {x1: X(v), x2: X(v), y1: T, y2: H - B, class: "grid"}),
               s("text", {x: X(v), y: H - B + 16, "text-anchor": "middle", class: "tick"}, short(v)));
  }
  for (const v of yt) {
    svg.append(s("line", {x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: "grid"}),
               s("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end", class: "tick"}, "$" + short(v)));
  }
  svg.append(s("text", {x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", class: "axis"},
               serve ? (W < 500 ? "seconds per answer, log" : "seconds per answer at the planned load (first token + " + out +
                        " tokens, medians), log") : "wall-clock days, log"),
             s("text", {x: 14, y: (T + H - B) / 2, "text-anchor": "middle", class: "axis",
                        transform: `rotate(-90 14 ${(T + H - B) / 2})`}, serve ? "USD per hour, log" : "total USD, log"));
  const front = [];
  for (const p of pts.filter(p => p.works).sort((a, b) => a.x - b.x || a.y - b.y))
    if (!front.length || p.y < front[front.length - 1].y) front.push(p);
  for (const p of pts.slice().sort((a, b) => a.works - b.works)) {
    const c = s("circle", {cx: X(p.x), cy: Y(p.y), r: p.rank === 1 ? 6 : 3.5,
                           class: (p.works ? "works" : "not") + (p.rank === 1 ? " best" : "")});
    c.append(s("title", {}, `${p.offer} (rank ${p.rank}): ${plain(p.x)} ${serve ? "s" : "days"}, ${money(p.y)}${p.works ? "" : ", does not work"}`));
    svg.append(c);
  }
  if (front.length) {
    svg.append(s("polyline", {points: front.map(p => X(p.x) + "," + Y(p.y)).join(" "), class: "front"}));
    for (const p of front) svg.append(s("circle", {cx: X(p.x), cy: Y(p.y), r: 7, class: "front-pt"}));
  }
  div.append(svg, el("p", {class: "legend"},
    el("span", {class: "key works"}, "●"), " works ", el("span", {class: "key not"}, "●"), " does not ",
    el("span", {class: "key front"}, "◯"), " Pareto frontier (" + front.length + " plans) ",
    el("span", {class: "key best"}, "●"), " rank 1"));
  return div;
}

// -------------------------------------------------------------- console

let lastResult = null;

const CONSOLE_EXAMPLES = [
  ["The best plan of every workload", "SELECT workload, kind, offer, works, reason FROM best_plans;"],
  ["Top 5 serving plans", "SELECT workload, rank, offer, why_not, usd_per_hour, ttft_p50_s, tpot_p50_ms\nFROM serving_plans WHERE rank <= 5 ORDER BY workload, rank;"],
  ["Top 5 training plans", "SELECT workload, rank, offer, why_not, total_usd, wall_days\nFROM training_plans WHERE rank <= 5 ORDER BY workload, rank;"],
  ["Train, then serve", "SELECT program, rank, plan, total_usd, train_offer, serve_offer, why_not\nFROM program_plans WHERE rank <= 3;"],
  ["GPUs by memory bandwidth", "SELECT name, vendor, memory_gb, mem_bw_gbs, bf16_tflops, price_usd\nFROM gpus ORDER BY mem_bw_gbs DESC LIMIT 20;"],
  ["Weights of a 70B model by dtype", "SELECT d.value AS dtype, model_weights_gb('llama-3.1-70b', d.value) AS gb\nFROM json_each('[\"fp32\",\"bf16\",\"fp8\",\"int4\"]') d;"],
  ["Decode speed of llama-3.1-8b on an H100", "SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 32) AS tokens_per_s;"],
  ["Traffic profiles", "SELECT name, group_concat(round(weight, 3), ' ') AS hourly_weights\nFROM traffic_profiles GROUP BY name;"],
  ["Rent or buy", "SELECT * FROM rent_vs_buy LIMIT 20;"],
  ["Your rental quotes", "SELECT * FROM rental_quotes;"],
  ["Functions of the extension", "SELECT DISTINCT name FROM pragma_function_list\nWHERE name LIKE 'model%' OR name LIKE '%_gb' OR name LIKE '%tps' ORDER BY name;"],
];

// Runs the console's SQL; the plans are drawn again only when a statement
// could have changed the database.
async function runConsole() {
  $("#sql-error").textContent = "";
  try {
    const {result, wrote} = await sql.info($("#sql").value);
    lastResult = result;
    $("#result").replaceChildren(rawTable(result));
    $("#csv").disabled = !result;
    if (wrote) await afterChange();
  } catch (e) {
    $("#sql-error").textContent = e.message;
  }
}

async function afterChange() {
  invalidate();
  await save();
  await renderWorkloads();
  await renderPlans();
  await renderPrograms();
  await renderQuotes();
}

// ---------------------------------------------------------------- data

async function renderQuotes() {
  $("#quotes").replaceChildren(rawTable(await sql.exec("SELECT * FROM rental_quotes ORDER BY provider, name")));
}

async function loadQuotes() {
  const err = document.querySelector('.err[data-for="quotes"]');
  err.textContent = "";
  $("#quotes-msg").textContent = "";
  const file = $("#quotes-file").files[0];
  const text = file ? await file.text() : $("#quotes-csv").value;
  try {
    await sql.batch([["DROP TABLE IF EXISTS temp.csv_quotes"],
                     ["CREATE VIRTUAL TABLE temp.csv_quotes USING gpuadv_csv(data='" + text.replace(/'/g, "''") + "')"]]);
    const have = new Set((await sql.objects("SELECT name FROM pragma_table_info('rental_quotes')")).map(r => r.name));
    const cols = (await sql.objects("SELECT name FROM pragma_table_info('csv_quotes', 'temp')"))
      .map(r => r.name).filter(c => have.has(c)).map(quoteId);
    if (!cols.length) throw new Error("no column of the CSV is a column of rental_quotes");
    const [, n] = await sql.batch([
      ["INSERT INTO rental_quotes(" + cols.join(", ") + ") SELECT " + cols.join(", ") + " FROM temp.csv_quotes"],
      ["SELECT count(*) AS n FROM temp.csv_quotes"]]);
    const count = n.rows[0][0];
    $("#quotes-msg").textContent = count + " quote" + (count === 1 ? "" : "s") + " added";
    $("#quotes-file").value = "";
    await afterChange();
  } catch (e) {
    err.textContent = e.message;
  }
}

// ------------------------------------------------------------ sharing

// A link to this page that carries the workloads and programs, in the
// fragment (after #), which browsers never send to a server.
async function shareLink() {
  const pack = async table => (await sql.objects("SELECT * FROM " + quoteId(table) + " ORDER BY rowid"))
    .map(r => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
  const data = {workloads: await pack("workloads"), programs: await pack("programs")};
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const b64 = toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return location.href.split("#")[0] + "#plans=" + b64;
}

// Reads a shared link's workloads and programs into the database (each
// replacing one of the same name), all or none.
async function openShared(hash) {
  const m = /^#plans=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return "";
  let data;
  try {
    const b64 = m[1].replace(/-/g, "+").replace(/_/g, "/");
    data = JSON.parse(new TextDecoder().decode(fromBase64(b64 + "===".slice((b64.length + 3) % 4))));
  } catch (e) {
    return " (the link's plans could not be read: " + e.message + ")";
  }
  const steps = [];
  for (const table of ["programs", "workloads"]) {
    for (const r of data[table] || []) steps.push(["DELETE FROM " + quoteId(table) + " WHERE name = ?", [r.name]]);
  }
  for (const table of ["workloads", "programs"]) {
    const have = new Set(forms[table].columns.keys());
    for (const r of data[table] || []) {
      const cols = Object.keys(r).filter(c => have.has(c));
      steps.push(["INSERT INTO " + quoteId(table) + "(" + cols.map(quoteId).join(", ") + ") VALUES (" +
                  cols.map((_, i) => "?" + (i + 1)).join(", ") + ")", cols.map(c => r[c])]);
    }
  }
  try {
    await sql.batch(steps);
  } catch (e) {
    return " (the link's plans could not be added: " + e.message + ")";
  }
  const n = (data.workloads || []).length;
  if (n) current = data.workloads[0].name;
  return " (" + n + " workload" + (n === 1 ? "" : "s") + " from the link)";
}

// ---------------------------------------------------------------- start

// The header's version and catalog dates, the console's lists and the
// forms' lists, in two messages to the worker.
async function renderInfo() {
  const objects = r => r ? r.rows.map(row => Object.fromEntries(r.columns.map((c, i) => [c, row[i]]))) : [];
  const builtin = /^(json_|pragma_|sqlite_|fts|rtree|geopoly|zipfile|completion|fsdir|carray|generate_series|dbstat|bytecode|tables_used|gpuadv_csv$|model_spec$|model_config$|serving_sim$)/;
  const [version, modules, views, models, profiles] = (await call("many", [
    ["SELECT gpuadv_version() AS v"],
    ["SELECT m.name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'as_of') AS dated " +
     "FROM pragma_module_list m ORDER BY m.name"],
    ["SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name"],
    ["SELECT name FROM models ORDER BY name"],
    ["SELECT DISTINCT name FROM traffic_profiles ORDER BY name"]])).map(objects);
  $("#version").textContent = "v" + version[0].v;
  const catalogs = modules.filter(m => !builtin.test(m.name));
  const dated = catalogs.filter(c => c.dated);
  const ranges = dated.length ? objects((await call("many", [[dated.map(c =>
    `SELECT '${c.name}' AS c, count(*) AS n, min(as_of) AS lo, max(as_of) AS hi FROM "${c.name}"`).join(" UNION ALL ")]]))[0]) : [];
  $("#asof").textContent = "Catalogs: " + ranges.map(r => `${r.c}: ${r.n} rows, as of ${r.lo === r.hi ? r.lo : r.lo + " to " + r.hi}`)
    .join("; ") + ".";
  const link = name => el("button", {type: "button", class: "link", onclick: () => {
    $("#sql").value = `SELECT * FROM ${name} LIMIT 20;`; showTab("console"); runConsole(); }}, name);
  const names = list => list.map(r => r.name).flatMap((c, i) => i ? [", ", link(c)] : [link(c)]);
  $("#catalogs").replaceChildren(...names(catalogs));
  $("#views").replaceChildren(...names(views));
  $("#model-list").replaceChildren(...models.map(m => el("option", {value: m.name})));
  $("#profile-list").replaceChildren(...profiles.map(m => el("option", {value: m.name})));
  $("#example").replaceChildren(el("option", {value: ""}, "(pick one)"),
    ...CONSOLE_EXAMPLES.map(([label], i) => el("option", {value: i}, label)));
}

function showTab(name) {
  document.querySelectorAll("#tabs button").forEach(b => b.setAttribute("aria-selected", b.dataset.tab === name));
  document.querySelectorAll("main > section").forEach(s => s.hidden = s.dataset.tab !== name);
  document.body.dataset.tab = name;
}

// What works before the database is ready: the tabs, typing, and a form
// that never submits itself (Plan is disabled until ready).
function early() {
  document.querySelectorAll("#tabs button").forEach(b => b.addEventListener("click", () => showTab(b.dataset.tab)));
  $("#wform").addEventListener("submit", submitWorkload);
  $("#pform").addEventListener("submit", submitProgram);
  $("#wform").addEventListener("input", () => { touched = true; }, {once: true});
}

async function start() {
  const t0 = performance.now();
  early();
  worker = window.gpuadvWorker || new Worker("worker.js");
  worker.onmessage = onWorkerMessage;
  worker.onerror = e => { $("#status").textContent = "Could not start: " + (e.message || "the worker failed"); };
  const stored = localStorage.getItem(STORE_KEY);
  let note = await call("start", stored ? fromBase64(stored) : null);
  await buildForm($("#wform"), "workloads", WORKLOAD_GROUPS);
  await buildForm($("#pform"), "programs", [["basic", "Basic", null, true]]);
  await renderInfo();
  if (location.hash) note += await openShared(location.hash);
  await renderWorkloads();

  document.querySelectorAll("[data-example]").forEach(b =>
    b.addEventListener("click", () => fillForm(forms.workloads, EXAMPLES[b.dataset.example])));
  $("#run").addEventListener("click", runConsole);
  $("#sql").addEventListener("keydown", e => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) runConsole(); });
  $("#example").addEventListener("change", e => {
    if (e.target.value !== "") { $("#sql").value = CONSOLE_EXAMPLES[e.target.value][1]; runConsole(); }
  });
  $("#csv").addEventListener("click", () => lastResult && download("result.csv", csvText(lastResult), "text/csv"));
  $("#all-cols").addEventListener("change", async () => { await renderPlans(); await renderPrograms(); });
  $("#share").addEventListener("click", async () => {
    const url = await shareLink();
    $("#share-url").value = url;
    $("#share-url").hidden = false;
    $("#share-url").select();
    try { await navigator.clipboard.writeText(url); $("#share-msg").textContent = "copied"; }
    catch (e) { $("#share-msg").textContent = "select and copy the link"; }
  });
  $("#export").addEventListener("click", async () => download("gpuadv.sqlite", await call("serialize"), "application/vnd.sqlite3"));
  $("#import").addEventListener("change", async e => {
    const f = e.target.files[0];
    if (!f) return;
    try {
      await call("load", new Uint8Array(await f.arrayBuffer()));
      $("#status").textContent = "Loaded " + f.name + ".";
    } catch (err) {
      $("#status").textContent = "Could not load " + f.name + ": " + err.message;
    }
    e.target.value = "";
    current = null;
    await afterChange();
  });
  $("#reset").addEventListener("click", async () => {
    localStorage.removeItem(STORE_KEY);
    await call("reset");
    current = null;
    invalidate();
    await renderWorkloads(); await renderPlans(); await renderPrograms(); await renderQuotes();
  });
  $("#quotes-load").addEventListener("click", loadQuotes);
  let width = $("#plot").clientWidth;
  window.addEventListener("resize", () => {
    if ($("#plot").clientWidth !== width) { width = $("#plot").clientWidth; renderPlans(); }
  });
  $("#sql").value = CONSOLE_EXAMPLES[0][1];
  // The example goes in the form only when nothing was typed there yet.
  if (!touched && !$("#f-name").value && !current) fillForm(forms.workloads, EXAMPLES.serve70b);

  ready = true;
  $("#plan").disabled = false;
  $("#pplan").disabled = false;
  const now = performance.now();  // ms since navigation started
  const ms = Math.round(now - t0);
  $("#status").textContent = "Ready in " + ms + " ms" + note + ".";
  document.body.dataset.readyNav = Math.round(now);
  document.body.dataset.ready = ms;
  if ("serviceWorker" in navigator && location.protocol !== "file:") navigator.serviceWorker.register("sw.js").catch(() => {});
  // The plans come after: the page is usable (and Plan queues) meanwhile.
  await renderPlans();
  await renderPrograms();
  await renderQuotes();
}

start().catch(e => { $("#status").textContent = "Could not start: " + e.message; });
