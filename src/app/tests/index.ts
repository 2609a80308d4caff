// `tests`: the tests a change can reach, with the chain to each and how sure it is
// (affected.ts); the repository as the walk asks it (graph.ts), the runners it uses (runners.ts).
export { affectedTests, DEFAULT_TEST_DEPTH, type AffectedOptions } from "./affected.ts";
