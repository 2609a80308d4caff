// The tool's version; test/readme.test.ts checks it is package.json's.
export const VERSION = "0.1.0";
