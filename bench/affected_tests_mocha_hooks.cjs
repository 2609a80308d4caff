// Mocha root hooks for bench/affected-tests.ts: V8 precise coverage cut at each test's edges.
// Profiler.takePreciseCoverage returns what ran since the last call and resets the counters, so
// the report taken in afterEach is that one test's (its own beforeEach and afterEach hooks
// included); what ran before (loading the files) or between tests is dropped. Only scripts of
// the project (under the working folder, outside node_modules) are kept.
const inspector = require("node:inspector");
const fs = require("node:fs");
const path = require("node:path");

const out = process.env.AFFECTED_TESTS_OUT;
const root = `file://${process.cwd()}/`;
const session = new inspector.Session();
session.connect();
const post = (method, params) => {
  let result;
  session.post(method, params, (err, r) => {
    if (err) throw err;
    result = r;
  });
  return result;
};
post("Profiler.enable");
post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

exports.mochaHooks = {
  beforeEach() {
    post("Profiler.takePreciseCoverage");
  },
  afterEach() {
    const { result } = post("Profiler.takePreciseCoverage");
    const scripts = result.filter((s) => s.url.startsWith(root) && !s.url.includes("/node_modules/"));
    const test = this.currentTest;
    fs.appendFileSync(out, JSON.stringify({ file: test.file, title: test.fullTitle(), scripts }) + "\n");
  },
};
