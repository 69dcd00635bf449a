package tsgen

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// pkgSource is what reflection cannot see of a package: doc comments and the
// constants of its named types, read from the package's source files.
type pkgSource struct {
	typeDocs  map[string]string            // type name -> doc
	fieldDocs map[string]map[string]string // type name -> Go field name -> doc
	consts    map[string][]string          // type name -> string constant values, in source order
}

// findDir locates a package's source directory the way the go command does
// (module-aware), from the current directory.
func findDir(pkgPath string) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	p, err := build.Default.Import(pkgPath, wd, build.FindOnly)
	if err != nil {
		return "", fmt.Errorf("find package %s: %w", pkgPath, err)
	}
	return p.Dir, nil
}

// readSource parses the non-test Go files of dir.
func readSource(dir string) (*pkgSource, error) {
	src := &pkgSource{
		typeDocs:  map[string]string{},
		fieldDocs: map[string]map[string]string{},
		consts:    map[string][]string{},
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.TYPE:
				src.addTypes(gd)
			case token.CONST:
				src.addConsts(gd)
			}
		}
	}
	return src, nil
}

func (src *pkgSource) addTypes(gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		ts := spec.(*ast.TypeSpec)
		doc := ts.Doc
		if doc == nil && len(gd.Specs) == 1 {
			doc = gd.Doc
		}
		src.typeDocs[ts.Name.Name] = doc.Text()
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			continue
		}
		fields := map[string]string{}
		for _, f := range st.Fields.List {
			names := make([]string, 0, len(f.Names))
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
			if len(f.Names) == 0 { // embedded: named by its type
				names = append(names, embeddedName(f.Type))
			}
			for _, n := range names {
				fields[n] = fieldDoc(n, f)
			}
		}
		src.fieldDocs[ts.Name.Name] = fields
	}
}

// fieldDoc is a field's doc comment and line comment. A doc comment that
// does not start with the field's name is taken for a heading over a group
// of fields ("// Identity.") and left out, as it does not describe this one.
func fieldDoc(name string, f *ast.Field) string {
	doc := strings.TrimSpace(f.Doc.Text())
	if !strings.HasPrefix(doc, name+" ") {
		doc = ""
	}
	return strings.TrimSpace(doc + "\n" + f.Comment.Text())
}

func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// addConsts records string constants declared with an explicit named type,
// `A T = "a"` or `A = T("a")`.
func (src *pkgSource) addConsts(gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		for _, v := range vs.Values {
			typ := ""
			if id, ok := vs.Type.(*ast.Ident); ok {
				typ = id.Name
			}
			if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 1 {
				if id, ok := call.Fun.(*ast.Ident); ok && typ == "" {
					typ, v = id.Name, call.Args[0]
				}
			}
			lit, ok := v.(*ast.BasicLit)
			if typ == "" || !ok || lit.Kind != token.STRING {
				continue
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				continue
			}
			src.consts[typ] = append(src.consts[typ], s)
		}
	}
}
