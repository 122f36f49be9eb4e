// The checks of tests/browser.sh, in headless chromium through playwright-core: each prints
// `ok - ..` or fails the run; the last line counts them.
import { createRequire } from "module";
import assert from "assert/strict";

const require = createRequire(process.env.BT_BROWSER_MODULES + "/");
const { chromium } = require("playwright-core");
const url = process.argv[2];
const files = process.env.BT_BROWSER_FILES;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  // Those that work on this kind of machine (no network but loopback): see CONTRIBUTING.md.
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
const errors = [];
page.on("pageerror", (error) => errors.push(error.message));

let passed = 0;
async function check(name, body) {
  await body();
  passed += 1;
  console.log(`ok - ${name}`);
}

const tickNumber = () => page.$eval("#tick-label", (e) => Number(e.dataset.n || -1));
const nodeCount = () => page.$$eval("#nodes .node", (nodes) => nodes.length);
const statuses = () => page.$$eval("#nodes .node", (nodes) => nodes.map((n) => n.dataset.status).join(","));
const blackboard = () => page.$$eval("#blackboard tr", (rows) =>
  Object.fromEntries(rows.map((r) => [r.dataset.entry, r.cells[1].textContent])));
const watch = async (name) => {
  await page.click(`#agents li:has(.name:text-is("${name}"))`);
  await page.waitForFunction((n) => document.querySelector("#title").textContent.includes(n), name);
  await page.waitForFunction(() => Number(document.querySelector("#tick-label").dataset.n || -1) > 0);
};

await page.goto(url);

await check("the page connects and lists the agents", async () => {
  await page.waitForSelector("#connection[data-state=open]");
  await page.waitForSelector('#agents li:has(.name:text-is("villager-001"))');
  for (const name of ["navigator", "picker", "courier"]) {
    assert.equal(await page.locator(`#agents li:has(.name:text-is("${name}"))`).count(), 1, name);
  }
  assert.match(await page.textContent("#agents-count"), /^43$/);
});

await check("the navigator's 49 nodes are drawn and their statuses change as it runs", async () => {
  await watch("navigator");
  assert.equal(await nodeCount(), 49);
  const seen = new Set();
  const first = await tickNumber();
  for (let i = 0; i < 30; i++) {
    seen.add(await statuses());
    await page.waitForTimeout(100);
  }
  const last = await tickNumber();
  assert.ok(last > first + 10, `ticks went from ${first} to ${last}`);
  assert.ok(seen.size >= 2, `${seen.size} distinct pictures of the statuses in 3 s`);
  // Some tick of the run shows a running node (a tick that completes the root shows none, so a
  // single look at an arbitrary moment can miss it).
  let running = 0;
  for (let i = 0; i < 30 && running === 0; i++) {
    running = await page.$$eval('#nodes .node[data-status="RUNNING"]', (n) => n.length);
    if (running === 0) await page.waitForTimeout(100);
  }
  assert.ok(running >= 1, "a node runs");
});

await check("stepping back shows an earlier tick and its blackboard, and stays there", async () => {
  // One step back first: the page stops following the live ticks, so that the tick and the
  // blackboard compared against are of one moment (read while live, the page could move on
  // between the two reads and the next step land on a later tick).
  await page.keyboard.press("ArrowLeft");
  const live = await blackboard();
  const liveTick = await tickNumber();
  assert.ok("progress" in live && "battery" in live, JSON.stringify(live));
  let steps = 0, earlier = null;
  for (; steps < 40; steps++) {
    await page.keyboard.press("ArrowLeft");
    const board = await blackboard();
    if (board.progress !== live.progress || board.battery !== live.battery) { earlier = board; break; }
  }
  assert.ok(earlier, "no earlier blackboard in 40 steps back");
  const shown = await tickNumber();
  assert.ok(shown < liveTick, `tick ${shown} shown after ${liveTick}`);
  // What the page shows is what the server recorded for that tick.
  const recorded = await page.evaluate(() => {
    const view = window.btMonitor.state.view;
    return view.ticks[window.btMonitor.cursorIndex(view)].bb;
  });
  assert.equal(String(recorded.progress), earlier.progress);
  await page.waitForTimeout(500);
  assert.equal(await tickNumber(), shown, "paused while new ticks arrive");
  await page.keyboard.press("ArrowRight");
  assert.equal(await tickNumber(), shown + 1);
  await page.click("#live");
  await page.waitForFunction((t) => Number(document.querySelector("#tick-label").dataset.n) > t, liveTick);
});

