// The bt monitor's page: plain JavaScript, no build step, nothing loaded from elsewhere.
//
// It reads the server's WebSocket (/ws; the messages are described in bt-monitor's
// src/session.rs), or a replay file opened from disk, into one "view": a tree, the events of
// each tick kept (a ring, as on the server) and each node's last event before the oldest of
// them (the base). Any tick of the ring can then be drawn whole: what each node did in it, what
// it did last, and the blackboard as it was.
"use strict";

const EVENTS = ["idle", "RUNNING", "SUCCESS", "FAILURE", "SKIPPED", "HALTED", "ABORTED"];
const CODE = { RUNNING: 1, SUCCESS: 2, FAILURE: 3, SKIPPED: 4, HALTED: 5, ABORTED: 6 };
const COLOURS = { 1: "#f0a030", 2: "#3aa655", 3: "#d9463b", 4: "#8a94a6", 5: "#4a7fd4", 6: "#8b1a1a" };
const NODE_W = 180, NODE_H = 36, COL_W = 224, ROW_H = 44, PAD = 16;

const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
};

const state = {
  socket: null,
  historyLimit: 1000,
  trees: new Map(),          // tree id -> tree
  treeList: [],              // [{id, name, nodes}] from the last agent list
  agents: [],                // the last agent list
  watched: null,             // agent id watched (live)
  view: null,                // what is shown: see newView()
  selected: null,            // selected node id
  collapsed: new Set(),
  zoom: 1,
  counts: null,              // {tree, agents, running[]} for the watched tree
  pendingTreeWaiters: [],
};

// ---- the tree ---------------------------------------------------------------------------

function makeTree(msg) {
  const nodes = msg.nodes;
  const children = nodes.map(() => []);
  const depth = new Array(nodes.length).fill(0);
  nodes.forEach((n, i) => {
    if (n.parent != null && n.parent < nodes.length) {
      children[n.parent].push(i);
      depth[i] = depth[n.parent] + 1;
    }
  });
  return { id: msg.id, name: msg.name, nodes, children, depth };
}

// A tree of `count` nodes under one root, for a trace whose tree is not known.
function flatTree(names) {
  const nodes = names.map((name, i) => ({
    name: name || "node " + i, kind: i === 0 ? "root" : "?", category: i === 0 ? "Control" : "Action",
    parent: i === 0 ? null : 0, params: [], ports: [],
  }));
  return makeTree({ id: "flat", name: "trace (tree not known)", nodes });
}

// ---- the view: a tree and its ticks ------------------------------------------------------

function newView(tree, source, limit) {
  return {
    tree, source, limit: limit || state.historyLimit,
    base: new Uint8Array(tree.nodes.length),
    ticks: [],
    cursor: null,        // index of the tick shown; null follows the newest
    cache: null,         // {index, last: Uint8Array, lastTick: Int32Array}
    agent: null,
    label: "",
  };
}

function pushTick(view, tick) {
  const ticks = view.ticks;
  const previous = ticks[ticks.length - 1];
  if (previous && previous.n === tick.n && !!previous.halt === !!tick.halt) {
    // The same record again (a blackboard or an error came after it was sent).
    if (tick.bb === undefined) tick.bb = previous.bb;
    ticks[ticks.length - 1] = tick;
    view.cache = null;
    return;
  }
  if (tick.bb === undefined) tick.bb = previous ? previous.bb : undefined;
  ticks.push(tick);
  while (ticks.length > view.limit) {
    const old = ticks.shift();
    for (const e of old.ev) if ((e >> 3) < view.base.length) view.base[e >> 3] = e & 7;
    if (view.cursor != null) view.cursor = Math.max(0, view.cursor - 1);
    view.cache = null;
  }
}

function cursorIndex(view) {
  if (!view || view.ticks.length === 0) return -1;
  return view.cursor == null ? view.ticks.length - 1 : Math.min(view.cursor, view.ticks.length - 1);
}

// Each node's last event up to and including tick `index`, and the tick number of it.
function lastEvents(view, index) {
  const n = view.tree.nodes.length;
  let last, lastTick, from;
  if (view.cache && view.cache.index <= index) {
    last = view.cache.last; lastTick = view.cache.lastTick; from = view.cache.index + 1;
  } else {
    last = Uint8Array.from(view.base); lastTick = new Int32Array(n).fill(-1); from = 0;
  }
  for (let k = from; k <= index; k++) {
    for (const e of view.ticks[k].ev) {
      const id = e >> 3;
      if (id < n) { last[id] = e & 7; lastTick[id] = k; }
    }
  }
  view.cache = { index, last, lastTick };
  return { last, lastTick };
}

