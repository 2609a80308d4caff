// One symbol with its neighbourhood (`context`, MCP get_context).
export { symbolContext } from "./gather.ts";