await check("a tick aborted by an error shows the failing leaf, its path and the error", async () => {
  await watch("courier");
  await page.waitForFunction(() => window.btMonitor.state.view.ticks.some((t) => t.root === 6));
  const { index, count } = await page.evaluate(() => {
    const ticks = window.btMonitor.state.view.ticks;
    return { index: ticks.findIndex((t) => t.root === 6), count: ticks.length };
  });
  const strip = await page.$("#strip");
  const box = await strip.boundingBox();
  await page.mouse.click(box.x + (index + 0.5) / count * box.width, box.y + box.height / 2);
  await page.waitForFunction(() => document.querySelector("#failure").textContent !== "");
  // Everything read in one step, from one painting: on a loaded machine the page may paint again
  // between separate reads.
  const shown = await page.evaluate(() => {
    const failure = document.querySelector("#failure");
    const leaf = failure.dataset.leaf;
    const node = document.querySelector(`#nodes .node[data-node="${leaf}"]`);
    const root = document.querySelector('#nodes .node[data-node="0"]');
    return {
      text: failure.textContent,
      leafName: node.querySelector(".label").textContent,
      leafMarked: node.classList.contains("fail-leaf"),
      rootClass: root.className + " " + root.dataset.status,
    };
  });
  assert.match(shown.text, /aborted at RoadClosed/);
  assert.match(shown.text, /error: the road to the customer is closed/);
  assert.equal(shown.leafName, "RoadClosed");
  assert.ok(shown.leafMarked, "the failing leaf is marked");
  assert.ok(shown.rootClass.includes("fail-path"), shown.rootClass);
});

await check("picking another agent shows its tree, and which agents run each node", async () => {
  await watch("villager-001");
  assert.equal(await nodeCount(), 9);
  assert.ok((await page.$$eval("#nodes .label", (l) => l.map((e) => e.textContent))).includes("Hungry"));
  // 40 villagers share the tree: the root runs in those whose last tick left a leaf running.
  await page.waitForSelector('#nodes .node[data-node="0"] .count');
  const rootCount = Number((await page.textContent('#nodes .node[data-node="0"] .count')).slice(1));
  assert.ok(rootCount >= 20 && rootCount <= 40, `the root runs in ${rootCount} of 40`);
  const wander = await page.$$eval("#nodes .node", (nodes) =>
    nodes.find((n) => n.querySelector(".label").textContent === "Wander").dataset.node);
  await page.waitForSelector(`#nodes .node[data-node="${wander}"] .count`);
  const count = Number((await page.textContent(`#nodes .node[data-node="${wander}"] .count`)).slice(1));
  await page.click(`#nodes .node[data-node="${wander}"] .count`);
  await page.waitForFunction(() => document.querySelector("#agents-query").textContent.startsWith("agents running Wander"));
  const listed = await page.$$eval("#agents li .name", (names) => names.map((n) => n.textContent));
  assert.ok(listed.length > 0 && listed.every((n) => n.startsWith("villager-")), listed.join(" "));
  assert.ok(Math.abs(listed.length - count) <= 8, `${listed.length} listed, ${count} counted`);
  await page.fill("#find", "");
  await page.type("#find", "picker");
  await page.waitForFunction(() => document.querySelectorAll("#agents li").length === 1);
});

await check("a tree of 209 nodes renders whole, each node in its own place", async () => {
  await watch("picker");
  assert.equal(await nodeCount(), 209);
  assert.match(await page.textContent("#tree-info"), /209 nodes, 209 shown/);
  const places = await page.$$eval("#nodes .node", (nodes) => nodes.map((n) => n.style.left + "," + n.style.top));
  assert.equal(new Set(places).size, 209);
  await page.click('#nodes .node[data-node="1"] .fold');
  assert.equal(await nodeCount(), 197);
  await page.click("#expand-all");
  assert.equal(await nodeCount(), 209);
});

await check("a .btlog replays: its tree drawn, stepping through its changes", async () => {
  await page.setInputFiles("#replay-file", `${files}/navigator.btlog`);
  await page.waitForSelector("#title .banner");
  assert.match(await page.textContent("#title"), /Replay: navigator\.btlog · MainTree|Replay: navigator\.btlog/);
  assert.equal(await nodeCount(), 49);
  const steps = await page.evaluate(() => window.btMonitor.state.view.ticks.length);
  assert.ok(steps > 20, `${steps} steps`);
  const before = await tickNumber();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await tickNumber(), before - 2);
  assert.ok(await page.$$eval('#nodes .node:not([data-status="idle"])', (n) => n.length) > 0);
});

await check("a JSON-lines trace replays on the registered tree whose names it matches", async () => {
  await page.setInputFiles("#replay-file", `${files}/navigator.jsonl`);
  await page.waitForFunction(() => document.querySelector("#title").textContent.includes("navigator.jsonl"));
  assert.match(await page.textContent("#title"), /Navigator · 120 ticks/);
  assert.equal(await nodeCount(), 49);
  assert.equal(await tickNumber(), 120);
  await page.click("#back-live");
});

if (process.env.BT_SCREENSHOT) {
  await page.fill("#find", "");
  await page.waitForSelector('#agents li:has(.name:text-is("navigator"))');
  await watch("navigator");
  await page.waitForTimeout(1500);
  await page.click('#nodes .node:has(.label:text-is("FollowPath"))');
  await page.waitForTimeout(300);
  await page.screenshot({ path: process.env.BT_SCREENSHOT });
  console.log(`screenshot: ${process.env.BT_SCREENSHOT}`);
}

await browser.close();
assert.deepEqual(errors, [], "errors in the page");
console.log(`browser: ${passed} passed, 0 failed`);