// What each node did in tick `index`: its last event in it, and the position of that event.
function tickEvents(view, index) {
  const n = view.tree.nodes.length;
  const now = new Uint8Array(n), order = new Int32Array(n).fill(-1);
  if (index < 0) return { now, order };
  view.ticks[index].ev.forEach((e, k) => {
    const id = e >> 3;
    if (id < n) { now[id] = e & 7; order[id] = k; }
  });
  return { now, order };
}

// The path that made the root fail in a tick: down from the root through the child that
// failed last (or was aborted), to the leaf where it started. An aborted tick's path starts at
// the first node aborted.
function failurePath(view, index) {
  if (index < 0) return null;
  const tree = view.tree, tick = view.ticks[index];
  const { now, order } = tickEvents(view, index);
  const root = now[0] || tick.root;
  if (root !== CODE.FAILURE && root !== CODE.ABORTED) return null;
  let leaf = null;
  const first = tick.ev.find((e) => (e & 7) === CODE.ABORTED);
  if (root === CODE.ABORTED && first !== undefined) {
    leaf = first >> 3;
  } else {
    let node = 0;
    for (;;) {
      let best = -1;
      for (const c of tree.children[node] || []) {
        if ((now[c] === CODE.FAILURE || now[c] === CODE.ABORTED) && (best < 0 || order[c] > order[best])) best = c;
      }
      if (best < 0) break;
      node = best;
    }
    leaf = node;
  }
  const path = new Set();
  for (let id = leaf; id != null; id = tree.nodes[id].parent) path.add(id);
  return { leaf, path, error: tick.err, root };
}

// ---- drawing the tree ----------------------------------------------------------------------

let layout = null; // {pos: Map id -> {x, y}, width, height, visible: []}
let nodeEls = new Map();

function visibleChildren(tree, id) {
  return state.collapsed.has(id) ? [] : tree.children[id];
}

function computeLayout(tree) {
  const pos = new Map();
  let row = 0;
  const place = (id) => {
    const kids = visibleChildren(tree, id);
    let y;
    if (kids.length === 0) {
      y = row++;
    } else {
      const ys = kids.map(place);
      y = (ys[0] + ys[ys.length - 1]) / 2;
    }
    pos.set(id, { x: PAD + tree.depth[id] * COL_W, y: PAD + y * ROW_H });
    return y;
  };
  if (tree.nodes.length) place(0);
  let maxDepth = 0;
  for (const id of pos.keys()) maxDepth = Math.max(maxDepth, tree.depth[id]);
  return { pos, width: PAD * 2 + maxDepth * COL_W + NODE_W, height: PAD * 2 + Math.max(row, 1) * ROW_H };
}

function drawTree() {
  const view = state.view;
  const nodesDiv = $("nodes"), edges = $("edges");
  nodesDiv.textContent = "";
  edges.textContent = "";
  nodeEls = new Map();
  $("empty").hidden = !!view;
  if (!view) { layout = null; return; }
  const tree = view.tree;
  layout = computeLayout(tree);
  const canvas = $("tree-canvas");
  canvas.style.width = layout.width + "px";
  canvas.style.height = layout.height + "px";
  edges.setAttribute("width", layout.width);
  edges.setAttribute("height", layout.height);
  const svgNS = "http://www.w3.org/2000/svg";
  const fragment = document.createDocumentFragment();
  for (const [id, p] of layout.pos) {
    const node = tree.nodes[id];
    if (node.parent != null && layout.pos.has(node.parent)) {
      const q = layout.pos.get(node.parent);
      const x1 = q.x + NODE_W, y1 = q.y + NODE_H / 2, x2 = p.x, y2 = p.y + NODE_H / 2;
      const mid = (x1 + x2) / 2;
      const path = document.createElementNS(svgNS, "path");
      path.setAttribute("d", `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`);
      path.dataset.child = id;
      edges.append(path);
    }
    const kind = node.leaf_type && node.leaf_type !== node.name ? node.leaf_type : node.kind;
    const div = el("div", { class: "node cat-" + node.category, "data-node": id, "data-status": "idle", title: `${node.name} (${node.kind}) #${id}` },
      el("div", { class: "label", text: node.name }),
      el("div", { class: "kind", text: kind === node.name ? node.category : kind }));
    div.style.left = p.x + "px";
    div.style.top = p.y + "px";
    const kids = tree.children[id].length;
    if (kids) {
      const folded = state.collapsed.has(id);
      const fold = el("span", { class: "fold", title: folded ? `unfold (${countUnder(tree, id)} nodes)` : "fold", text: folded ? "+" : "−" });
      fold.addEventListener("click", (event) => { event.stopPropagation(); toggleFold(id); });
      div.append(fold);
      if (folded) div.querySelector(".kind").textContent += ` · +${countUnder(tree, id)}`;
    }
    div.addEventListener("click", () => selectNode(id));
    nodeEls.set(id, div);
    fragment.append(div);
  }
  nodesDiv.append(fragment);
  $("tree-info").textContent = `${tree.name}: ${tree.nodes.length} nodes, ${layout.pos.size} shown`;
  applyZoom();
  paint();
}

