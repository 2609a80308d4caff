// The repository index: the cache's manifest, objects and symbol shards under .ast_outline_cache/
// (or kept in memory where no cache may be used), refreshed so that only what changed is parsed.
// The front door for the CLI's `index`, `search`, `digest` and `hook run`. Two side doors: the MCP
// server's index is workspace-index.ts, which reads files only through the workspace gate (the
// CLI's repo-index.ts reads the work tree directly); a single file's object is read through
// lookup.ts, which loads none of the refresh (outline and symbol must start light).
export { refreshCache, type RefreshResult, type SymbolIndex } from "./refresh.ts";
export { refreshRepo, type RepoIndex, type RepoIndexOptions } from "./repo-index.ts";
export { ensureExcluded, repoRelative } from "./repo.ts";
