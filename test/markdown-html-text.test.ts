// htmlText (src/render/markdown.ts): text from a change inside the comment's raw HTML (the
// `<summary>` of files without symbol changes) keeps its letters and punctuation, with nothing
// that HTML or a terminal would read as markup or a command.
import { expect, test } from "bun:test";
import { htmlText } from "../src/render/markdown.ts";

test("printable Unicode and punctuation kept; markup as entities; controls and bidi escaped", () => {
  expect(htmlText("too large (5.1 MiB > 4 MiB)")).toBe("too large (5.1 MiB &gt; 4 MiB)");
  expect(htmlText("non lisible : accès refusé — 文件")).toBe("non lisible : accès refusé — 文件");
  expect(htmlText(`<img src=x onerror="alert('1')">&amp;`)).toBe("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;");
  expect(htmlText("a\u202eb\nc\x1b[31m\u2028")).toBe("a\\342\\200\\256b\\nc\\033[31m\\342\\200\\250");
});
