// The one token estimate every budget uses (digest, call chains, callers, folder outlines):
// characters / 4, close to BPE tokenizers on code and paths, and free to compute.
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * A count that stays at or above the o200k tokenizer's on source code, where dense code (short
 * names, punctuation) runs to fewer characters a token than prose: for an answer that is mostly
 * code and must not pass its budget by either count (`context`; bench/README.md has the ratios
 * measured).
 */
export const SAFE_CHARS_PER_TOKEN = 3;

export function estimateTokensSafe(text: string): number {
  return Math.ceil(text.length / SAFE_CHARS_PER_TOKEN);
}
