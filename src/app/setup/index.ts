// `setup` for agent clients, planned on text alone: which files each client reads (clients.ts),
// the edits and their exact undo (plan.ts, splice.ts, *-edit.ts), the workflow text (instructions.ts).
export { CLIENTS, type Launch, type Places, type Scope } from "./clients.ts";
export { WORKFLOW } from "./instructions.ts";
export { planSetup, type SetupState } from "./setup.ts";
