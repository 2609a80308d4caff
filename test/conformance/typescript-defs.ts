// The definitions the TypeScript compiler sees in a file, named and ranged the way the outline
// contract names and ranges them. What counts (the outline's kinds in parentheses):
//   class declarations/expressions with a name (class), interfaces (interface), enums (enum),
//   type aliases (type), namespaces and `declare module "x"` (namespace/module; `A.B.C` is one
//   name, `declare global` is transparent), function declarations incl. overload signatures
//   (function), methods and accessors anywhere incl. object literals, method signatures of
//   interfaces and of type-alias object types, class properties initialised with an arrow or
//   function expression (method), constructors incl. overloads (constructor), variables
//   initialised with an arrow or function expression and `a.b.name = () => {}` statements
//   (function).
// Not counted: call/construct/index signatures, properties, enum members, anonymous defaults.
// Qualified names join the enclosing counted definitions and, as in the outline, the
// module-level variables (`const api = { get() {} }` gives `api.get`).
// Ranges: from the first token (decorators, `export`, `declare` included, leading comments
// and JSDoc not) to the last, 1-based lines; a variable's range is its whole statement.
import ts from "typescript";
import type { RefDef } from "./compare.ts";

/** The compiler's script kind for a file name: .js/.mjs/.cjs (JSX allowed, as the compiler does), .jsx, .tsx, else TS. */
export function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  if (fileName.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/**
 * `values`: also count module-level variables (each name a declaration binds, destructured ones
 * included, ranged by their statement; not `require()` bindings, which are imports) and enum members (the conformance bench does; the
 * conformance test keeps to the callable and type definitions above).
 */
export function typescriptDefs(fileName: string, text: string, opts: { values?: boolean } = {}): RefDef[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const out: RefDef[] = [];
  const line = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (name: string, node: ts.Node, scope: string) => {
    const q = scope ? `${scope}.${name}` : name;
    out.push({ name: q, start: line(node.getStart(sf)), end: line(node.end), kind: ts.isVariableStatement(node) ? "VariableStatement" : ts.SyntaxKind[node.kind] });
    return q;
  };
  const isFn = (e: ts.Expression | undefined) => !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
  const nameOf = (n: ts.PropertyName | ts.BindingName | ts.ModuleName) => n.getText(sf);

  const bound = (n: ts.BindingName): ts.Identifier[] =>
    ts.isIdentifier(n) ? [n] : n.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bound(e.name)));

  const visit = (node: ts.Node, scope: string): void => {
    let inner = scope;
    if (opts.values && ts.isEnumMember(node)) {
      add(nameOf(node.name), node, scope);
      return;
    }
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name) inner = add(node.name.text, node, scope);
    else if (ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node) || ts.isTypeAliasDeclaration(node)) inner = add(node.name.text, node, scope);
    else if (ts.isModuleDeclaration(node)) {
      if (node.flags & ts.NodeFlags.GlobalAugmentation) return ts.forEachChild(node, (c) => visit(c, scope));
      if (ts.isModuleDeclaration(node.parent) && node.parent.body === node) return ts.forEachChild(node, (c) => visit(c, scope)); // A.B.C: named by the outermost
      // `declare module "x"` is module x in the outline (quotes dropped).
      let name = ts.isStringLiteral(node.name) ? node.name.text : nameOf(node.name);
      let body = node.body;
      while (body && ts.isModuleDeclaration(body)) {
        name += `.${nameOf(body.name)}`;
        body = body.body;
      }
      inner = add(name, node, scope);
    } else if (ts.isFunctionDeclaration(node) && node.name) inner = add(node.name.text, node, scope);
    else if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) inner = add(nameOf(node.name), node, scope);
    else if (ts.isConstructorDeclaration(node)) inner = add("constructor", node, scope);
    else if (ts.isMethodSignature(node) && (ts.isInterfaceDeclaration(node.parent) || (ts.isTypeLiteralNode(node.parent) && ts.isTypeAliasDeclaration(node.parent.parent)))) {
      inner = add(nameOf(node.name), node, scope);
    } else if (ts.isPropertyDeclaration(node) && isFn(node.initializer)) inner = add(nameOf(node.name), node, scope);
    else if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression) && node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.expression.left) && isFn(node.expression.right)) {
      inner = add(node.expression.left.name.text, node, scope);
    } else if (ts.isVariableStatement(node)) {
      const topLevel = ts.isSourceFile(node.parent);
      for (const d of node.declarationList.declarations) {
        // `const x = require("y")` is an import, not a definition.
        const imported = !!d.initializer && /^require\s*\(/.test(d.initializer.getText(sf));
        if (opts.values && topLevel && !isFn(d.initializer) && !imported) for (const id of bound(d.name)) add(id.text, node, scope);
        if (!ts.isIdentifier(d.name)) {
          if (d.initializer) visit(d.initializer, scope);
          continue;
        }
        let dscope = scope;
        if (isFn(d.initializer)) dscope = add(d.name.text, node, scope);
        else if (topLevel) dscope = scope ? `${scope}.${d.name.text}` : d.name.text;
        if (d.initializer) visit(d.initializer, dscope);
      }
      return;
    }
    ts.forEachChild(node, (c) => visit(c, inner));
  };
  visit(sf, "");
  return out;
}
