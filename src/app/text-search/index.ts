// Text search answered by symbol (`search --text`, MCP search_text).
export { searchText, type TextSearchRequest } from "./search.ts";
