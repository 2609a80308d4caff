// The one token estimate every budget uses (digest, call chains, callers, folder outlines):
// characters / 4, close to BPE tokenizers on code and paths, and free to compute.
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
