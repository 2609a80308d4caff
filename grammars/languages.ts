// Every language, in the order `languages` and the README list them: each a folder of
// grammars/ holding its row (language.json, described by language.schema.json), its queries and
// the plug-ins its row names. To add a language, add its folder and its line here
// (test/registry.test.ts fails on a folder not listed); a plug-in, its line in PARSE_MASKS.
import type { ParseMask } from "../src/core/outline/parse-mask.ts";
import { plugin as cBranches } from "./c/masks/branches.ts";
import { plugin as cMacros } from "./c/masks/macros.ts";
import { plugin as cMacrosC } from "./c/masks/macros-c.ts";
import { plugin as cPreprocessor } from "./c/masks/preprocessor.ts";
import { plugin as juliaSyntax } from "./julia/masks/syntax.ts";
import { plugin as makeParentheses } from "./make/masks/parentheses.ts";
import { plugin as swiftSyntax } from "./swift/masks/syntax.ts";
import python from "./python/language.json" with { type: "json" };
import javascript from "./javascript/language.json" with { type: "json" };
import typescript from "./typescript/language.json" with { type: "json" };
import tsx from "./tsx/language.json" with { type: "json" };
import java from "./java/language.json" with { type: "json" };
import go from "./go/language.json" with { type: "json" };
import rust from "./rust/language.json" with { type: "json" };
import c from "./c/language.json" with { type: "json" };
import cpp from "./cpp/language.json" with { type: "json" };
import ruby from "./ruby/language.json" with { type: "json" };
import csharp from "./csharp/language.json" with { type: "json" };
import php from "./php/language.json" with { type: "json" };
import bash from "./bash/language.json" with { type: "json" };
import zsh from "./zsh/language.json" with { type: "json" };
import kotlin from "./kotlin/language.json" with { type: "json" };
import swift from "./swift/language.json" with { type: "json" };
import scala from "./scala/language.json" with { type: "json" };
import lua from "./lua/language.json" with { type: "json" };
import vue from "./vue/language.json" with { type: "json" };
import yaml from "./yaml/language.json" with { type: "json" };
import json from "./json/language.json" with { type: "json" };
import toml from "./toml/language.json" with { type: "json" };
import markdown from "./markdown/language.json" with { type: "json" };
import hcl from "./hcl/language.json" with { type: "json" };
import css from "./css/language.json" with { type: "json" };
import make from "./make/language.json" with { type: "json" };
import elixir from "./elixir/language.json" with { type: "json" };
import haskell from "./haskell/language.json" with { type: "json" };
import ocaml from "./ocaml/language.json" with { type: "json" };
import ocaml_interface from "./ocaml_interface/language.json" with { type: "json" };
import r from "./r/language.json" with { type: "json" };
import perl from "./perl/language.json" with { type: "json" };
import elm from "./elm/language.json" with { type: "json" };
import clojure from "./clojure/language.json" with { type: "json" };
import elisp from "./elisp/language.json" with { type: "json" };
import zig from "./zig/language.json" with { type: "json" };
import solidity from "./solidity/language.json" with { type: "json" };
import svelte from "./svelte/language.json" with { type: "json" };
import julia from "./julia/language.json" with { type: "json" };

export const LANGUAGE_ROWS = [
  python, javascript, typescript, tsx, java, go, rust, c, cpp, ruby, csharp, php, bash, zsh, kotlin, swift,
  scala, lua, vue, yaml, json, toml, markdown, hcl, css, make, elixir, haskell, ocaml, ocaml_interface, r,
  perl, elm, clojure, elisp, zig, solidity, svelte, julia,
];

/** The parse masks rows name, by `<folder>/<name>` (grammars/<folder>/masks/<name>.ts). */
export const PARSE_MASKS: Record<string, ParseMask> = {
  "c/branches": cBranches,
  "c/macros": cMacros,
  "c/macros-c": cMacrosC,
  "c/preprocessor": cPreprocessor,
  "julia/syntax": juliaSyntax,
  "make/parentheses": makeParentheses,
  "swift/syntax": swiftSyntax,
};
