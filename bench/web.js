// bench/web.js DIST OUT [RUNS]: how soon the page of `make web` is usable,
// against a baseline timed in the same run. Serves DIST on 127.0.0.1 and
// opens headless chromium (playwright-core, as tests/web/ does); each run
// opens, in a fresh browser context (nothing cached, no service worker):
//
//   blank   an empty page from the same server: what the browser costs to
//           open a context and navigate, whatever the page
//   page    index.html, until its body has data-ready (the wasm compiled,
//           the schema run, the form filled)
//
// alternately, RUNS times (default 5). Reports the median, min and max of
// each from goto() to ready as seen from Node (wall time), the page's own
// figures (navigation start to ready, and its start-up script alone), the
// ratio of the page to the blank page, and the goal: the page usable within
// 2 s of opening. Writes OUT (markdown) and prints it.
"use strict";
const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const {chromium} = require(path.resolve("build/web/node_modules/playwright-core"));

const [DIST, OUT, RUNS_ARG] = process.argv.slice(2);
const RUNS = Number(RUNS_ARG || 5);
const GOAL_MS = 2000;
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
async function open(browser, url) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", {state: "attached", timeout: 30000});
  const wall = Date.now() - t0;
  const nav = Number(await page.getAttribute("body", "data-ready-nav"));
  const script = Number(await page.getAttribute("body", "data-ready"));
  await ctx.close();
  return {wall, nav, script};
}

const median = xs => { const s = [...xs].sort((a, b) => a - b); return s[(s.length - 1) >> 1]; };
const stats = xs => `${median(xs)} | ${Math.min(...xs)} | ${Math.max(...xs)}`;

(async () => {
  const server = await serve();
  const base = "http://127.0.0.1:" + server.address().port;
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         args: ["--no-sandbox"]});
  await open(browser, base + "/blank.html");  // the browser's own start, not counted
  const blank = [], page = [];
  for (let i = 0; i < RUNS; i++) {
    blank.push(await open(browser, base + "/blank.html"));
    page.push(await open(browser, base + "/"));
  }
  const version = "Chromium " + browser.version();
  await browser.close();
  server.close();

  const wall = page.map(r => r.wall), bw = blank.map(r => r.wall);
  const ratio = median(wall) / median(bw);
  const met = median(wall) <= GOAL_MS ? "met" : "MISSED";
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
    "",
    `The page takes ${ratio.toFixed(1)}x the blank page (medians). Goal: usable within ` +
      `${GOAL_MS / 1000} s of opening (the median of goto() to ready): ${met}.`,
    "",
    "Reproduce: `make bench-web` (bench/web.sh), or `node bench/web.js web/dist OUT RUNS`",
    "after `make web`.",
    ""].join("\n");
  fs.writeFileSync(OUT, md);
  process.stdout.write(md);
})().catch(e => { console.error("bench/web.js: " + e.message); process.exit(1); });
