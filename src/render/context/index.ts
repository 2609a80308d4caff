// `context` fitted to its budget (fit.ts) and printed as text or JSON.
export { fitContext, type FittedContext } from "./fit.ts";
export { renderContextText } from "./text.ts";
export { renderContextJson } from "./json.ts";
