package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedNamesHaveDocComments walks the module's non-main packages
// (tests and testdata aside) and fails for every exported function,
// method of an exported type, type, constant or variable without a doc
// comment (its own, or its group's), naming its file and line.
func TestExportedNamesHaveDocComments(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "results" || d.Name() == "runs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		missing = append(missing, undocumented(t, p)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range missing {
		t.Errorf("no doc comment: %s", m)
	}
}

// undocumented lists the exported names of the Go file at path that lack
// a doc comment (none for package main).
func undocumented(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if f.Name.Name == "main" {
		return nil
	}
	var out []string
	add := func(pos token.Pos, what string) { out = append(out, fset.Position(pos).String()+": "+what) }
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.IsExported() && d.Doc == nil && exportedRecv(d.Recv) {
				add(d.Pos(), "func "+d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() && d.Doc == nil && s.Doc == nil {
						add(s.Pos(), "type "+s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
							add(n.Pos(), n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// exportedRecv is true for a function or a method of an exported type.
func exportedRecv(recv *ast.FieldList) bool {
	if recv == nil || len(recv.List) == 0 {
		return true
	}
	typ := recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	switch g := typ.(type) {
	case *ast.IndexExpr: // a generic type with one parameter
		typ = g.X
	case *ast.IndexListExpr: // with several
		typ = g.X
	}
	id, ok := typ.(*ast.Ident)
	return !ok || id.IsExported()
}