function countUnder(tree, id) {
  let count = 0;
  const stack = [...tree.children[id]];
  while (stack.length) { const c = stack.pop(); count++; stack.push(...tree.children[c]); }
  return count;
}

function toggleFold(id) {
  if (state.collapsed.has(id)) state.collapsed.delete(id); else state.collapsed.add(id);
  drawTree();
}

function defaultFolds(tree) {
  state.collapsed = new Set();
  if (tree.nodes.length <= 400) return;
  tree.nodes.forEach((n, i) => { if (tree.depth[i] === 3 && tree.children[i].length) state.collapsed.add(i); });
}

function applyZoom() {
  if (!layout) return;
  const canvas = $("tree-canvas");
  canvas.style.transform = `scale(${state.zoom})`;
  // The scroll area follows the scaled size.
  canvas.style.marginRight = (layout.width * (state.zoom - 1)) + "px";
  canvas.style.marginBottom = (layout.height * (state.zoom - 1)) + "px";
}

function zoomFit() {
  if (!layout) return;
  const box = $("tree-scroll").getBoundingClientRect();
  state.zoom = Math.max(0.35, Math.min(1, Math.min(box.width / layout.width, box.height / layout.height)));
  applyZoom();
}

// ---- painting the tick shown ------------------------------------------------------------

let paintQueued = false;
function schedulePaint() {
  if (paintQueued) return;
  paintQueued = true;
  requestAnimationFrame(() => { paintQueued = false; paint(); });
}

function paint() {
  const view = state.view;
  if (!view) { drawTimeline(); return; }
  const index = cursorIndex(view);
  const { last, lastTick } = index >= 0 ? lastEvents(view, index) : { last: view.base, lastTick: null };
  const { now } = tickEvents(view, index);
  const failure = failurePath(view, index);
  const counts = state.counts && view.source === "live" && state.counts.tree === view.tree.id ? state.counts : null;
  for (const [id, div] of nodeEls) {
    // A folded node shows the most telling status under it when it was not ticked itself.
    const status = EVENTS[now[id]];
    if (div.dataset.status !== status) div.dataset.status = status;
    const lastName = EVENTS[last[id]];
    if (div.dataset.last !== lastName) div.dataset.last = lastName;
    div.classList.toggle("fail-path", !!failure && failure.path.has(id) && id !== failure.leaf);
    div.classList.toggle("fail-leaf", !!failure && id === failure.leaf);
    div.classList.toggle("selected", id === state.selected);
    let badge = div.querySelector(".count");
    const count = counts ? counts.running[id] || 0 : 0;
    if (count > 0 && counts.agents > 1) {
      if (!badge) {
        badge = el("span", { class: "count", title: "agents running this node: click to list them" });
        badge.addEventListener("click", (event) => { event.stopPropagation(); listRunning(id); });
        div.append(badge);
      }
      badge.textContent = "×" + count;
    } else if (badge) badge.remove();
  }
  for (const path of $("edges").children) {
    const child = +path.dataset.child;
    const hot = now[child] === CODE.RUNNING;
    path.classList.toggle("hot", hot);
    path.classList.toggle("fail", !!failure && failure.path.has(child));
  }
  paintLabels(view, index, failure);
  paintBlackboard(view, index);
  paintDetails(view, index, now, last, lastTick);
  paintTransitions(view, index, last);
  drawTimeline();
}

function tickName(tick) {
  return tick ? `tick ${tick.n}${tick.halt ? " (halt)" : ""}` : "";
}

