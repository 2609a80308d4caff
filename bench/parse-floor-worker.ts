// Worker of bench/parse-floor.ts: parse its share of the files with tree-sitter, nothing else.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { Language, Parser } from "web-tree-sitter";

const { files, runtime, grammar } = workerData as { files: string[]; runtime: string; grammar: string };
await Parser.init({ wasmBinary: readFileSync(runtime) });
const parser = new Parser();
parser.setLanguage(await Language.load(readFileSync(grammar)));
for (const f of files) parser.parse(readFileSync(f, "utf8"))?.delete();
parentPort!.postMessage("done");
