// A symbol's view (full text, skeleton, drill) and symbol lookups as text or JSON.
export { renderLookupsJson, renderLookupsText, renderSymbolText } from "./text.ts";
export { symbolHeader } from "./header.ts";
