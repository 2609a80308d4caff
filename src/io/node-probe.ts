// The TreeProbe (work-tree.ts) over node:fs, for everything but the binary's start-up seam.
import { lstatSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TreeProbe } from "./work-tree.ts";

export const nodeProbe: TreeProbe = {
  exists(path) {
    try {
      lstatSync(path);
      return true;
    } catch {
      return false;
    }
  },
  dirname,
  join,
};