function paintLabels(view, index, failure) {
  const label = $("tick-label");
  const tick = view.ticks[index];
  label.textContent = tick ? `${tickName(tick)} · ${index + 1} of ${view.ticks.length}${view.cursor == null ? " · live" : ""}` : "no tick yet";
  label.dataset.n = tick ? tick.n : "";
  label.dataset.index = index;
  const root = $("root-label");
  root.textContent = "";
  if (tick && tick.root) root.append(el("span", { class: "pill " + EVENTS[tick.root], text: EVENTS[tick.root] }));
  $("live").classList.toggle("on", view.cursor == null);
  const f = $("failure");
  f.textContent = "";
  f.dataset.leaf = failure ? failure.leaf : "";
  if (failure) {
    const names = [...failure.path].reverse().map((id) => view.tree.nodes[id].name);
    f.textContent = `${failure.root === CODE.ABORTED ? "aborted" : "failed"} at ${view.tree.nodes[failure.leaf].name}` +
      (failure.error ? ` — error: ${failure.error}` : "") + `  (${names.join(" › ")})`;
    f.title = f.textContent;
  }
}

function paintBlackboard(view, index) {
  const body = $("blackboard").tBodies[0];
  body.textContent = "";
  const tick = view.ticks[index];
  const board = tick && tick.bb;
  const before = index > 0 ? view.ticks[index - 1].bb : undefined;
  $("bb-tick").textContent = tick ? `after ${tickName(tick)}` : "";
  $("bb-empty").hidden = !!(board && Object.keys(board).length);
  if (!board) return;
  for (const [name, value] of Object.entries(board)) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const changed = before && JSON.stringify(before[name]) !== JSON.stringify(value);
    const row = el("tr", { "data-entry": name, class: changed ? "changed" : "" },
      el("td", { text: name }), el("td", {}, el("code", { text })));
    body.append(row);
  }
}

function paintDetails(view, index, now, last, lastTick) {
  const box = $("node-details");
  const id = state.selected;
  if (id == null || id >= view.tree.nodes.length) { box.textContent = "Click a node."; box.classList.add("muted"); return; }
  box.classList.remove("muted");
  box.textContent = "";
  const node = view.tree.nodes[id];
  const status = EVENTS[now[id]];
  box.append(el("div", { class: "big", text: node.name }));
  const rows = [
    ["id", "#" + id],
    ["kind", node.kind],
    ["category", node.category],
  ];
  if (node.leaf_type) rows.push(["type", node.leaf_type]);
  if (node.parent != null) rows.push(["parent", `${view.tree.nodes[node.parent].name} #${node.parent}`]);
  const table = el("table", {});
  for (const [k, v] of rows) table.append(el("tr", {}, el("th", { text: k }), el("td", { text: v })));
  const nowRow = el("tr", {}, el("th", { text: "this tick" }), el("td", {}, el("span", { class: "pill " + status, text: status === "idle" ? "not ticked" : status })));
  table.append(nowRow);
  const lastName = EVENTS[last[id]];
  const when = lastTick && lastTick[id] >= 0 ? ` (${tickName(view.ticks[lastTick[id]])})` : lastName !== "idle" ? " (before the oldest tick kept)" : "";
  table.append(el("tr", {}, el("th", { text: "last" }), el("td", {}, el("span", { class: "pill " + lastName, text: lastName === "idle" ? "never" : lastName }), when)));
  if (state.counts && view.source === "live" && state.counts.tree === view.tree.id && state.counts.agents > 1) {
    const count = state.counts.running[id] || 0;
    const link = el("a", { href: "#", text: `${count} of ${state.counts.agents} agents` });
    link.addEventListener("click", (e) => { e.preventDefault(); listRunning(id); });
    table.append(el("tr", {}, el("th", { text: "running in" }), el("td", {}, link)));
  }
  box.append(table);
  if (node.params && node.params.length) {
    box.append(el("h2", { text: "Parameters" }));
    const t = el("table", {});
    for (const [k, v] of node.params) t.append(el("tr", {}, el("th", { text: k }), el("td", {}, el("code", { text: v }))));
    box.append(t);
  }
  if (node.ports && node.ports.length) {
    box.append(el("h2", { text: "Ports" }));
    const t = el("table", { class: "ports" });
    const tick = view.ticks[index];
    const board = tick && tick.bb;
    for (const [name, direction, type, required] of node.ports) {
      const binding = (node.params || []).find((p) => p[0] === name);
      const bound = binding ? binding[1] : required ? "(required)" : "(default)";
      const entry = binding && /^\{(.+)\}$/.exec(binding[1]);
      let value = "";
      if (entry && board && entry[1] in board) value = " = " + JSON.stringify(board[entry[1]]);
      t.append(el("tr", { "data-port": name }, el("th", { text: `${direction} ${name}` }),
        el("td", {}, el("code", { text: `${type} ← ${bound}${value}` }))));
    }
    box.append(t);
  }
}

