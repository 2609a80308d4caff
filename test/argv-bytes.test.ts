// Arguments that are not UTF-8 (src/io/argv.ts): taken again from the command line's bytes when
// they line up with what the runtime decoded, else left as they are.
import { describe, expect, test } from "bun:test";
import { argvFromBytes } from "../src/io/argv.ts";
import { encodeName } from "../src/io/names.ts";

const cmdline = (...parts: (string | Buffer)[]) => () => Buffer.concat(parts.flatMap((p) => [Buffer.isBuffer(p) ? p : Buffer.from(p), Buffer.from([0])]));
const BAD = Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x70, 0x79]);

describe("argvFromBytes", () => {
  test("an argument with U+FFFD gets its bytes back as escaped bytes; the others are left as they are", () => {
    const args = ["outline", "bad\ufffd.py", "ok\ufffd"];
    const out = argvFromBytes(args, cmdline("/usr/bin/ast-outline", "outline", BAD, "ok\ufffd"));
    expect(out).toEqual(["outline", "bad\udcff.py", "ok\ufffd"]); // a real U+FFFD in a name stays one
    expect(encodeName(out[1])).toEqual(BAD);
  });

  test("a command line that does not line up (or cannot be read) changes nothing", () => {
    const args = ["outline", "bad\ufffd.py"];
    expect(argvFromBytes(args, cmdline("x", "outline", Buffer.from("other\xff", "latin1")))).toEqual(args);
    expect(argvFromBytes(args, cmdline("outline"))).toEqual(args);
    expect(argvFromBytes(args, () => { throw new Error("ENOENT"); })).toEqual(args);
    let read = false;
    expect(argvFromBytes(["outline", "a.py"], () => ((read = true), Buffer.alloc(0)))).toEqual(["outline", "a.py"]);
    expect(read).toBe(false); // nothing lost, nothing read
  });
});
