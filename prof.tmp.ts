import { AgentTools } from "./src/mcp/tools.ts";
import { Workspace } from "./src/io/workspace.ts";
import { processEnv } from "./src/io/env.ts";
const cwd = process.argv[2];
const env = processEnv({ cwd });
const tools = new AgentTools(new Workspace([cwd]), env);
for (const f of process.argv.slice(3)) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  await tools.getOutline(f);
  const c = process.cpuUsage(cpu);
  console.log(f, (performance.now() - t).toFixed(0), "ms wall", ((c.user + c.system) / 1000).toFixed(0), "ms cpu");
}
