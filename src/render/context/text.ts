// `context` as text, the same for the CLI and MCP get_context:
//
//   # context of src/orders.py:10-40 Orders.process (method; full text; 3 resolved callees, 1 type, 2 callers; within 4000 tokens)
//   # src/orders.py:10-40 Orders.process (method, symbol:…, sha256:…)
//   def process(self, order): …
//   ## calls (same-file, import: resolved; name-match: by name only, not type-checked)
//     self.validate@12 -> src/orders.py:50-60 Orders.validate [same-file]  def validate(self, order)
//     not in the workspace or unresolved: log.info@41 (logging)
//   ## types it names
//     src/models.py:5-30 class Order [import, 2x]  class Order
//   ## callers of `process` (the call lines; …)
//     src/api.py:88 [in handle, name-match]  orders.process(o)
//   # cut to fit 4000 tokens: 12 callers (…)
import { callerLine, calleeLine, callersHeading, CALLS_HEADING, cutLine, headLine, othersLine, typeLine, TYPES_HEADING, type FittedContext } from "./fit.ts";

export function renderContextText(f: FittedContext): string {
  const out = [headLine(f.data, f.maxTokens, f.view), ...(f.body ? [f.body.replace(/\n$/, "")] : [])];
  if (f.callees.length || f.others.length) {
    out.push(CALLS_HEADING);
    for (const c of f.callees) out.push(calleeLine(c.callee, c.signature));
    if (f.others.length) out.push(othersLine(f.others));
  }
  if (f.types.length) out.push(TYPES_HEADING, ...f.types.map(typeLine));
  if (f.callers.length) out.push(callersHeading(f.data.calledAs), ...f.callers.map(callerLine));
  const cut = cutLine(f);
  if (cut) out.push(cut);
  return out.join("\n") + "\n";
}
