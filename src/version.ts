// Kept in step with package.json by scripts/build.mjs (checked by a test).
export const VERSION = "0.1.0";
