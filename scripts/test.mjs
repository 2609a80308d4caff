#!/usr/bin/env node
// `npm test`: run bun's test runner (installed as a devDependency, so only Node is needed)
// and close with the one line CI reads: `N passed, N failed, N skipped`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bun = join(root, "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");
if (!existsSync(bun)) {
  console.error("ast-outline tests: bun is not installed (run npm ci)");
  process.exit(2);
}
// The tests drive real grammars, real git and the compiled binary: bun's 5 s default is too short on a busy machine.
const child = spawn(bun, ["test", "--timeout", "60000", ...process.argv.slice(2)], { cwd: root, stdio: ["ignore", "inherit", "pipe"] });
let tail = "";
child.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  tail = (tail + chunk.toString()).slice(-4000);
});
child.on("close", (code) => {
  const count = (word) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(tail)?.[1] ?? 0);
  const passed = count("pass");
  const failed = count("fail");
  const skipped = count("skip");
  const failedRun = code !== 0 && failed === 0 ? 1 : failed; // a crash or load error counts as a failure
  console.log(`${passed} passed, ${failedRun} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(code ?? 1);
});
