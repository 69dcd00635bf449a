// Package tsgen writes TypeScript declarations of Go types as encoding/json
// sends them, so the web's types cannot drift from the Go ones
// (web/src/lib/types.ts; functions/cmd/tsgen holds the list of root types).
//
// Mapping rules, each following encoding/json:
//   - a field's TypeScript name is its json tag name (the Go name without one);
//     `json:"-"` and unexported fields are left out;
//   - omitempty on a type it can omit (bool, number, string, slice, map,
//     pointer, interface) and omitzero make the field optional (`name?:`);
//     every other field is required, because Go always sends it;
//   - a pointer, slice, map or interface that is sent even when nil is `| null`;
//   - bool is boolean, every integer and float is number, `,string` is string;
//   - time.Time and encoding.TextMarshaler types are string; []byte is string;
//     json.RawMessage and interfaces are unknown; another MarshalJSON is an error;
//   - a field's `tstype:"..."` tag is its TypeScript type as written, for a
//     field whose Go type cannot show its JSON (a json.RawMessage holding a
//     number or a name);
//   - a slice is T[], a map is Record<K, V> (Partial when K is a union);
//   - a named struct is an interface of its own name; an embedded struct's
//     fields are promoted (extends when the embedded type is named and its
//     fields are not shadowed);
//   - a named string type with string constants of that type in its
//     package's source is a union of those literals; without, it is string;
//   - Go doc comments on types and fields become JSDoc comments.
package tsgen

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"
)

// Config says what to generate.
type Config struct {
	// Header is the file's first comment lines, without comment markers.
	Header []string
	// Roots are the types to declare; every named type they reach is
	// declared too, in the order first reached.
	Roots []reflect.Type
	// Names renames Go types whose names would clash or mislead in TypeScript.
	Names map[reflect.Type]string
	// Enums are string unions Go keeps as plain string values (a []string of
	// options rather than a named type), declared after the roots.
	Enums []Enum
	// Aliases are extra names for declared types, for names the web imports.
	Aliases []Alias
	// Consts are Go numbers the web must use as they are (a limit an API
	// enforces, say), declared last as `export const Name = Value`.
	Consts []Const
	// MainPkg is the import path of the calling command, whose source holds
	// the docs of types it declares itself (reflect names their package "main").
	MainPkg string
}

// Enum is a string union with no named Go type.
type Enum struct {
	Name, Doc string
	Values    []string
}

// Alias declares `export type Name = Target`.
type Alias struct {
	Name, Target, Doc string
}

// Const declares `export const Name = Value;`, or with JSON set
// `export const Name = <JSON, one element a line> as const;` (data the web
// reads as it is, the page table's router paths, say).
type Const struct {
	Name, Doc string
	Value     int
	JSON      any
}

var (
	timeType       = reflect.TypeFor[time.Time]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	jsonMarshaler  = reflect.TypeFor[json.Marshaler]()
	textMarshaler  = reflect.TypeFor[encoding.TextMarshaler]()
	identRE        = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)
)

// generator holds one run's state.
type generator struct {
	cfg     Config
	sources map[string]*pkgSource   // pkgPath -> parsed source
	names   map[string]reflect.Type // TS name -> Go type, to catch clashes
	queue   []reflect.Type          // named types to declare, in order reached
	seen    map[reflect.Type]bool
	out     bytes.Buffer
}

