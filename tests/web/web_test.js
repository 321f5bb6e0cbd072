// tests/web/web_test.js URL: drives the planner page at URL in headless
// chromium (playwright-core) and prints `ok NAME` / `FAIL NAME` lines;
// exits 1 when a check fails. The expected answers come from the sqlite3
// shell with the extension and sql/gpuadv.sql, run here. Run by
// tests/web/test_web.sh, which builds and serves the page.
"use strict";
const path = require("path");
const fs = require("fs");
const {execFileSync, spawnSync} = require("child_process");
const {chromium} = require(path.resolve("build/web/node_modules/playwright-core"));

const URL = process.argv[2];
const OUT = "build/web";
const SQLITE3 = process.env.SQLITE3 || "sqlite3";
let failures = 0;

function check(name, ok, detail) {
  console.log((ok ? "ok " : "FAIL ") + "web: " + name);
  if (!ok) {
    failures++;
    if (detail !== undefined) console.error("#   " + detail);
  }
}
function equal(name, want, got) {
  check(name, want === got, "want " + JSON.stringify(want) + ", got " + JSON.stringify(got));
}

// The sqlite3 shell with the extension and the schema: stdout, stderr.
function shell(sql, db = ":memory:") {
  const r = spawnSync(SQLITE3, ["-batch", "-cmd", ".load ./gpuadv", "-cmd", ".read sql/gpuadv.sql", db, sql],
                      {encoding: "utf8"});
  return {out: r.stdout.trim(), err: r.stderr.trim()};
}

const SERVE = {name: "70b-chat", kind: "serve", model: "llama-3.1-70b", requests_per_min: "60",
               prompt_tokens: "1000", output_tokens: "300", user_tps: "40"};
const QLORA = {name: "70b-qlora", kind: "finetune", model: "llama-3.1-70b", mode: "qlora",
               tokens_b: "1", epochs: "3"};
const COLS = ["name", "kind", "model", "mode", "requests_per_min", "prompt_tokens", "output_tokens",
              "user_tps", "tokens_b", "epochs"];

function insertSql(w) {
  const cols = COLS.filter(c => w[c] !== undefined);
  return "INSERT INTO workloads(" + cols.join(", ") + ") VALUES (" +
         cols.map(c => /^[0-9.]+$/.test(w[c]) ? w[c] : "'" + w[c] + "'").join(", ") + ");";
}

function expectedBest(w, before = "") {
  const r = shell(before + insertSql(w) + " SELECT offer || char(9) || reason FROM best_plans WHERE workload = '" + w.name + "';");
  const [offer, reason] = r.out.split("\t");
  return {offer, reason};
}

async function fill(page, w) {
  await page.selectOption("#f-kind", w.kind);
  for (const f of ["name", "model", "dtype", "requests_per_min", "prompt_tokens", "output_tokens", "user_tps",
                   "ttft_s", "tokens_b", "epochs", "budget_usd", "months", "utilization", "offer_glob"]) {
    const input = page.locator(`#wform [name="${f}"]`);
    if (await input.isVisible()) await input.fill(w[f] || "");
  }
  await page.fill("#f-config", w.config || "");
  if (w.kind !== "serve") await page.selectOption("#f-mode", w.mode || "");
  await page.selectOption("#f-acquire", w.acquire || "");
}

async function plan(page, w) {
  await fill(page, w);
  await page.click("#plan");
  await page.waitForFunction(n => document.querySelector("#plans-for").textContent === "for " + n, w.name,
                             {timeout: 120000});
  return {offer: await page.textContent("#top-offer"), reason: (await page.textContent("#reason"))};
}

async function download(page, selector, file) {
  const [d] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  await d.saveAs(file);
  return fs.readFileSync(file);
}

