// app.js: the planner page. Everything is SQL against one in-memory SQLite
// database holding sql/gpuadv.sql: the form INSERTs into workloads, the
// plans are rows of best_plans, serving_plans and training_plans, shown with
// whatever columns those views return. The database is kept in
// localStorage (serialized) after every change.
"use strict";

const STORE_KEY = "gpuadv.db";
const $ = sel => document.querySelector(sel);
let db = null, schemaSql = "", lastResult = null, current = null;

const EXAMPLES = {
  serve70b: {name: "70b-chat", kind: "serve", model: "llama-3.1-70b", requests_per_min: 60,
             prompt_tokens: 1000, output_tokens: 300, user_tps: 40},
  qlora70b: {name: "70b-qlora", kind: "finetune", model: "llama-3.1-70b", mode: "qlora",
             tokens_b: 1, epochs: 3},
  pretrain13b: {name: "13b-pretrain", kind: "train", model: "llama-2-13b", mode: "full",
                tokens_b: 260, epochs: 1, budget_usd: 2000000},
};

const CONSOLE_EXAMPLES = [
  ["The best plan of every workload", "SELECT workload, kind, offer, works, reason FROM best_plans;"],
  ["Top 5 serving plans", "SELECT workload, rank, offer, why_not, usd_per_hour, ttft_p50_s, tpot_p50_ms\nFROM serving_plans WHERE rank <= 5 ORDER BY workload, rank;"],
  ["Top 5 training plans", "SELECT workload, rank, offer, why_not, total_usd, wall_days\nFROM training_plans WHERE rank <= 5 ORDER BY workload, rank;"],
  ["GPUs by memory bandwidth", "SELECT name, vendor, memory_gb, mem_bw_gbs, bf16_tflops, price_usd\nFROM gpus ORDER BY mem_bw_gbs DESC LIMIT 20;"],
  ["Weights of a 70B model by dtype", "SELECT d.value AS dtype, model_weights_gb('llama-3.1-70b', d.value) AS gb\nFROM json_each('[\"fp32\",\"bf16\",\"fp8\",\"int4\"]') d;"],
  ["Decode speed of llama-3.1-8b on an H100", "SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 32) AS tokens_per_s;"],
  ["Rent or buy", "SELECT * FROM rent_vs_buy LIMIT 20;"],
  ["Your rental quotes", "SELECT * FROM rental_quotes;"],
  ["Functions of the extension", "SELECT DISTINCT name FROM pragma_function_list\nWHERE name LIKE 'model%' OR name LIKE '%_gb' OR name LIKE '%tps' ORDER BY name;"],
];

// ------------------------------------------------------------ utilities

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

const REAL = 2;

// A value for the eye: six significant digits; a real number keeps a
// decimal point as in the sqlite3 shell (80.0).
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

