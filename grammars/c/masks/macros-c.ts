// The "c/macros-c" parse mask: "c/macros" (macros.ts) as the C row reads it. The C grammar has no
// function without a type, so a block a macro heads at file scope, `TEST(suite, name) {`,
// `TEST_BEGIN(test_x) {`, keeps a letter of its arguments and reads as `TEST(x          ) {`:
// a function typed by the macro with a parenthesized name, which the C query outlines under
// the macro's name (as C++ does).
import type { ParseMask } from "../../../src/core/outline/parse-mask.ts";
import { maskMacros } from "./macros.ts";

export const plugin: ParseMask = { reads: "always", mask: (text) => ({ text: maskMacros(text, { typedBlocks: true }), leftOut: [] }) };
