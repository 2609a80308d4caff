// setup's planning on text alone (src/app/setup): an edit leaves every other byte as it was,
// a second run changes nothing, and taking it back gives the original bytes, for JSON, JSONC,
// TOML and Markdown files as people write them.
import { describe, expect, test } from "bun:test";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { planFile, type OwnedEdit } from "../src/app/setup/plan.ts";
import { blockRemove } from "../src/app/setup/block-edit.ts";
import { spliceOf, undoSplice } from "../src/app/setup/splice.ts";

const server = { command: "/opt/bin/ast-outline", args: ["mcp"] };
const member = (path = ["mcpServers", "ast-outline"], value: unknown = server, client = "cursor"): OwnedEdit => ({ kind: "json-member", path, value, what: "server", client });
const table: OwnedEdit = { kind: "toml-table", path: ["mcp_servers", "ast-outline"], value: server, what: "server", client: "codex" };
const block = (client = "codex"): OwnedEdit => ({ kind: "block", content: "## Reading code\nuse it\n", what: "block", client });
const hook: OwnedEdit = { kind: "json-item", path: ["hooks", "PreToolUse"], value: { matcher: "Read", hooks: [{ type: "command", command: "x agent-hook read" }] }, what: "hook", client: "claude" };

/** Setup, setup again, uninstall: the second run keeps every byte, the uninstall gives the original back. */
function roundTrip(original: string | null, edits: OwnedEdit[]) {
  const first = planFile("f", original, undefined, edits);
  expect(first.conflict).toBeUndefined();
  const second = planFile("f", first.next, first.record, edits);
  expect(second.next).toBe(first.next);
  expect(second.record).toEqual(first.record);
  const undone = planFile("f", first.next, first.record, []);
  expect(undone.next).toBe(original);
  expect(undone.record).toBeUndefined();
  return first.next!;
}

const JSON_CASES: Record<string, string> = {
  "empty object": "{}",
  "empty object, newline": "{}\n",
  "open empty object": "{\n}\n",
  "other keys": '{\n  "theme": "dark",\n  "zoom": 2\n}\n',
  "tabs and CRLF": '{\r\n\t"a": 1\r\n}\r\n',
  "comments and a trailing comma (JSONC)": '{\n  // mine\n  "a": 1, // tail\n  /* block */\n  "b": [1, 2],\n}\n',
  "servers already there": '{\n  "mcpServers": {\n    "other": {"command": "o"}\n  },\n  "z": true\n}\n',
  "empty servers": '{\n  "mcpServers": {}\n}\n',
  "one line": '{"a":1,"mcpServers":{"x":{"command":"y"}}}',
  "no final newline": '{\n    "a": 1\n}',
};

describe("JSON(C): the entry is added, the rest is kept byte for byte, and taken back exactly", () => {
  for (const [name, text] of Object.entries(JSON_CASES)) {
    test(name, () => {
      const out = roundTrip(text, [member()]);
      const parsed = parseJsonc(out, [], { allowTrailingComma: true }) as Record<string, Record<string, unknown>>;
      expect(parsed.mcpServers["ast-outline"]).toEqual(server);
      // Everything that was there still is.
      const before = parseJsonc(text, [], { allowTrailingComma: true }) as Record<string, unknown>;
      for (const [k, v] of Object.entries(before)) if (k !== "mcpServers") expect(parsed[k]).toEqual(v);
      for (const comment of text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? []) expect(out).toContain(comment);
      // Only insertions: the original's characters appear in order.
      let at = 0;
      for (const ch of text) at = out.indexOf(ch, at) + 1;
      expect(at).toBeGreaterThan(0);
    });
  }

  test("a file that is not there is made, and removed again", () => {
    const out = roundTrip(null, [member()]);
    expect(JSON.parse(out)).toEqual({ mcpServers: { "ast-outline": server } });
  });

  test("hook groups are appended to the lists, other hooks kept", () => {
    const text = '{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": []}\n    ]\n  },\n  "model": "x"\n}\n';
    const out = roundTrip(text, [hook]);
    expect((JSON.parse(out) as { hooks: { PreToolUse: unknown[] } }).hooks.PreToolUse).toEqual([{ matcher: "Bash", hooks: [] }, hook.value]);
  });
});

describe("TOML (Codex): our own table, the rest untouched", () => {
  const cases: Record<string, string | null> = {
    absent: null,
    "other settings and servers": 'model = "o3"\n\n[mcp_servers.docs]\ncommand = "docs"\nargs = []\n\n[profiles.fast]\nmodel = "mini"\n',
    "no final newline": 'model = "o3"',
    "a multi-line string that looks like a table": 'notes = """\n[mcp_servers.ast-outline]\n"""\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    test(name, () => {
      const out = roundTrip(text, [table]);
      const parsed = parseToml(out) as { mcp_servers: Record<string, unknown> };
      expect(parsed.mcp_servers["ast-outline"]).toEqual(server);
      if (text) expect(out.startsWith(text)).toBe(true);
    });
  }

  test("a table of the same name that setup did not write is a conflict, and nothing changes", () => {
    const text = '[mcp_servers.ast-outline]\ncommand = "/elsewhere/ast-outline"\nargs = ["mcp"]\n';
    const plan = planFile("f", text, undefined, [table]);
    expect(plan.conflict).toContain("not by ast-outline setup");
    expect(plan.next).toBe(text);
  });
});