function paintTransitions(view, index, lastAfter) {
  const box = $("transitions");
  box.textContent = "";
  if (index < 0) return;
  const tick = view.ticks[index];
  const before = index > 0 ? lastEvents(view, index - 1).last : view.base;
  const seen = Uint8Array.from(before);
  lastEvents(view, index); // keep the cache on the tick shown
  const lines = [];
  for (const e of tick.ev) {
    const id = e >> 3, code = e & 7;
    if (id >= view.tree.nodes.length) continue;
    const from = EVENTS[seen[id]];
    seen[id] = code;
    const row = el("div", { "data-node": id },
      el("span", { class: "pill " + EVENTS[code], text: EVENTS[code] }),
      ` ${view.tree.nodes[id].name} #${id}`,
      el("span", { class: "muted", text: from !== EVENTS[code] ? `  was ${from === "idle" ? "never ticked" : from}` : "" }));
    lines.push(row);
  }
  if (tick.truncated) lines.push(el("div", { class: "muted", text: `… ${tick.truncated} more reports not kept` }));
  if (!lines.length) lines.push(el("div", { class: "muted", text: "no report in this tick" }));
  box.append(...lines);
}

// ---- the timeline --------------------------------------------------------------------------

function drawTimeline() {
  const view = state.view;
  for (const id of ["strip", "lane"]) {
    const canvas = $(id);
    const width = canvas.clientWidth || 600;
    if (canvas.width !== width) canvas.width = width;
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!view || !view.ticks.length) continue;
    const count = view.ticks.length;
    const step = canvas.width / Math.max(count, 1);
    const index = cursorIndex(view);
    const node = id === "lane" ? state.selected : 0;
    if (id === "lane" && node == null) continue;
    for (let k = 0; k < count; k++) {
      const tick = view.ticks[k];
      let code = 0;
      if (id === "strip") code = tick.root;
      else for (const e of tick.ev) if ((e >> 3) === node) code = e & 7;
      if (!code) continue;
      ctx.fillStyle = COLOURS[code];
      ctx.fillRect(Math.floor(k * step), 0, Math.max(1, Math.ceil(step) - (step > 3 ? 1 : 0)), canvas.height);
    }
    ctx.fillStyle = "#1f2430";
    ctx.fillRect(Math.floor(index * step + step / 2) - 1, 0, 2, canvas.height);
  }
}

function timelineClick(event) {
  const view = state.view;
  if (!view || !view.ticks.length) return;
  const canvas = event.currentTarget;
  const rect = canvas.getBoundingClientRect();
  const k = Math.floor((event.clientX - rect.left) / rect.width * view.ticks.length);
  goTo(Math.max(0, Math.min(view.ticks.length - 1, k)));
}

function goTo(index) {
  const view = state.view;
  if (!view || !view.ticks.length) return;
  view.cursor = index >= view.ticks.length - 1 && view.source === "live" ? null : Math.max(0, index);
  if (view.cursor != null && view.cursor > view.ticks.length - 1) view.cursor = view.ticks.length - 1;
  paint();
}

function step(delta) {
  const view = state.view;
  if (!view || !view.ticks.length) return;
  const index = cursorIndex(view) + delta;
  const clamped = Math.max(0, Math.min(view.ticks.length - 1, index));
  // Stepping pauses the live view, also at the newest tick.
  view.cursor = clamped;
  paint();
}

function goLive() {
  const view = state.view;
  if (!view) return;
  view.cursor = view.source === "live" ? null : view.ticks.length - 1;
  paint();
}

// ---- the agent list ------------------------------------------------------------------------