// Generate returns the TypeScript declarations of cfg's types.
func Generate(cfg Config) ([]byte, error) {
	g := &generator{
		cfg:     cfg,
		sources: map[string]*pkgSource{},
		names:   map[string]reflect.Type{},
		seen:    map[reflect.Type]bool{},
	}
	for _, line := range cfg.Header {
		fmt.Fprintf(&g.out, "// %s\n", line)
	}
	for _, t := range cfg.Roots {
		if _, err := g.ref(t); err != nil {
			return nil, err
		}
	}
	// Declaring a type may reach more types: the queue grows as it is drained.
	for i := 0; i < len(g.queue); i++ {
		if err := g.declare(g.queue[i]); err != nil {
			return nil, err
		}
	}
	for _, e := range cfg.Enums {
		if err := g.claim(e.Name, nil); err != nil {
			return nil, err
		}
		g.out.WriteString("\n")
		g.doc("", e.Doc)
		fmt.Fprintf(&g.out, "export type %s = %s;\n", e.Name, union(e.Values))
	}
	for _, a := range cfg.Aliases {
		if _, ok := g.names[a.Target]; !ok {
			return nil, fmt.Errorf("alias %s: no declared type %s", a.Name, a.Target)
		}
		if err := g.claim(a.Name, nil); err != nil {
			return nil, err
		}
		g.out.WriteString("\n")
		g.doc("", a.Doc)
		fmt.Fprintf(&g.out, "export type %s = %s;\n", a.Name, a.Target)
	}
	consts := map[string]bool{}
	for _, c := range cfg.Consts {
		if !identRE.MatchString(c.Name) || consts[c.Name] {
			return nil, fmt.Errorf("const %q: not an identifier, or declared twice", c.Name)
		}
		consts[c.Name] = true
		g.out.WriteString("\n")
		g.doc("", c.Doc)
		if c.JSON == nil {
			fmt.Fprintf(&g.out, "export const %s = %d;\n", c.Name, c.Value)
			continue
		}
		lit, err := jsonLiteral(c.JSON)
		if err != nil {
			return nil, fmt.Errorf("const %s: %w", c.Name, err)
		}
		fmt.Fprintf(&g.out, "export const %s = %s as const;\n", c.Name, lit)
	}
	return g.out.Bytes(), nil
}

// claim reserves a TypeScript name for t (nil for enums and aliases).
func (g *generator) claim(name string, t reflect.Type) error {
	if prev, ok := g.names[name]; ok && (prev != t || t == nil) {
		return fmt.Errorf("two types are named %s in TypeScript (%v and %v): rename one in Config.Names", name, prev, t)
	}
	g.names[name] = t
	return nil
}

func (g *generator) tsName(t reflect.Type) string {
	if n, ok := g.cfg.Names[t]; ok {
		return n
	}
	return t.Name()
}

func (g *generator) source(pkgPath string) (*pkgSource, error) {
	if src, ok := g.sources[pkgPath]; ok {
		return src, nil
	}
	importPath := pkgPath
	if pkgPath == "main" && g.cfg.MainPkg != "" {
		importPath = g.cfg.MainPkg
	}
	dir, err := findDir(importPath)
	if err != nil {
		return nil, err
	}
	src, err := readSource(dir)
	if err != nil {
		return nil, fmt.Errorf("read source of %s: %w", pkgPath, err)
	}
	g.sources[pkgPath] = src
	return src, nil
}

// isNamed reports whether t gets a declaration of its own.
func isNamed(t reflect.Type) bool {
	return t.Name() != "" && t.PkgPath() != ""
}