(async () => {
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         args: ["--no-sandbox"]});
  const context = await browser.newContext({acceptDownloads: true, viewport: {width: 1300, height: 1000}});
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", e => pageErrors.push(e.message));
  const failedRequests = [], requests = [];
  context.on("request", r => requests.push(r.url()));
  page.on("requestfailed", r => failedRequests.push(r.url()));
  page.on("response", r => { if (r.status() >= 400) failedRequests.push(r.status() + " " + r.url()); });

  // The page opens and becomes ready (its status says so, with no error).
  // How soon is a measurement, not a check: `make bench-web` times cold
  // opens against a blank page (bench/web_results.md).
  const t0 = Date.now();
  await page.goto(URL);
  await page.waitForSelector("body[data-ready]", {timeout: 30000});
  const status = await page.textContent("#status");
  console.log("# ready " + (Date.now() - t0) + " ms after goto() (" + status + ")");
  check("page ready (" + status + ")", /^Ready in \d+ ms\.$/.test(status), status);

  const version = execFileSync(SQLITE3, ["-batch", "-cmd", ".load ./gpuadv", ":memory:", "SELECT gpuadv_version()"],
                               {encoding: "utf8"}).trim();
  equal("version shown", "v" + version, await page.textContent("#version"));
  const asOf = shell("SELECT min(as_of) || ' to ' || max(as_of) FROM cloud_instances").out;
  check("catalog as_of range shown", (await page.textContent("#asof")).includes("cloud_instances: ") &&
        (await page.textContent("#asof")).includes(asOf), asOf);

  // The two seed scenarios: the page's best plan is the shell's.
  for (const w of [SERVE, QLORA]) {
    const want = expectedBest(w);
    const got = await plan(page, w);
    equal(w.name + ": top plan equals the shell's", want.offer, got.offer);
    equal(w.name + ": reason equals the shell's", want.offer + ": " + want.reason, got.reason);
    const topRank1 = await page.textContent("#top tbody tr:first-child td:nth-child(2)");
    equal(w.name + ": first row of the plans table is the top plan", want.offer, topRank1);
    const dots = await page.locator("#plot circle").count();
    const front = await page.locator("#plot polyline.front").count();
    check(w.name + ": plot with points and a Pareto frontier (" + dots + " points)", dots > 10 && front === 1);
    if (w === SERVE) {
      await page.screenshot({path: OUT + "/serve.png", fullPage: true});
      await page.screenshot({path: OUT + "/page.png"});  // README's docs/img/web.png
    }
  }
  await page.screenshot({path: OUT + "/finetune.png", fullPage: true});
  const bestRows = await page.locator("#best tbody tr").count();
  equal("best plan of every workload: two rows", 2, bestRows);

  // The console: a query, its table and its CSV, as the shell prints them.
  const query = "SELECT name, memory_gb, mem_bw_gbs FROM gpus WHERE name IN ('h100-sxm', 'mi300x') ORDER BY name";
  await page.fill("#sql", query);
  await page.click("#run");
  await page.waitForSelector("#result table");
  const cells = await page.$$eval("#result tbody td", tds => tds.map(td => td.textContent));
  const wantRows = shell(query + ";").out.split("\n").map(l => l.split("|"));
  equal("console: query result equals the shell's", JSON.stringify(wantRows.flat()), JSON.stringify(cells));
  const csv = (await download(page, "#csv", OUT + "/result.csv")).toString();
  const wantCsv = spawnSync(SQLITE3, ["-batch", "-csv", "-header", "-cmd", ".load ./gpuadv", ":memory:", query],
                            {encoding: "utf8"}).stdout;
  equal("console: downloaded CSV equals the shell's -csv output", wantCsv.replace(/\r?\n/g, "\r\n"), csv);
  await page.fill("#sql", "SELECT nosuch FROM gpus");
  await page.click("#run");
  await page.waitForFunction(() => document.querySelector("#sql-error").textContent !== "");
  equal("console: error text", "no such column: nosuch", await page.textContent("#sql-error"));

  // Quotes from CSV through gpuadv_csv(data=...), then into rental_quotes.
  await page.fill("#quotes-csv", "provider,name,gpu,gpu_count,usd_per_hour,source\nacme,8xh100,h100-sxm,8,12.5,\"invoice, 2026\"\n");
  await page.click("#quotes-load");
  await page.waitForFunction(() => document.querySelector("#quotes-msg").textContent !== "" ||
                                   document.querySelector('.err[data-for="quotes"]').textContent !== "");
  equal("quotes: CSV added", "1 quote added", await page.textContent("#quotes-msg"));
  // gpu_count and managed_premium are REAL columns: 8.0 and 0.0 as in the shell.
  equal("quotes: row shown", "acme 8xh100 h100-sxm 8.0 12.5 0.0 NULL invoice, 2026 NULL",
        (await page.$$eval("#quotes tbody td", tds => tds.map(t => t.textContent))).join(" "));
  await page.fill("#quotes-csv", "provider,name,gpu\nacme,x\n");
  await page.click("#quotes-load");
  await page.waitForFunction(() => document.querySelector('.err[data-for="quotes"]').textContent !== "");
  const csvErr = shell("CREATE VIRTUAL TABLE temp.q USING gpuadv_csv(data='provider,name,gpu\nacme,x\n');").err;
  const shown = await page.textContent('.err[data-for="quotes"]');
  check("quotes: a bad CSV shows the module's error (" + shown + ")", shown !== "" && csvErr.includes(shown), csvErr);

  // Export: a database file that the sqlite3 shell opens, with the
  // workloads, the quote, and the same best plans.
  const file = OUT + "/export.sqlite";
  const bytes = await download(page, "#export", file);
  equal("export: an SQLite database file", "SQLite format 3\0", bytes.subarray(0, 16).toString("latin1"));
  const reopened = spawnSync(SQLITE3, ["-batch", "-cmd", ".load ./gpuadv", file,
    "SELECT group_concat(name, ',') FROM (SELECT name FROM workloads ORDER BY name); " +
    "SELECT provider || '/' || name FROM rental_quotes; " +
    "SELECT group_concat(offer, ',') FROM (SELECT offer FROM best_plans ORDER BY workload);"], {encoding: "utf8"});
  // the plans of the exported database weigh the quote added above
  const quote = "INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, source) " +
                "VALUES ('acme', '8xh100', 'h100-sxm', 8, 12.5, 'invoice, 2026');";
  const wantOffers = [expectedBest(SERVE, quote).offer, expectedBest(QLORA, quote).offer];
  equal("export: the shell reads workloads, quotes and plans",
        ["70b-chat,70b-qlora", "acme/8xh100", wantOffers.join(",")].join("\n") + "\n",
        reopened.stdout + reopened.stderr);

  // A bad input shows SQL's own error text beside its field, and changes nothing.
  const errors = [
    [{...SERVE, name: "bad-budget", budget_usd: "-5"}, "budget_usd",
     "CHECK constraint failed: budget_usd must be > 0"],
    [{...SERVE, name: "bad-rate", requests_per_min: "fast"}, "requests_per_min",
     "CHECK constraint failed: serve needs requests_per_min > 0 and output_tokens > 0"],
    [{...SERVE, name: "bad-model", model: "llama-9"}, "model", null],
  ];
  for (const [w, field, text] of errors) {
    await fill(page, w);
    await page.click("#plan");
    const span = `.err[data-for="${field}"]`;
    await page.waitForFunction(s => document.querySelector(s).textContent !== "", span, {timeout: 10000})
      .catch(() => {});
    const got = await page.textContent(span);
    const cols = COLS.filter(c => w[c] !== undefined).concat(w.budget_usd ? ["budget_usd"] : []);
    const sql = "INSERT INTO workloads(" + cols.join(", ") + ") VALUES (" +
      cols.map(c => /^-?[0-9.]+$/.test(w[c]) ? w[c] : "'" + w[c] + "'").join(", ") + ");";
    const shellErr = shell(sql).err;
    if (text) equal(w.name + ": error beside " + field, text, got);
    check(w.name + ": the page's error is the shell's (" + got + ")", got !== "" && shellErr.includes(got), shellErr);
    check(w.name + ": field marked invalid",
          await page.getAttribute(`#wform [name="${field}"]`, "aria-invalid") === "true");
    if (w.name === "bad-budget") await page.screenshot({path: OUT + "/error.png"});
  }
  equal("bad inputs added no workload", 2, await page.locator("#workloads li").count());

  // A pasted config.json instead of a catalog model: params_b from its shape.
  const config = JSON.stringify({hidden_size: 4096, intermediate_size: 14336, num_attention_heads: 32,
    num_hidden_layers: 32, num_key_value_heads: 8, vocab_size: 128256, tie_word_embeddings: false});
  await plan(page, {...SERVE, name: "8b-config", model: "", config});
  const params = await page.evaluate(() =>
    db.objects("SELECT params_b FROM workloads WHERE name = '8b-config'")[0].params_b);
  // Llama 3.1 8B: 8.03 billion parameters (its model card).
  check("config.json: params_b " + params + " within 1% of 8.03", Math.abs(params - 8.03) / 8.03 < 0.01);
  await fill(page, {...SERVE, name: "bad-config", model: "", config: "{not json"});
  await page.click("#plan");
  await page.waitForFunction(() => document.querySelector('.err[data-for="config"]').textContent !== "");
  const jsonErr = shell("SELECT json('{not json')").err;
  const gotJson = await page.textContent('.err[data-for="config"]');
  check("config.json: malformed JSON shown beside it (" + gotJson + ")", jsonErr.includes(gotJson), jsonErr);

  // Forget everything, then import the exported file: its workloads and
  // quote come back.
  await page.click("#reset");
  equal("reset: no workloads", "none yet: fill the form or pick an example", await page.textContent("#workloads"));
  await page.setInputFiles("#import", file);
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Loaded"));
  equal("import: the exported workloads are back", "70b-chat 70b-qlora",
        (await page.$$eval("#workloads li > button.link", bs => bs.map(b => b.textContent))).join(" "));
  equal("import: the quote is back", 1, await page.locator("#quotes tbody tr").count());

  // Kept in the browser: a reload shows the same workloads; then offline.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  equal("reload: workloads kept", "70b-chat 70b-qlora",
        (await page.$$eval("#workloads li > button.link", bs => bs.map(b => b.textContent))).join(" "));
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("body[data-ready]", {timeout: 10000}).catch(() => {});
  check("offline: the page starts from its cache", (await page.textContent("#status")).startsWith("Ready"));
  await context.setOffline(false);

  check("no script errors", pageErrors.length === 0, pageErrors.join("; "));
  check("no failed requests", failedRequests.length === 0, failedRequests.join("; "));
  const others = requests.filter(u => !u.startsWith(URL) && !u.startsWith("blob:") && !u.startsWith("data:"));
  check("no requests to other hosts (" + requests.length + " requests)", others.length === 0, others.join("; "));
  await browser.close();
  process.exit(failures ? 1 : 0);
})().catch(e => {
  console.log("FAIL web: " + e.message.split("\n")[0]);
  console.error(e.stack);
  process.exit(1);
});