const treesAsked = new Set();
function renderAgents(msg) {
  state.agents = msg.list;
  // The trees of the agents listed, for the names of the leaves they run.
  for (const a of msg.list) {
    if (!state.trees.has(a.tree) && !treesAsked.has(a.tree)) { treesAsked.add(a.tree); send("tree " + a.tree); }
  }
  state.treeList = msg.trees;
  const names = new Map(msg.trees.map((t) => [t.id, t.name]));
  $("agents-count").textContent = `${msg.total}`;
  const q = msg.query;
  $("agents-query").textContent = typeof q === "object" && q && "running" in q
    ? `agents running ${nodeName(state.view, q.running)}: ${msg.matched}` + (msg.matched > msg.list.length ? ` (first ${msg.list.length})` : "")
    : msg.matched > msg.list.length ? `${msg.matched} match, first ${msg.list.length} shown` : q ? `${msg.matched} match` : "";
  const list = $("agents");
  list.textContent = "";
  for (const a of msg.list) {
    const tree = state.trees.get(a.tree);
    const leaves = a.leaves.map((l) => tree && tree.nodes[l] ? tree.nodes[l].name : "#" + l);
    const what = a.root ? `${EVENTS[a.root]}${leaves.length ? " · " + leaves.join(", ") : ""}${a.running > leaves.length ? ` +${a.running - leaves.length}` : ""}` : "";
    const dot = el("span", { class: "dot" });
    if (a.root) dot.style.background = COLOURS[a.root];
    const li = el("li", { "data-agent": a.id, class: a.id === state.watched ? "watched" : "", title: `${a.name} #${a.id} (${names.get(a.tree)}), ${a.ticks} ticks` },
      dot, el("span", { class: "name", text: a.name }), el("span", { class: "id", text: "#" + a.id }),
      el("span", { class: "what", text: `${names.get(a.tree) || ""}${what ? " · " + what : ""}` }));
    li.addEventListener("click", () => watch(a.id));
    list.append(li);
  }
}

function nodeName(view, id) {
  return view && view.tree.nodes[id] ? view.tree.nodes[id].name : "#" + id;
}

function listRunning(id) {
  send("running " + id);
  $("find").value = "";
}

function watch(id) {
  state.watched = id;
  send("watch " + id);
  $("back-live").hidden = true;
  for (const li of $("agents").children) li.classList.toggle("watched", +li.dataset.agent === id);
}

// ---- the connection -------------------------------------------------------------------------

function send(text) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(text);
}

function connect() {
  if (location.protocol === "file:") {
    setConnection("closed", "no server: replays only");
    return;
  }
  const socket = new WebSocket(`ws://${location.host}/ws`);
  state.socket = socket;
  setConnection("connecting", "connecting…");
  socket.onopen = () => {
    setConnection("open", "connected");
    const text = $("find").value.trim();
    if (text) send("find " + text);
    if (state.watched != null && (!state.view || state.view.source === "live")) send("watch " + state.watched);
  };
  socket.onclose = () => {
    setConnection("closed", "disconnected: retrying");
    setTimeout(connect, 2000);
  };
  socket.onmessage = (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    onMessage(msg);
  };
}

function setConnection(stateName, text) {
  const c = $("connection");
  c.dataset.state = stateName;
  c.textContent = text;
}

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      state.historyLimit = msg.history;
      break;
    case "agents":
      renderAgents(msg);
      break;
    case "tree": {
      if (!state.trees.has(msg.id)) state.trees.set(msg.id, makeTree(msg));
      // A waiter says true when it has what it waited for.
      state.pendingTreeWaiters = state.pendingTreeWaiters.filter((w) => !w());
      break;
    }
    case "history": {
      if (msg.agent !== state.watched || (state.view && state.view.source === "replay")) break;
      const tree = state.trees.get(msg.tree);
      if (!tree) break;
      const keep = state.view && state.view.tree === tree;
      state.view = newView(tree, "live");
      state.view.agent = msg.agent;
      state.view.base = Uint8Array.from(msg.base);
      const agent = state.agents.find((a) => a.id === msg.agent);
      $("title").textContent = `${agent ? agent.name : "agent"} #${msg.agent} · ${tree.name}`;
      for (const t of msg.ticks) pushTick(state.view, t);
      if (!keep) { defaultFolds(tree); state.selected = null; drawTree(); zoomFit(); }
      else drawTree();
      break;
    }
    case "ticks": {
      const view = state.view;
      if (!view || view.source !== "live" || msg.agent !== view.agent) break;
      for (const t of msg.ticks) pushTick(view, t);
      schedulePaint();
      break;
    }
    case "counts":
      state.counts = msg;
      schedulePaint();
      break;
    case "error":
      setConnection("open", "server: " + msg.message);
      break;
  }
}

// ---- replays -------------------------------------------------------------------------------

function openReplay(file) {
  const reader = new FileReader();
  reader.onload = () => {
    const bytes = new Uint8Array(reader.result);
    const magic = new TextDecoder().decode(bytes.slice(0, 18));
    try {
      if (magic === "BTCPP4-FileLogger2") showReplay(file.name, parseBtlog(bytes));
      else parseTrace(new TextDecoder().decode(bytes), (replay) => showReplay(file.name, replay));
    } catch (error) {
      setConnection(state.socket ? $("connection").dataset.state : "closed", `${file.name}: ${error.message}`);
    }
  };
  reader.readAsArrayBuffer(file);
}

