// The git pre-commit integration. script.ts (the hook's text) is also reached from src/bin, which
// hands it the compiled binary's embedded copy.
export { installHook, runHook, selfCommand, startHookInBackground, uninstallHook } from "./hook.ts";
