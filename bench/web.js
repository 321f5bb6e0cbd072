// bench/web.js DIST OUT [RUNS]: how soon the page of `make web` is usable,
// against a baseline timed in the same run. Serves DIST on 127.0.0.1 and
// opens headless chromium (playwright-core, as tests/web/ does); each run
// opens, in a fresh browser context (nothing cached, no service worker):
//
//   blank   an empty page from the same server: what the browser costs to
//           open a context and navigate, whatever the page
//   page    index.html, until its body has data-ready (the wasm compiled,
//           the schema run, the form filled); then one workload planned:
//           the "serve llama-3.1-70b" example put in the form and planned,
//           until its plans are shown (best_plans and serving_plans)
//   native  the same workload's two queries in the sqlite3 shell with the
//           extension built here, from a fresh process (the baseline the
//           page's planning is compared with)
//
// alternately, RUNS times (default 5). Reports the median, min and max of
// each from goto() to ready as seen from Node (wall time), the page's own
// figures (navigation start to ready, and its start-up script alone), the
// ratio of the page to the blank page, the planning time against the
// native shell's, and the goals: the page usable within 2 s of opening,
// one workload planned within 1 s. Writes OUT (markdown) and prints it.
"use strict";
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const {chromium} = require(path.resolve("build/web/node_modules/playwright-core"));

const [DIST, OUT, RUNS_ARG] = process.argv.slice(2);
const RUNS = Number(RUNS_ARG || 5);
const GOAL_MS = 2000;
const PLAN_GOAL_MS = 1000;
const {execFileSync} = require("child_process");
// The "serve llama-3.1-70b" example of web/src/app.js (EXAMPLES.serve70b),
// as the native baseline inserts it.
const PLAN_SQL = "INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) " +
  "VALUES ('70b-chat', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40); " +
  "SELECT * FROM best_plans WHERE workload = '70b-chat'; " +
  "SELECT * FROM serving_plans WHERE workload = '70b-chat' ORDER BY rank;";
const TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css",
               ".wasm": "application/wasm", ".sql": "text/plain"};
const BLANK = "<!doctype html><title>blank</title><body data-ready=\"0\"></body>";

function serve() {
  const root = path.resolve(DIST);
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(req.url.split("?")[0]);
    if (name === "/blank.html") {
      res.writeHead(200, {"Content-Type": "text/html"});
      res.end(BLANK);
      return;
    }
    const file = path.resolve(root, "." + path.posix.normalize(name === "/" ? "/index.html" : name));
    if (!file.startsWith(root + path.sep)) { res.writeHead(403); res.end(); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, {"Content-Type": TYPES[path.extname(file)] || "application/octet-stream"});
      res.end(data);
    });
  });
  return new Promise(resolve => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// One cold open: wall ms from goto() to body[data-ready], and the page's
// performance.now() (ms since its navigation started) at that moment.
async function open(browser, url, planIt) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", {state: "attached", timeout: 30000});
  const wall = Date.now() - t0;
  const nav = Number(await page.getAttribute("body", "data-ready-nav"));
  const script = Number(await page.getAttribute("body", "data-ready"));
  let plan = null;
  if (planIt) {
    await page.click('button[data-example="serve70b"]');
    const t1 = Date.now();
    await page.click("#plan");
    await page.waitForFunction(() => document.querySelector("#plans-for").textContent === "for 70b-chat" &&
                                      !document.body.hasAttribute("data-busy"), null, {timeout: 120000});
    plan = Date.now() - t1;
  }
  await ctx.close();
  return {wall, nav, script, plan};
}

// The same workload planned by the sqlite3 shell: wall ms of a fresh
// process less that of the same process without the queries.
function native() {
  const run = sql => {
    const t0 = process.hrtime.bigint();
    execFileSync("sqlite3", ["-batch", ":memory:"],
                 {input: ".load ./gpuadv\n.read sql/gpuadv.sql\n" + sql + "\n", stdio: ["pipe", "ignore", "inherit"]});
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  return Math.max(0, Math.round(run(PLAN_SQL) - run("")));
}

const median = xs => { const s = [...xs].sort((a, b) => a - b); return s[(s.length - 1) >> 1]; };
const stats = xs => `${median(xs)} | ${Math.min(...xs)} | ${Math.max(...xs)}`;

(async () => {
  const server = await serve();
  const base = "http://127.0.0.1:" + server.address().port;
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         args: ["--no-sandbox"]});
  await open(browser, base + "/blank.html");  // the browser's own start, not counted
  const blank = [], page = [], nat = [];
  for (let i = 0; i < RUNS; i++) {
    blank.push(await open(browser, base + "/blank.html"));
    page.push(await open(browser, base + "/", true));
    nat.push(native());
  }
  const version = "Chromium " + browser.version();
  await browser.close();
  server.close();

  const wall = page.map(r => r.wall), bw = blank.map(r => r.wall);
  const ratio = median(wall) / median(bw);
  const met = median(wall) <= GOAL_MS ? "met" : "MISSED";
  const plans = page.map(r => r.plan);
  const planMet = median(plans) <= PLAN_GOAL_MS ? "met" : "MISSED";
  const wasm = fs.statSync(path.join(DIST, "gpuadv.wasm")).size;
  const md = [
    "# make bench: the web page",
    "",
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs (${os.cpus()[0].model}), ` +
      `${version}, gpuadv.wasm ${wasm} bytes. ` +
      `${RUNS} cold opens of each, alternating; milliseconds.`,
    "",
    "| measure | median | min | max |",
    "|---|---:|---:|---:|",
    `| blank page: goto() to ready (baseline) | ${stats(bw)} |`,
    `| page: goto() to ready | ${stats(wall)} |`,
    `| page: navigation start to ready (the page's clock) | ${stats(page.map(r => r.nav))} |`,
    `| page: its start-up script alone | ${stats(page.map(r => r.script))} |`,
    `| native: one workload planned by the sqlite3 shell (baseline) | ${stats(nat)} |`,
    `| page: one workload planned, click to plans shown | ${stats(plans)} |`,
    "",
    `The page takes ${ratio.toFixed(1)}x the blank page (medians). Goal: usable within ` +
      `${GOAL_MS / 1000} s of opening (the median of goto() to ready): ${met}.`,
    "",
    `Planning one workload (the page's "serve llama-3.1-70b" example: best_plans and serving_plans) ` +
      `takes ${(median(plans) / Math.max(1, median(nat))).toFixed(1)}x the native shell's time (medians). ` +
      `Goal: within ${PLAN_GOAL_MS / 1000} s in the page: ${planMet}.`,
    "",
    "Reproduce: `make bench-web` (bench/web.sh), or `node bench/web.js web/dist OUT RUNS`",
    "after `make web`.",
    ""].join("\n");
  fs.writeFileSync(OUT, md);
  process.stdout.write(md);
})().catch(e => { console.error("bench/web.js: " + e.message); process.exit(1); });