function showReplay(name, replay) {
  send("unwatch");
  state.watched = null;
  const view = newView(replay.tree, "replay", Math.max(replay.ticks.length, 1));
  for (const t of replay.ticks) pushTick(view, t);
  view.cursor = view.ticks.length ? view.ticks.length - 1 : null;
  state.view = view;
  state.selected = null;
  defaultFolds(replay.tree);
  $("title").textContent = "";
  $("title").append(el("span", { class: "banner", text: `Replay: ${name} · ${replay.tree.name} · ${replay.ticks.length} ${replay.unit}` }));
  $("back-live").hidden = false;
  for (const li of $("agents").children) li.classList.remove("watched");
  drawTree();
  zoomFit();
}

// BehaviorTree.CPP 4's FileLogger2: magic, version, XML length (i32) and XML, start time
// (i64 microseconds), then 9 bytes per change: time (6 bytes), uid (u16), status (u8).
function parseBtlog(bytes) {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 19;
  const xmlLength = data.getInt32(at, true); at += 4;
  if (xmlLength < 0 || at + xmlLength > bytes.length) throw new Error("not a .btlog: bad XML length");
  const xml = new TextDecoder().decode(bytes.slice(at, at + xmlLength)); at += xmlLength + 8;
  const { tree, byUid } = treeFromXml(xml);
  const ticks = [];
  let current = null, lastTime = -Infinity, rootNow = 0;
  for (; at + 9 <= bytes.length; at += 9) {
    const time = data.getUint32(at, true) + data.getUint16(at + 4, true) * 4294967296;
    const uid = data.getUint16(at + 6, true), status = data.getUint8(at + 8);
    const id = byUid.get(uid);
    if (id === undefined) continue;
    if (!current || time - lastTime > 1000) {
      if (current && current.ev.length) ticks.push(current);
      current = { n: ticks.length + 1, t: Math.round(time / 1000), root: rootNow, ev: [] };
    }
    lastTime = time;
    // IDLE is a reset: the node keeps its last status, faded.
    if (status >= 1 && status <= 4) {
      current.ev.push(id << 3 | status);
      if (id === 0) { rootNow = status; current.root = status; }
    }
  }
  if (current && current.ev.length) ticks.push(current);
  return { tree, ticks, unit: "steps (changes < 1 ms apart)" };
}

// The tree of a Groot2/`.btlog` XML: nodes in document order under the main tree, each
// SubTree followed by the instance of its tree (matched by `_fullpath`, else by ID).
function treeFromXml(text) {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  if (doc.querySelector("parsererror")) throw new Error("the .btlog's XML does not parse");
  const root = doc.documentElement;
  const trees = [...root.children].filter((e) => e.tagName === "BehaviorTree");
  const models = new Map();
  const model = [...root.children].find((e) => e.tagName === "TreeNodesModel");
  if (model) for (const m of model.children) models.set(m.getAttribute("ID"), m.tagName);
  const mainId = root.getAttribute("main_tree_to_execute");
  const main = trees.find((t) => t.getAttribute("ID") === mainId) || trees[0];
  if (!main) throw new Error("no BehaviorTree in the XML");
  const nodes = [], byUid = new Map();
  const add = (element, parent) => {
    const tag = element.tagName;
    const id = nodes.length;
    const kidsXml = [...element.children];
    const params = [...element.attributes].filter((a) => !a.name.startsWith("_") && a.name !== "name" && a.name !== "ID").map((a) => [a.name, a.value]);
    const type = tag === "SubTree" ? element.getAttribute("ID") : models.has(tag) ? tag : null;
    const category = tag === "SubTree" ? "SubTree" : models.get(tag) || (kidsXml.length > 1 ? "Control" : kidsXml.length === 1 ? "Decorator" : "Action");
    nodes.push({ name: element.getAttribute("name") || element.getAttribute("ID") || tag, kind: tag, category, parent, leaf_type: type, params, ports: [] });
    const uid = element.getAttribute("_uid");
    if (uid != null) byUid.set(+uid, id);
    if (tag === "SubTree") {
      const path = element.getAttribute("_fullpath");
      const sub = trees.find((t) => path && t.getAttribute("_fullpath") === path) || trees.find((t) => t.getAttribute("ID") === element.getAttribute("ID") && t !== main);
      if (sub) for (const child of sub.children) add(child, id);
    } else {
      for (const child of kidsXml) add(child, id);
    }
  };
  for (const child of main.children) add(child, null);
  // Groot2's uids start at 1 with the root; a tree missing them counts in document order.
  if (!byUid.size) nodes.forEach((_, i) => byUid.set(i + 1, i));
  return { tree: makeTree({ id: "xml", name: main.getAttribute("ID") || "tree", nodes }), byUid };
}

