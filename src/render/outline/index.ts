// A file's outline as text or JSON, and a folder's outlines fitted to a token budget.
export { FolderOutlineText } from "./folder.ts";
export { renderOutlineJson, renderOutlineJsonl } from "./json.ts";
export { renderOutlineText } from "./text.ts";
export { fitSignature } from "./signature-fit.ts";
