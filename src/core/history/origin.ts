// Where one added symbol came from: `history` follows a single symbol, so at the commit that
// added it, it can ask which definition gone from that commit's old side is this symbol's
// origin. The whole-diff pairing of `changed` must decline where two added definitions compete
// for one removed (a copy kept elsewhere, a getter and a setter); for one symbol the question has
// one answer or none. Pure.
import { group, similarity } from "../diff/match.ts";
import type { SymNode } from "../diff/source.ts";

/** A definition gone from the commit's old side (its name no longer in its file), and that file. */
export interface OriginCandidate {
  node: SymNode;
  path: string;
}

export interface Origin extends OriginCandidate {
  /** Dice similarity of the two own code lines (comments and whitespace dropped); 1 for the same body. */
  similarity: number;
}

/**
 * Minimum similarity for a one-symbol link that is not the same body. Below `changed`'s 0.7
 * (SIMILAR), which must also be a mutual best among every added and removed definition.
 */
export const ORIGIN_SIMILAR = 0.5;
/** How far the best candidate must be ahead of the runner-up. */
export const ORIGIN_MARGIN = 0.15;
/** Fewer own code lines than this (on either side) are too little evidence for a similarity link. */
const MIN_LINES = 3;

/**
 * The origin of `target` (in file `path` before the commit) among `candidates` (same kind
 * family; a candidate from another file only under the same name, as a move): the one with the
 * same body, else the most similar by own code lines, at least ORIGIN_SIMILAR and ORIGIN_MARGIN
 * ahead of the rest. Where several are about as good (a copy per generated tree, moved alike),
 * the one of the same name, then the one whose file shares the most leading folders with `path`
 * (mirrors keep their layout), if it is also the best. Undefined when no candidate is clearly it.
 */
export function originOf(target: SymNode, path: string, candidates: OriginCandidate[]): Origin | undefined {
  const fits = candidates.filter((c) => group(c.node) === group(target) && (c.path === path || c.node.sym.name === target.sym.name));
  const same = fits.filter((c) => c.node.body !== "" && c.node.body === target.body);
  if (same.length) {
    const one = nearest(target, path, same);
    return one && { ...one, similarity: 1 };
  }
  if (target.codeLines.length < MIN_LINES) return undefined;
  const scored = fits
    .filter((c) => c.node.codeLines.length >= MIN_LINES)
    .map((c) => ({ c, v: similarity(c.node.codeLines, target.codeLines) }))
    .sort((a, b) => b.v - a.v);
  const top = scored[0]?.v ?? 0;
  if (top < ORIGIN_SIMILAR) return undefined;
  // Those about as good (within the margin): the nearest of them, if it is also the best.
  const close = scored.filter((s) => top - s.v < ORIGIN_MARGIN);
  const one = nearest(target, path, close.map((s) => s.c));
  return one && close.find((s) => s.c === one)!.v === top ? { ...one, similarity: Math.round(top * 100) / 100 } : undefined;
}

/** Of candidates about as good, the one clearly nearest: the same name, then the most leading folders shared with `path`. */
function nearest(target: SymNode, path: string, tied: OriginCandidate[]): OriginCandidate | undefined {
  if (tied.length === 1) return tied[0];
  const named = tied.filter((c) => c.node.sym.name === target.sym.name);
  const pool = named.length ? named : tied;
  if (pool.length === 1) return pool[0];
  const depth = (p: string) => {
    const a = p.split("/");
    const b = path.split("/");
    let i = 0;
    while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
    return i;
  };
  const best = Math.max(...pool.map((c) => depth(c.path)));
  const at = pool.filter((c) => depth(c.path) === best);
  return at.length === 1 ? at[0] : undefined;
}