// A JSON-lines trace (bt's JsonTrace): {"tick","node","name","status"} per line.
function parseTrace(text, done) {
  const records = [];
  const names = [];
  text.split("\n").forEach((line, number) => {
    line = line.trim();
    if (!line) return;
    let r;
    try { r = JSON.parse(line); } catch (e) { throw new Error(`line ${number + 1} is not JSON`); }
    if (typeof r.node !== "number" || typeof r.tick !== "number" || !(r.status in CODE)) throw new Error(`line ${number + 1} is not a trace record`);
    records.push(r);
    names[r.node] = r.name;
  });
  if (!records.length) throw new Error("no record in the file");
  const count = names.length;
  const build = (tree) => {
    const ticks = [];
    let current = null;
    for (const r of records) {
      if (!current || current.n !== r.tick + 1) {
        current = { n: r.tick + 1, t: 0, root: 0, ev: [] };
        ticks.push(current);
      }
      current.ev.push(r.node << 3 | CODE[r.status]);
      if (r.node === 0 && r.status !== "HALTED") current.root = CODE[r.status];
    }
    done({ tree, ticks, unit: "ticks" });
  };
  const matches = (tree) => tree.nodes.length >= count && names.every((name, i) => name === undefined || tree.nodes[i].name === name);
  const known = [...state.trees.values()].find(matches);
  if (known) return build(known);
  const candidates = state.treeList.filter((t) => t.nodes >= count && !state.trees.has(t.id));
  if (!candidates.length) return build(flatTree(names));
  let waiting = candidates.length;
  const timer = setTimeout(() => { waiting = -1; build([...state.trees.values()].find(matches) || flatTree(names)); }, 1500);
  state.pendingTreeWaiters.push(() => {
    if (waiting < 0) return true;
    const found = [...state.trees.values()].find(matches);
    if (found || --waiting <= 0) { clearTimeout(timer); waiting = -1; build(found || flatTree(names)); return true; }
    return false;
  });
  for (const t of candidates) send("tree " + t.id);
}

// ---- wiring --------------------------------------------------------------------------------

function selectNode(id) {
  state.selected = state.selected === id ? null : id;
  paint();
}

let findTimer = null;
$("find").addEventListener("input", () => {
  clearTimeout(findTimer);
  findTimer = setTimeout(() => send("find " + $("find").value.trim()), 200);
});
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("live").addEventListener("click", goLive);
$("strip").addEventListener("click", timelineClick);
$("lane").addEventListener("click", timelineClick);
$("zoom-in").addEventListener("click", () => { state.zoom = Math.min(3, state.zoom * 1.25); applyZoom(); });
$("zoom-out").addEventListener("click", () => { state.zoom = Math.max(0.1, state.zoom / 1.25); applyZoom(); });
$("zoom-fit").addEventListener("click", zoomFit);
$("zoom-one").addEventListener("click", () => { state.zoom = 1; applyZoom(); });
$("expand-all").addEventListener("click", () => { state.collapsed.clear(); drawTree(); });
$("collapse-all").addEventListener("click", () => {
  const view = state.view;
  if (!view) return;
  state.collapsed = new Set(view.tree.nodes.map((_, i) => i).filter((i) => view.tree.depth[i] === 1 && view.tree.children[i].length));
  drawTree();
});
$("replay-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (file) openReplay(file);
  event.target.value = "";
});
$("back-live").addEventListener("click", () => {
  $("back-live").hidden = true;
  state.view = null;
  $("title").textContent = "";
  drawTree();
  paint();
});
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") { step(-1); event.preventDefault(); }
  else if (event.key === "ArrowRight") { step(1); event.preventDefault(); }
  else if (event.key === "Home") { goTo(0); event.preventDefault(); }
  else if (event.key === "End") { goLive(); event.preventDefault(); }
});
window.addEventListener("resize", () => drawTimeline());

// For tests and the curious: the page's state.
window.btMonitor = { state, openReplay, failurePath, cursorIndex };
connect();
paint();
