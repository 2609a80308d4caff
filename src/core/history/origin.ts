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
 * The origin of `target` among `candidates` (same kind family; a candidate from another file
 * only under the same name, as a move): the one with the same body (of several, the one of the
 * same name), else the clearly most similar by own code lines, at least ORIGIN_SIMILAR and
 * ORIGIN_MARGIN ahead of the next. Undefined when no candidate is clearly it.
 */
export function originOf(target: SymNode, path: string, candidates: OriginCandidate[]): Origin | undefined {
  const fits = candidates.filter((c) => group(c.node) === group(target) && (c.path === path || c.node.sym.name === target.sym.name));
  const same = fits.filter((c) => c.node.body !== "" && c.node.body === target.body);
  const named = same.filter((c) => c.node.sym.name === target.sym.name);
  if (same.length === 1 || named.length === 1) return { ...(same.length === 1 ? same[0] : named[0]), similarity: 1 };
  if (same.length) return undefined;
  if (target.codeLines.length < MIN_LINES) return undefined;
  let best: OriginCandidate | undefined;
  let top = 0;
  let second = 0;
  for (const c of fits) {
    if (c.node.codeLines.length < MIN_LINES) continue;
    const v = similarity(c.node.codeLines, target.codeLines);
    if (v > top) {
      second = top;
      top = v;
      best = c;
    } else if (v > second) second = v;
  }
  if (!best || top < ORIGIN_SIMILAR || top - second < ORIGIN_MARGIN) return undefined;
  return { ...best, similarity: Math.round(top * 100) / 100 };
}
