// `digest`'s answer as text: the ranked map, or the flat one.
export { flatDigestFits } from "./flat.ts";
export { renderDigestAnswer } from "./ranked.ts";
export { renderDigestJson } from "./json.ts";
