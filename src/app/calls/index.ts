// Calls across the repository: the call chain from a symbol, the callers of a name, and the call
// sites a change breaks (`changed --impact`). resolver.ts is also reached directly, loaded late by
// a symbol's skeleton and drill (symbol-view.ts), which need no chain, callers or impact. `tests`
// asks where an import leads and what class a receiver is.
export { findCallers, innermost } from "./callers.ts";
export { callChain } from "./chain.ts";
export { withImpact } from "./impact.ts";
export { candidateShown, importLeadsTo, type Lead } from "./leads.ts";
export { CLASS_LIKE, receiverTypes } from "./receiver-types.ts";