describe("Markdown: one block between markers", () => {
  for (const [name, text] of Object.entries({ absent: null, "existing notes": "# Project\n\nRules.\n", "no final newline": "# P", "CRLF": "# P\r\n\r\nx\r\n" })) {
    test(name, () => {
      const out = roundTrip(text, [block()]);
      expect(out).toContain("<!-- ast-outline:begin");
      expect(out).toContain("use it");
    });
  }

  test("two clients reading one AGENTS.md get one block; removing one client keeps it for the other", () => {
    const first = planFile("AGENTS.md", "# P\n", undefined, [block("codex"), block("opencode")]);
    expect(first.next!.match(/ast-outline:begin/g)).toHaveLength(1);
    const codexGone = planFile("AGENTS.md", first.next, first.record, [block("opencode")]);
    expect(codexGone.next).toBe(first.next);
    expect(codexGone.record!.edits.map((e) => e.client)).toEqual(["opencode"]);
    expect(planFile("AGENTS.md", codexGone.next, codexGone.record, []).next).toBe("# P\n");
  });

  test("a block committed by someone else is replaced, and given back on uninstall", () => {
    const theirs = "# P\n\n<!-- ast-outline:begin (old) -->\nold text\n<!-- ast-outline:end -->\n";
    const plan = planFile("AGENTS.md", theirs, undefined, [block()]);
    expect(plan.next).not.toContain("old text");
    expect(planFile("AGENTS.md", plan.next, plan.record, []).next).toBe(theirs);
  });

  test("blockRemove takes the block and the blank line setup put before it", () => {
    expect(blockRemove("# P\n\n<!-- ast-outline:begin x -->\na\n<!-- ast-outline:end -->\n")).toBe("# P\n");
  });
});

describe("what setup did not write, it does not overwrite", () => {
  test("another server entry under our name: a conflict naming it, nothing changed", () => {
    const text = '{"mcpServers": {"ast-outline": {"command": "npx", "args": ["other"]}}}';
    const plan = planFile("f", text, undefined, [member()]);
    expect(plan.conflict).toContain("mcpServers.ast-outline is already set");
    expect(plan.next).toBe(text);
  });

  test("the same entry written by hand: left as it is, not recorded as ours", () => {
    const text = JSON.stringify({ mcpServers: { "ast-outline": server } });
    const plan = planFile("f", text, undefined, [member()]);
    expect(plan.next).toBe(text);
    expect(plan.record).toBeUndefined();
  });

  test("a file of ours that someone changed is kept on uninstall", () => {
    const rule: OwnedEdit = { kind: "file", content: "rule\n", what: "rule", client: "cursor" };
    const made = planFile("r.mdc", null, undefined, [rule]);
    const edited = "rule\nmine too\n";
    const undone = planFile("r.mdc", edited, made.record, []);
    expect(undone.next).toBe(edited);
    expect(undone.notes.join(" ")).toContain("edited since");
  });

  test("edits around our entry since setup: uninstall takes back only our entry, keeps theirs", () => {
    const first = planFile("f", '{\n  "a": 1\n}\n', undefined, [member()]);
    const edited = first.next!.replace('"a": 1', '"a": 2,\n  "b": 3');
    const undone = planFile("f", edited, first.record, []);
    expect(JSON.parse(undone.next!)).toEqual({ a: 2, b: 3 });
    // And when the edit reaches into what setup wrote, only our entry goes, by its shape.
    const closer = first.next!.replace('"args"', '"env": {},\n        "args"').replace('"a": 1', '"a": 5');
    const shaped = planFile("f", closer.replace('"mcpServers": {', '"mcpServers": {\n    "mine": {},'), first.record, []);
    expect(JSON.parse(shaped.next!)).toEqual({ a: 5, mcpServers: { mine: {}, "ast-outline": { command: server.command, env: {}, args: ["mcp"] } } });
    expect(shaped.notes.join(" ")).toContain("edited since");
  });

  test("text that is not JSON is not edited", () => {
    const plan = planFile("f", "{ nope", undefined, [member()]);
    expect(plan.conflict).toContain("not valid JSON");
  });
});

test("a splice is unique in the new text and undoes exactly", () => {
  const old = "a\nb\na\nb\n";
  const next = "a\nb\nX\na\nb\nX\n";
  const s = spliceOf(old, next);
  expect(undoSplice(next, s)).toBe(old);
});
