// Where a definition whose parse has an error really ends. Error recovery can close a body
// early (a MISSING `}`, the rest of the body left as fragments of an error region) or run it on
// over the code that follows. A body in braces ends at the `}` that closes its `{`, counted over
// the tree's tokens, which keeps strings and comments out of the count whatever the language.
import type { Node, TreeCursor } from "web-tree-sitter";

const OPENERS = new Set(["{", "${", "#{"]);

/**
 * Index just past the `}` that closes the `{` opening `body`, or undefined when the body does
 * not open with `{` or the file ends before the braces balance (then the caller's indentation
 * rule decides). An error-free subtree holds both braces of each pair it has, so it is skipped
 * whole: the walk reads tokens only where error recovery left them.
 */
export function braceCloseEnd(body: Node): number | undefined {
  if (!body.hasError) return undefined;
  const cursor = cursorAt(body);
  if (!cursor) return undefined;
  try {
    if (!cursor.gotoFirstChild() || cursor.nodeType !== "{" || cursor.nodeIsMissing) return undefined;
    let depth = 0;
    for (;;) {
      let descend = false;
      if (!cursor.nodeIsMissing) {
        const type: string = cursor.nodeType;
        if (OPENERS.has(type)) depth++;
        else if (type === "}") {
          if (--depth === 0) return cursor.endIndex;
        } else if (cursor.nodeIsNamed) descend = cursor.currentNode.hasError;
      }
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return undefined;
    }
  } finally {
    cursor.delete();
  }
}

/**
 * A cursor from the tree's root moved down to `node`, so that it can walk on past its end.
 * (The cursor's gotoFirstChildForIndex is not used: in web-tree-sitter 0.25 it lands on the
 * first child whatever the index.)
 */
function cursorAt(node: Node): TreeCursor | undefined {
  const cursor = node.tree.rootNode.walk();
  const { startIndex, endIndex, id } = node;
  while (cursor.nodeId !== id) {
    let inside = cursor.gotoFirstChild();
    // The child that holds the node: the first to end at or after its end (zero-width
    // children at its start end there too, so those are passed over unless they are it).
    while (inside && (cursor.endIndex < endIndex || (cursor.endIndex === cursor.startIndex && cursor.nodeId !== id && endIndex > startIndex))) {
      inside = cursor.gotoNextSibling();
    }
    if (!inside || cursor.startIndex > startIndex) {
      cursor.delete();
      return undefined;
    }
  }
  return cursor;
}
