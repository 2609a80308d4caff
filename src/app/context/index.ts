// One symbol with its neighbourhood (`context`, MCP get_context).
export { symbolContext, MAX_CALLERS } from "./gather.ts";
