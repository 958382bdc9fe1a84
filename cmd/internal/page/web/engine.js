// The page's only way to the engine: a Web Worker running odds compiled
// to WebAssembly (worker.js), spoken to as the page contract says: every
// request carries an id, every reply echoes it; Monte Carlo replies with
// progress first. Go's WebAssembly is single-threaded, so a long run
// blocks the worker: cancel terminates it and starts a new one.

export class Engine {
  constructor(url = "worker.js") {
    this.url = url;
    this.next = 1;
    this.pending = new Map(); // id -> {resolve, reject, progress, running}
    // ready settles when the first worker's engine runs.
    this.ready = new Promise((resolve) => { this.isReady = resolve; });
    this.start();
  }

  start() {
    // The first worker may have been started by boot.js, before the
    // page's modules were read.
    const booted = globalThis.oddsBoot?.worker;
    if (booted) globalThis.oddsBoot.worker = null;
    this.worker = booted || new Worker(this.url);
    this.worker.onmessage = (e) => this.reply(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.failAll({ message: "the engine failed to start: " + (e.message || "worker error"), status: 500 });
    };
  }

  reply(m) {
    if (m.ready) {
      // How the engine started, for whoever measures the page.
      performance.mark("odds-engine-ready", { detail: m.timing });
      return this.isReady();
    }
    if (m.handled) return performance.mark("odds-engine-first", { detail: m.handled });
    const p = this.pending.get(m.id);
    if (!p) return; // a reply to a request given up
    if (m.progress) {
      p.running = true;
      p.progress?.(m.progress);
      return;
    }
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new Error(m.error?.message || "error"), m.error || {}));
  }

  failAll(err) {
    for (const [, p] of this.pending) p.reject(Object.assign(new Error(err.message), err));
    this.pending.clear();
  }

  // call sends one request; progress({done, total}) is called for Monte Carlo.
  call(msg, progress) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress, running: false });
      this.worker.postMessage({ ...msg, id });
    });
  }

  // running says whether a Monte Carlo run is under way: a pending
  // request has reported progress.
  get running() {
    for (const [, p] of this.pending) if (p.running) return true;
    return false;
  }

  // cancel stops whatever runs: the worker is terminated and a new one
  // started; every pending request fails with cancelled set.
  cancel() {
    this.worker.terminate();
    this.failAll({ message: "cancelled", cancelled: true });
    this.start();
  }
}

// latest makes a page's way of asking: each question it sends supersedes
// the one before (a Monte Carlo run still under way is cancelled), and
// only the latest question's progress and reply reach the page.
// busy(null) is called when a reply takes over 150 ms, busy({done,
// total}) with a run's progress; a superseded question's promise never
// settles.
export function latest(engine, busy) {
  let seq = 0;
  return (msg) => {
    const my = ++seq;
    if (engine.running) engine.cancel();
    const slow = setTimeout(() => my === seq && busy(null), 150);
    const mine = (settle) => (v) => {
      if (my !== seq) return;
      clearTimeout(slow);
      settle(v);
    };
    return new Promise((resolve, reject) => {
      engine.call(msg, (pr) => my === seq && busy(pr)).then(mine(resolve), mine(reject));
    });
  };
}
