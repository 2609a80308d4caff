// The cache folder's name, apart from the format (format.ts) so that the compiled binary's
// start-up seam, which looks for a cache before anything else loads, loads nothing more.
export const CACHE_DIR = ".ast_outline_cache";
