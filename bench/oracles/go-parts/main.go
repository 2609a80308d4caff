// The parts of every Go declaration as go/parser (the Go toolchain's own) sees them, for
// bench/classification.ts: one JSON array on stdout of
//   {"first": line, "ident": line, "name": "T.M", "sig": …, "doc": …, "value": …, "body": …}
// first is the doc-less start line, parts are go/printer's text of the nodes (comments are not
// printed when a node is printed alone), "-" when the declaration has no such part.
// Usage: go run main.go FILE
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strings"
)

type row struct {
	First int    `json:"first"`
	Ident int    `json:"ident"`
	Name  string `json:"name"`
	Sig   string `json:"sig"`
	Doc   string `json:"doc"`
	Value string `json:"value"`
	Body  string `json:"body"`
}

var fset = token.NewFileSet()

func text(n ast.Node) string {
	if n == nil {
		return "-"
	}
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func doc(g *ast.CommentGroup) string {
	if g == nil {
		return "-"
	}
	return g.Text()
}

func recvName(r *ast.FieldList) string {
	if r == nil || len(r.List) == 0 {
		return ""
	}
	t := r.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func main() {
	f, err := parser.ParseFile(fset, os.Args[1], nil, parser.ParseComments)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	rows := []row{}
	for _, d := range f.Decls {
		switch x := d.(type) {
		case *ast.FuncDecl:
			name := x.Name.Name
			if r := recvName(x.Recv); r != "" {
				name = r + "." + name
			}
			sig := text(x.Type)
			if x.Recv != nil {
				sig = text(x.Recv) + " " + sig
			}
			var body ast.Node
			if x.Body != nil {
				body = x.Body
			}
			rows = append(rows, row{line(x.Pos()), line(x.Name.Pos()), name, sig, doc(x.Doc), "-", text(body)})
		case *ast.GenDecl:
			for _, s := range x.Specs {
				switch sp := s.(type) {
				case *ast.TypeSpec:
					d := sp.Doc
					if d == nil && len(x.Specs) == 1 {
						d = x.Doc
					}
					sig := sp.Name.Name + " " + text(sp.TypeParams)
					switch t := sp.Type.(type) {
					case *ast.StructType:
						sig += " struct"
						for _, fl := range t.Fields.List {
							for _, n := range fl.Names {
								tag := "-"
								if fl.Tag != nil {
									tag = fl.Tag.Value
								}
								rows = append(rows, row{line(fl.Pos()), line(n.Pos()), sp.Name.Name + "." + n.Name, n.Name + " " + text(fl.Type) + " " + tag, doc(fl.Doc), "-", "-"})
							}
						}
					case *ast.InterfaceType:
						sig += " interface"
						for _, fl := range t.Methods.List {
							for _, n := range fl.Names {
								rows = append(rows, row{line(fl.Pos()), line(n.Pos()), sp.Name.Name + "." + n.Name, n.Name + " " + text(fl.Type), doc(fl.Doc), "-", "-"})
							}
						}
					default:
						sig += " " + text(sp.Type)
					}
					rows = append(rows, row{line(sp.Pos()), line(sp.Name.Pos()), sp.Name.Name, sig, doc(d), "-", "-"})
				case *ast.ValueSpec:
					d := sp.Doc
					if d == nil && len(x.Specs) == 1 {
						d = x.Doc
					}
					for i, n := range sp.Names {
						var v ast.Node
						if i < len(sp.Values) {
							v = sp.Values[i]
						}
						rows = append(rows, row{line(sp.Pos()), line(n.Pos()), n.Name, x.Tok.String() + " " + n.Name + " " + text(sp.Type), doc(d), text(v), "-"})
					}
				}
			}
		}
	}
	out, _ := json.Marshal(rows)
	os.Stdout.Write(out)
}