// ref returns the TypeScript type expression for a value of type t,
// queueing the named types it reaches for declaration.
func (g *generator) ref(t reflect.Type) (string, error) {
	switch {
	case t == timeType:
		return "string", nil
	case t == rawMessageType:
		return "unknown", nil
	case t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler):
		return "", fmt.Errorf("%v has its own MarshalJSON: its TypeScript form cannot be derived", t)
	case t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler):
		return "string", nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.String:
		if !isNamed(t) {
			return "string", nil
		}
		src, err := g.source(t.PkgPath())
		if err != nil {
			return "", err
		}
		if len(src.consts[t.Name()]) == 0 {
			return "string", nil
		}
		return g.enqueue(t)
	case reflect.Interface:
		return "unknown", nil
	case reflect.Pointer:
		return g.ref(t.Elem())
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "string", nil // base64
		}
		elem, err := g.ref(t.Elem())
		if err != nil {
			return "", err
		}
		if nullable(t.Elem()) && elem != "unknown" {
			elem += " | null"
		}
		if strings.ContainsAny(elem, "|&") {
			elem = "(" + elem + ")"
		}
		return elem + "[]", nil
	case reflect.Map:
		key := "string"
		if t.Key().Kind() == reflect.String && isNamed(t.Key()) {
			k, err := g.ref(t.Key())
			if err != nil {
				return "", err
			}
			key = k
		}
		val, err := g.ref(t.Elem())
		if err != nil {
			return "", err
		}
		if nullable(t.Elem()) && val != "unknown" {
			val += " | null"
		}
		if key != "string" {
			return fmt.Sprintf("Partial<Record<%s, %s>>", key, val), nil
		}
		return fmt.Sprintf("Record<string, %s>", val), nil
	case reflect.Struct:
		if isNamed(t) {
			return g.enqueue(t)
		}
		fields, _, err := g.fields(t, false)
		if err != nil {
			return "", err
		}
		props := make([]string, len(fields))
		for i, f := range fields {
			props[i] = fmt.Sprintf("%s%s: %s", propName(f.name), optMark(f.optional), f.ts)
		}
		return "{ " + strings.Join(props, "; ") + " }", nil
	}
	return "", fmt.Errorf("%v (%v) has no JSON form", t, t.Kind())
}

func (g *generator) enqueue(t reflect.Type) (string, error) {
	name := g.tsName(t)
	if !g.seen[t] {
		if err := g.claim(name, t); err != nil {
			return "", err
		}
		g.seen[t] = true
		g.queue = append(g.queue, t)
	}
	return name, nil
}

// nullable reports whether encoding/json may send null for a value of t.
func nullable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return true
	}
	return false
}

// omittable reports whether omitempty can leave out a value of t.
func omittable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		return false
	case reflect.Array:
		return t.Len() == 0
	}
	return true
}

func optMark(optional bool) string {
	if optional {
		return "?"
	}
	return ""
}

func propName(name string) string {
	if identRE.MatchString(name) {
		return name
	}
	return quote(name)
}

func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

func union(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = quote(v)
	}
	return strings.Join(q, " | ")
}

// declare writes the declaration of a named type.
func (g *generator) declare(t reflect.Type) error {
	src, err := g.source(t.PkgPath())
	if err != nil {
		return err
	}
	g.out.WriteString("\n")
	g.doc("", src.typeDocs[t.Name()])
	name := g.tsName(t)
	if t.Kind() == reflect.String {
		fmt.Fprintf(&g.out, "export type %s = %s;\n", name, union(src.consts[t.Name()]))
		return nil
	}
	fields, extends, err := g.fields(t, true)
	if err != nil {
		return err
	}
	ext := ""
	if len(extends) > 0 {
		ext = " extends " + strings.Join(extends, ", ")
	}
	fmt.Fprintf(&g.out, "export interface %s%s {\n", name, ext)
	for _, f := range fields {
		g.doc("  ", f.doc)
		fmt.Fprintf(&g.out, "  %s%s: %s;\n", propName(f.name), optMark(f.optional), f.ts)
	}
	g.out.WriteString("}\n")
	return nil
}

// doc writes text as a JSDoc comment.
func (g *generator) doc(indent, text string) {
	text = strings.TrimSpace(strings.ReplaceAll(text, "*/", `*\/`))
	if text == "" {
		return
	}
	lines := strings.Split(text, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(&g.out, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(&g.out, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(&g.out, "%s%s\n", indent, strings.TrimRight(" * "+l, " "))
	}
	fmt.Fprintf(&g.out, "%s */\n", indent)
}

// jsonLiteral is v as JSON; a slice is written one element a line.
func jsonLiteral(v any) (string, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice {
		b, err := json.Marshal(v)
		return string(b), err
	}
	var b strings.Builder
	b.WriteString("[\n")
	for i := range rv.Len() {
		e, err := json.Marshal(rv.Index(i).Interface())
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "  %s,\n", e)
	}
	b.WriteString("]")
	return b.String(), nil
}
