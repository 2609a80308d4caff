// Whether bytes are text: a rule over the bytes alone, shared by the readers (io) and the renderers.

/**
 * Git's own rule (buffer_is_binary in xdiff-interface.c): a NUL byte in the first 8,000 bytes.
 * `changed` thereby calls binary exactly what `git diff` shows as binary (.gitattributes aside:
 * they are not read, so a change cannot mark its own code binary), and outline and index agree.
 */
export const BINARY_SNIFF_BYTES = 8000;

export function looksBinary(bytes: Uint8Array): boolean {
  // indexOf searches in native code: in a short-lived process far faster than a JavaScript loop.
  return bytes.subarray(0, Math.min(bytes.length, BINARY_SNIFF_BYTES)).indexOf(0) !== -1;
}
