// The seed documents' command names (issue 16): `get-outline --file-path F` and
// `get-symbol --file-path F --symbol S` answer exactly what `outline F` and `symbol F S` do.
import { expect, test } from "bun:test";
import { ROOT, runCli } from "./helpers/cli.ts";

const FILE = "fixtures/python/notifier.py";

test("get-outline --file-path is outline, in every format", async () => {
  for (const extra of [[], ["--format", "json"], ["--max-children", "1", "--docs"]]) {
    const alias = await runCli(["get-outline", "--file-path", FILE, ...extra], ROOT);
    const plain = await runCli(["outline", FILE, ...extra], ROOT);
    expect(alias.code).toBe(0);
    expect(alias.stdout).toBe(plain.stdout);
  }
});

test("get-symbol --file-path --symbol is symbol, several symbols and options included", async () => {
  const alias = await runCli(["get-symbol", "--file-path", FILE, "--symbol", "Notifier.send", "--symbol", "connect"], ROOT);
  expect(alias.stdout).toBe((await runCli(["symbol", FILE, "Notifier.send", "connect"], ROOT)).stdout);
  expect(alias.stdout).toContain("def send(self");
  const json = await runCli(["get-symbol", "--file-path", FILE, "--symbol", "connect", "--format", "json"], ROOT);
  expect(json.stdout).toBe((await runCli(["symbol", FILE, "connect", "--format", "json"], ROOT)).stdout);
  const missing = await runCli(["get-symbol", "--file-path", FILE, "--symbol", "nope"], ROOT);
  expect(missing.code).toBe(1);
});

test("a missing --file-path or --symbol is a usage error", async () => {
  const noFile = await runCli(["get-outline"], ROOT);
  expect(noFile.code).toBe(2);
  expect(noFile.stderr).toBe("ast-outline: --file-path is required (get-outline --file-path FILE)\n");
  const noSymbol = await runCli(["get-symbol", "--file-path", FILE], ROOT);
  expect(noSymbol.code).toBe(2);
  expect(noSymbol.stderr).toContain("--symbol is required");
});