function table(res, limit = 500) {
  if (!res) return el("p", {class: "muted"}, "(no rows)");
  const head = el("tr", {}, ...res.columns.map(c => el("th", {}, c)));
  const body = res.rows.slice(0, limit).map((r, j) =>
    el("tr", {}, ...r.map((v, i) => el("td", {class: typeof v === "number" ? "num" : v === null ? "null" : ""},
                                        fmt(v, res.types[j][i])))));
  const t = el("table", {}, el("thead", {}, head), el("tbody", {}, ...body));
  const wrap = el("div", {}, t);
  wrap.append(el("p", {class: "muted"}, res.rows.length + " row" + (res.rows.length === 1 ? "" : "s") +
      (res.rows.length > limit ? ", first " + limit + " shown" : "")));
  return wrap;
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

function save() {
  try {
    localStorage.setItem(STORE_KEY, toBase64(db.serialize()));
  } catch (e) {
    $("#status").textContent = "Could not keep the database in this browser: " + e.message;
  }
}

// Runs fn inside a savepoint: all of it or none of it.
function atomically(fn) {
  db.exec("SAVEPOINT page");
  try {
    const r = fn();
    db.exec("RELEASE page");
    return r;
  } catch (e) {
    db.exec("ROLLBACK TO page; RELEASE page");
    throw e;
  }
}

function columnsOf(tableName) {
  return db.objects("SELECT name FROM pragma_table_info(?)", [tableName]).map(r => r.name);
}

// ----------------------------------------------------------------- form

const NUMERIC = new Set(["requests_per_min", "prompt_tokens", "output_tokens", "user_tps", "ttft_s",
                         "tokens_b", "epochs", "budget_usd", "months", "utilization"]);
const FIELDS = ["name", "kind", "model", "dtype", "mode", "requests_per_min", "prompt_tokens", "output_tokens",
                "user_tps", "ttft_s", "tokens_b", "epochs", "budget_usd", "months", "utilization", "acquire",
                "offer_glob"];
const TRAIN_ONLY = new Set(["mode", "tokens_b", "epochs"]);
const SERVE_ONLY = new Set(["requests_per_min", "prompt_tokens", "output_tokens", "user_tps", "ttft_s"]);

// A form value as SQL sees it: blank is NULL, a number is a number, any
// other text stays text (so the table's CHECK constraints judge it).
function sqlValue(name, raw) {
  const s = raw.trim();
  if (name === "name") return raw;
  if (s === "") return null;
  if (NUMERIC.has(name) && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return Number(s);
  return s;
}

// params_b and the attention shape from a Hugging Face config.json, in SQL
// (json_extract): embeddings, attention projections and a gated MLP (every
// expert of a mixture-of-experts model) per layer.
const CONFIG_SQL = `
WITH c(j) AS (SELECT json(?1)),
s AS (SELECT json_extract(j, '$.num_hidden_layers') AS layers,
             json_extract(j, '$.hidden_size') AS hidden,
             json_extract(j, '$.num_attention_heads') AS heads,
             coalesce(json_extract(j, '$.num_key_value_heads'), json_extract(j, '$.num_attention_heads')) AS kv_heads,
             coalesce(json_extract(j, '$.head_dim'),
                      json_extract(j, '$.hidden_size') / json_extract(j, '$.num_attention_heads')) AS head_dim,
             coalesce(json_extract(j, '$.moe_intermediate_size'), json_extract(j, '$.intermediate_size')) AS inter,
             coalesce(json_extract(j, '$.num_local_experts'), json_extract(j, '$.num_experts'),
                      json_extract(j, '$.n_routed_experts'), 1) AS experts,
             coalesce(json_extract(j, '$.vocab_size'), 0) AS vocab,
             coalesce(json_extract(j, '$.tie_word_embeddings'), 0) AS tied
      FROM c)
SELECT layers, hidden, heads, kv_heads, head_dim,
       round((vocab * hidden * (2 - tied)
              + layers * (hidden * head_dim * (2 * heads + 2 * kv_heads) + 3 * hidden * inter * experts)) / 1e9, 3)
         AS params_b
FROM s`;

function formRow(form) {
  const kind = form.elements.kind.value;
  const row = {};
  for (const f of FIELDS) {
    if (kind === "serve" && TRAIN_ONLY.has(f)) continue;
    if (kind !== "serve" && SERVE_ONLY.has(f)) continue;
    const v = sqlValue(f, form.elements[f].value);
    if (v !== null) row[f] = v;
  }
  const config = form.elements.config.value.trim();
  if (config) {
    let shape;
    try {
      shape = db.objects(CONFIG_SQL, [config])[0];
    } catch (e) {
      e.field = "config";
      throw e;
    }
    const have = new Set(columnsOf("workloads"));
    for (const [k, v] of Object.entries(shape)) if (v !== null && have.has(k)) row[k] = v;
  }
  return row;
}

// The form field an error message is about: the first field name that
// appears in it as a word ("CHECK constraint failed: budget_usd must be
// > 0", "model_weights_gb(): unknown model 'x'").
function fieldOf(message) {
  let best = null, at = Infinity;
  for (const f of FIELDS.concat(["params_b"])) {
    const m = new RegExp("(^|[^A-Za-z0-9_])" + f + "([^A-Za-z0-9_]|$)").exec(message);
    if (m && m.index < at) { best = f; at = m.index; }
  }
  if (best === "params_b") best = "config";
  return best || "form";
}

function showError(field, message) {
  const span = document.querySelector('.err[data-for="' + field + '"]') || document.querySelector('.err[data-for="form"]');
  span.textContent = message;
  const input = document.querySelector('#wform [name="' + field + '"]');
  if (input) { input.setAttribute("aria-invalid", "true"); input.focus(); }
}

function clearErrors() {
  document.querySelectorAll("#wform .err").forEach(s => s.textContent = "");
  document.querySelectorAll("#wform [aria-invalid]").forEach(i => i.removeAttribute("aria-invalid"));
}

function submitWorkload(ev) {
  ev.preventDefault();
  clearErrors();
  const form = $("#wform");
  try {
    const row = formRow(form);
    const cols = Object.keys(row);
    atomically(() => {
      db.exec("DELETE FROM workloads WHERE name = ?", [row.name]);
      db.exec("INSERT INTO workloads(" + cols.map(c => '"' + c + '"').join(", ") + ") VALUES (" +
              cols.map((_, i) => "?" + (i + 1)).join(", ") + ")", cols.map(c => row[c]));
      db.exec("SELECT * FROM best_plans WHERE workload = ?", [row.name]);  // the views accept it
    });
    save();
    current = row.name;
    renderWorkloads();
    renderPlans();
  } catch (e) {
    showError(e.field || fieldOf(e.message), e.message);
  }
}

function fillForm(values) {
  const form = $("#wform");
  clearErrors();
  for (const f of FIELDS.concat(["config"])) form.elements[f].value = values[f] === undefined || values[f] === null ? "" : values[f];
  showKind();
}

function showKind() {
  const serve = $("#f-kind").value === "serve";
  document.querySelectorAll(".only-serve").forEach(e => e.hidden = !serve);
  document.querySelectorAll(".only-train").forEach(e => e.hidden = serve);
}

// ------------------------------------------------------------ workloads

function renderWorkloads() {
  const ul = $("#workloads");
  ul.replaceChildren();
  const rows = db.objects("SELECT name, kind, model FROM workloads ORDER BY name");
  if (!rows.length) ul.append(el("li", {class: "muted"}, "none yet: fill the form or pick an example"));
  for (const w of rows) {
    const li = el("li", {class: w.name === current ? "current" : ""},
      el("button", {type: "button", class: "link", onclick: () => { current = w.name; renderWorkloads(); renderPlans(); }},
         w.name), " " + w.kind + (w.model ? ", " + w.model : "") + " ",
      el("button", {type: "button", class: "small", title: "put in the form",
                    onclick: () => fillForm(db.objects("SELECT * FROM workloads WHERE name = ?", [w.name])[0])}, "edit"),
      el("button", {type: "button", class: "small", title: "delete",
                    onclick: () => { db.exec("DELETE FROM workloads WHERE name = ?", [w.name]); save();
                                     if (current === w.name) current = null; renderWorkloads(); renderPlans(); }}, "delete"));
    ul.append(li);
  }
}

function renderPlans() {
  const names = db.objects("SELECT name FROM workloads ORDER BY name").map(r => r.name);
  if (!names.includes(current)) current = names[0] || null;
  $("#best").replaceChildren(names.length ? table(db.exec("SELECT * FROM best_plans ORDER BY workload")) : "");
  if (!current) {
    $("#plans-for").textContent = "";
    $("#reason").textContent = "Add a workload to see its plans.";
    $("#plot").replaceChildren();
    $("#top").replaceChildren();
    return;
  }
  const w = db.objects("SELECT * FROM workloads WHERE name = ?", [current])[0];
  $("#plans-for").textContent = "for " + current;
  const best = db.objects("SELECT * FROM best_plans WHERE workload = ?", [current])[0];
  $("#reason").replaceChildren(best ? el("span", {},
      el("strong", {id: "top-offer"}, best.offer === null ? "no plan" : best.offer), ": " + fmt(best.reason)) : "no plan");
  const serve = w.kind === "serve";
  const plans = db.exec("SELECT * FROM " + (serve ? "serving_plans" : "training_plans") +
                        " WHERE workload = ? ORDER BY rank", [current]);
  $("#top").replaceChildren(table(plans ? leading(plans, serve ?
      ["rank", "offer", "why_not", "usd_per_hour", "ttft_p50_s", "tpot_p50_ms", "tps_per_user"] :
      ["rank", "offer", "why_not", "total_usd", "wall_days"], 10) : null));
  $("#plot").replaceChildren(plot(plans, serve, w));
}

// The first n rows with the named columns first, then every other column
// the view returns (but the workload, the same on every row).
function leading(res, first, n) {
  const order = first.filter(c => res.columns.includes(c))
    .concat(res.columns.filter(c => !first.includes(c) && c !== "workload"));
  const idx = order.map(c => res.columns.indexOf(c));
  return {columns: order, rows: res.rows.slice(0, n).map(r => idx.map(i => r[i])),
          types: res.types.slice(0, n).map(r => idx.map(i => r[i]))};
}

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

// ----------------------------------------------------------------- plot

// Cost against time, log-log: serving plans by $/hour against the seconds
// one answer takes (first token + output tokens at the per-user speed: the
// simulated medians at the planned load where the simulator ran, else a
// full batch's speed and one prompt's prefill);
// training plans by total USD against wall-clock days. Plans that work are
// blue, the others grey; the Pareto frontier joins the plans that work and
// that no other working plan beats on both axes.
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
  const out = w.output_tokens || 0;
  const pts = res.rows.map(r => {
    const o = Object.fromEntries(res.columns.map((c, i) => [c, r[i]]));
    const x = !serve ? o.wall_days
      : o.tpot_p50_ms > 0 ? (o.ttft_p50_s || 0) + out * o.tpot_p50_ms / 1000
      : o.tps_per_user > 0 ? (o.ttft_s || 0) + out / o.tps_per_user : null;
    const y = serve ? o.usd_per_hour : o.total_usd;
    return {x, y, offer: r[iOffer], works: iWhy >= 0 && r[iWhy] === null, rank: r[iRank]};
  }).filter(p => p.x > 0 && p.y > 0 && isFinite(p.x) && isFinite(p.y));
  if (!pts.length) return div;
  const W = 640, H = 360, L = 70, R = 16, T = 16, B = 46;
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
  for (const v of logTicks(x0, x1)) {
    svg.append(s("line", {x1: X(v), x2: X(v), y1: T, y2: H - B, class: "grid"}),
               s("text", {x: X(v), y: H - B + 16, "text-anchor": "middle"}, fmt(v)));
  }
  for (const v of logTicks(y0, y1)) {
    svg.append(s("line", {x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: "grid"}),
               s("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end"}, "$" + fmt(v)));
  }
  svg.append(s("text", {x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", class: "axis"},
               serve ? "seconds per answer at the planned load (first token + " + out + " tokens, medians), log" : "wall-clock days, log"),
             s("text", {x: 14, y: (T + H - B) / 2, "text-anchor": "middle", class: "axis",
                        transform: `rotate(-90 14 ${(T + H - B) / 2})`}, serve ? "USD per hour, log" : "total USD, log"));
  // Pareto frontier of the working plans: sorted by time, each cheaper than all faster ones.
  const front = [];
  for (const p of pts.filter(p => p.works).sort((a, b) => a.x - b.x || a.y - b.y))
    if (!front.length || p.y < front[front.length - 1].y) front.push(p);
  for (const p of pts.slice().sort((a, b) => a.works - b.works)) {
    const c = s("circle", {cx: X(p.x), cy: Y(p.y), r: p.rank === 1 ? 6 : 3.5,
                           class: (p.works ? "works" : "not") + (p.rank === 1 ? " best" : "")});
    c.append(s("title", {}, `${p.offer} (rank ${p.rank}): ${fmt(p.x)} ${serve ? "s" : "days"}, $${fmt(p.y)}${p.works ? "" : ", does not work"}`));
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

function runConsole() {
  $("#sql-error").textContent = "";
  try {
    const res = db.exec($("#sql").value);
    lastResult = res;
    $("#result").replaceChildren(table(res));
    $("#csv").disabled = !res;
    save();
    renderWorkloads();
    renderPlans();
  } catch (e) {
    $("#sql-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- data

function renderQuotes() {
  $("#quotes").replaceChildren(table(db.exec("SELECT * FROM rental_quotes ORDER BY provider, name")));
}

async function loadQuotes() {
  const err = document.querySelector('.err[data-for="quotes"]');
  err.textContent = "";
  $("#quotes-msg").textContent = "";
  const file = $("#quotes-file").files[0];
  const text = file ? await file.text() : $("#quotes-csv").value;
  try {
    const n = atomically(() => {
      db.exec("DROP TABLE IF EXISTS temp.csv_quotes");
      db.exec("CREATE VIRTUAL TABLE temp.csv_quotes USING gpuadv_csv(data='" + text.replace(/'/g, "''") + "')");
      const have = new Set(columnsOf("rental_quotes"));
      const cols = db.objects("SELECT name FROM pragma_table_info('csv_quotes', 'temp')")
                     .map(r => r.name).filter(c => have.has(c)).map(c => '"' + c + '"');
      if (!cols.length) throw new Error("no column of the CSV is a column of rental_quotes");
      db.exec("INSERT INTO rental_quotes(" + cols.join(", ") + ") SELECT " + cols.join(", ") +
              " FROM temp.csv_quotes");
      return db.objects("SELECT count(*) AS n FROM temp.csv_quotes")[0].n;
    });
    save();
    $("#quotes-msg").textContent = n + " quote" + (n === 1 ? "" : "s") + " added";
    $("#quotes-file").value = "";
    renderQuotes();
    renderPlans();
  } catch (e) {
    err.textContent = e.message;
  }
}

function freshDatabase() {
  const M = db.M;
  db.close();
  db = new Database(M);
}

function loadBytes(bytes) {
  const before = db.serialize();
  try {
    db.deserialize(bytes);
    db.exec(schemaSql);  // tables kept, views brought up to this version
  } catch (e) {
    db.deserialize(before);
    throw e;
  }
}

// ---------------------------------------------------------------- start

function renderInfo() {
  $("#version").textContent = "v" + db.objects("SELECT gpuadv_version() AS v")[0].v;
  const builtin = /^(json_|pragma_|sqlite_|fts|rtree|geopoly|zipfile|completion|fsdir|carray|generate_series|dbstat|bytecode|tables_used|gpuadv_csv$)/;
  const catalogs = db.objects("SELECT name FROM pragma_module_list ORDER BY name").map(r => r.name)
    .filter(n => !builtin.test(n));
  const ranges = [];
  for (const c of catalogs) {
    const cols = columnsOf(c);
    if (cols.includes("as_of")) {
      const r = db.objects(`SELECT count(*) AS n, min(as_of) AS lo, max(as_of) AS hi FROM "${c}"`)[0];
      ranges.push(`${c}: ${r.n} rows, as of ${r.lo === r.hi ? r.lo : r.lo + " to " + r.hi}`);
    }
  }
  $("#asof").textContent = "Catalogs: " + ranges.join("; ") + ".";
  const views = db.objects("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name").map(r => r.name);
  const link = name => el("button", {type: "button", class: "link", onclick: () => {
    $("#sql").value = `SELECT * FROM ${name} LIMIT 20;`; runConsole(); }}, name);
  $("#catalogs").replaceChildren(...catalogs.flatMap((c, i) => i ? [", ", link(c)] : [link(c)]));
  $("#views").replaceChildren(...views.flatMap((c, i) => i ? [", ", link(c)] : [link(c)]));
  const models = db.objects("SELECT name FROM models ORDER BY name");
  $("#model-list").replaceChildren(...models.map(m => el("option", {value: m.name})));
  $("#example").replaceChildren(el("option", {value: ""}, "(pick one)"),
    ...CONSOLE_EXAMPLES.map(([label], i) => el("option", {value: i}, label)));
}

async function start() {
  const t0 = performance.now();
  const [database, sql] = await Promise.all([openGpuadv(), fetch("gpuadv.sql").then(r => r.text())]);
  db = database;
  schemaSql = sql;
  const stored = localStorage.getItem(STORE_KEY);
  let note = "";
  if (stored) {
    try {
      loadBytes(fromBase64(stored));
      note = " (your workloads restored)";
    } catch (e) {
      freshDatabase();
      note = " (the stored database could not be read: " + e.message + ")";
    }
  }
  db.exec(schemaSql);
  renderInfo();
  renderWorkloads();
  renderPlans();
  renderQuotes();

  $("#wform").addEventListener("submit", submitWorkload);
  $("#f-kind").addEventListener("change", showKind);
  document.querySelectorAll("[data-example]").forEach(b =>
    b.addEventListener("click", () => fillForm(EXAMPLES[b.dataset.example])));
  $("#run").addEventListener("click", runConsole);
  $("#sql").addEventListener("keydown", e => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) runConsole(); });
  $("#example").addEventListener("change", e => {
    if (e.target.value !== "") { $("#sql").value = CONSOLE_EXAMPLES[e.target.value][1]; runConsole(); }
  });
  $("#csv").addEventListener("click", () => lastResult && download("result.csv", csvText(lastResult), "text/csv"));
  $("#export").addEventListener("click", () => download("gpuadv.sqlite", db.serialize(), "application/vnd.sqlite3"));
  $("#import").addEventListener("change", async e => {
    const f = e.target.files[0];
    if (!f) return;
    try {
      loadBytes(new Uint8Array(await f.arrayBuffer()));
      save();
      $("#status").textContent = "Loaded " + f.name + ".";
    } catch (err) {
      $("#status").textContent = "Could not load " + f.name + ": " + err.message;
    }
    e.target.value = "";
    current = null;
    renderWorkloads(); renderPlans(); renderQuotes();
  });
  $("#reset").addEventListener("click", () => {
    localStorage.removeItem(STORE_KEY);
    freshDatabase();
    db.exec(schemaSql);
    current = null;
    renderWorkloads(); renderPlans(); renderQuotes();
  });
  $("#quotes-load").addEventListener("click", loadQuotes);
  $("#sql").value = CONSOLE_EXAMPLES[0][1];
  fillForm(EXAMPLES.serve70b);

  const now = performance.now();  // ms since navigation started
  const ms = Math.round(now - t0);
  $("#status").textContent = "Ready in " + ms + " ms" + note + ".";
  document.body.dataset.readyNav = Math.round(now);
  document.body.dataset.ready = ms;
  if ("serviceWorker" in navigator && location.protocol !== "file:") navigator.serviceWorker.register("sw.js").catch(() => {});
}

start().catch(e => { $("#status").textContent = "Could not start: " + e.message; });
