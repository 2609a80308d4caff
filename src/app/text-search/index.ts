// Text search answered by symbol (`search --text`, MCP search_text).
export { searchText, type TextSearchRequest } from "./search.ts";
export { MAX_LINES_PER_FILE } from "./lines.ts";
