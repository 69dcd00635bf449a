package adf

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
)

// This file is a small DTD validator, enough for testdata/adf-1.0.dtd:
// element content models (sequences, choices, groups, ?, *, +, (#PCDATA),
// EMPTY) and attribute lists (CDATA or enumerations; #REQUIRED, #IMPLIED,
// #FIXED or a default). The standard library has none, and the test must not
// depend on a tool outside the repository.

// node is a parsed element.
type node struct {
	name     string
	attrs    map[string]string
	children []*node
	text     string
}

// child returns the first child element named name, or nil.
func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// all returns the child elements named name.
func (n *node) all(name string) []*node {
	var out []*node
	for _, c := range n.children {
		if c.name == name {
			out = append(out, c)
		}
	}
	return out
}

// parseXML reads a whole document with xml.Decoder (which fails on
// anything not well-formed) and returns its root element and its processing
// instructions.
func parseXML(doc []byte) (*node, []xml.ProcInst, error) {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	var (
		root  *node
		stack []*node
		pis   []xml.ProcInst
	)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			pis = append(pis, t.Copy())
		case xml.StartElement:
			n := &node{name: t.Name.Local, attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, nil, fmt.Errorf("second root element <%s>", n.name)
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			} else if strings.TrimSpace(string(t)) != "" {
				return nil, nil, fmt.Errorf("text outside the root: %q", t)
			}
		case xml.Directive:
			return nil, nil, fmt.Errorf("unexpected directive %q", t)
		}
	}
	if root == nil {
		return nil, nil, fmt.Errorf("no root element")
	}
	return root, pis, nil
}

type attrDecl struct {
	enum     []string // nil for CDATA
	required bool
	fixed    string
}

type elementDecl struct {
	pcdata  bool           // (#PCDATA): text, no child elements
	empty   bool           // EMPTY
	content *regexp.Regexp // children, as "<name>" tokens
	attrs   map[string]attrDecl
}

type dtd map[string]*elementDecl

var (
	dtdComment   = regexp.MustCompile(`(?s)<!--.*?-->`)
	dtdElement   = regexp.MustCompile(`(?s)<!ELEMENT\s+(\S+)\s+(.*?)>`)
	dtdAttlist   = regexp.MustCompile(`(?s)<!ATTLIST\s+(\S+)\s+(.*?)>`)
	dtdAttribute = regexp.MustCompile(`(\S+)\s+(CDATA|NMTOKEN|\([^)]*\))\s+(#REQUIRED|#IMPLIED|#FIXED\s+"[^"]*"|"[^"]*")`)
	dtdToken     = regexp.MustCompile(`[A-Za-z_][\w.-]*|[(),|?*+]`)
)

func loadDTD(t *testing.T, path string) dtd {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := dtdComment.ReplaceAllString(string(raw), "")
	d := dtd{}
	for _, m := range dtdElement.FindAllStringSubmatch(src, -1) {
		model := strings.Join(strings.Fields(m[2]), "")
		e := &elementDecl{attrs: map[string]attrDecl{}}
		switch model {
		case "(#PCDATA)":
			e.pcdata = true
		case "EMPTY":
			e.empty = true
		default:
			var re strings.Builder
			re.WriteString("^")
			for _, tok := range dtdToken.FindAllString(model, -1) {
				switch tok {
				case "(":
					re.WriteString("(?:")
				case ",":
				case ")", "|", "?", "*", "+":
					re.WriteString(tok)
				default:
					re.WriteString("(?:<" + regexp.QuoteMeta(tok) + ">)")
				}
			}
			re.WriteString("$")
			rx, err := regexp.Compile(re.String())
			if err != nil {
				t.Fatalf("DTD element %s model %s: %v", m[1], model, err)
			}
			e.content = rx
		}
		d[m[1]] = e
	}
	for _, m := range dtdAttlist.FindAllStringSubmatch(src, -1) {
		e, ok := d[m[1]]
		if !ok {
			t.Fatalf("ATTLIST for undeclared element %s", m[1])
		}
		for _, a := range dtdAttribute.FindAllStringSubmatch(m[2], -1) {
			decl := attrDecl{required: a[3] == "#REQUIRED"}
			if strings.HasPrefix(a[2], "(") {
				for _, v := range strings.Split(strings.Trim(a[2], "()"), "|") {
					decl.enum = append(decl.enum, strings.TrimSpace(v))
				}
			}
			if f, ok := strings.CutPrefix(a[3], "#FIXED"); ok {
				decl.fixed = strings.Trim(strings.TrimSpace(f), `"`)
			}
			e.attrs[a[1]] = decl
		}
	}
	if len(d) < 50 {
		t.Fatalf("DTD %s: read %d elements, expected the whole ADF 1.0 set", path, len(d))
	}
	return d
}

// validate checks the tree under n against d, returning every violation.
func (d dtd) validate(n *node, path string) []string {
	path += "/" + n.name
	e, ok := d[n.name]
	if !ok {
		return []string{path + ": element not declared"}
	}
	var errs []string
	for name, v := range n.attrs {
		a, ok := e.attrs[name]
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("%s: attribute %s not declared", path, name))
		case a.enum != nil && !contains(a.enum, v):
			errs = append(errs, fmt.Sprintf("%s: %s=%q, want one of %v", path, name, v, a.enum))
		case a.fixed != "" && v != a.fixed:
			errs = append(errs, fmt.Sprintf("%s: %s=%q, fixed %q", path, name, v, a.fixed))
		}
	}
	for name, a := range e.attrs {
		if _, ok := n.attrs[name]; a.required && !ok {
			errs = append(errs, fmt.Sprintf("%s: required attribute %s missing", path, name))
		}
	}
	switch {
	case e.pcdata:
		if len(n.children) > 0 {
			errs = append(errs, fmt.Sprintf("%s: text only, has <%s>", path, n.children[0].name))
		}
	case e.empty:
		if len(n.children) > 0 || n.text != "" {
			errs = append(errs, path+": must be empty")
		}
	default:
		var seq strings.Builder
		for _, c := range n.children {
			seq.WriteString("<" + c.name + ">")
		}
		if !e.content.MatchString(seq.String()) {
			errs = append(errs, fmt.Sprintf("%s: children %s do not match %s", path, seq.String(), e.content))
		}
		if strings.TrimSpace(n.text) != "" {
			errs = append(errs, fmt.Sprintf("%s: text %q in element content", path, n.text))
		}
	}
	for _, c := range n.children {
		errs = append(errs, d.validate(c, path)...)
	}
	return errs
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// TestDTDValidatorRejects: the validator itself catches what it must, so
// that a pass against the DTD means something.
func TestDTDValidatorRejects(t *testing.T) {
	d := loadDTD(t, "testdata/adf-1.0.dtd")
	tests := []struct{ name, doc string }{
		{"vehicle without a model", `<adf><prospect><requestdate/><vehicle><year/><make/></vehicle><customer><contact><name/></contact></customer><vendor><vendorname/><contact><name/></contact></vendor></prospect></adf>`},
		{"elements out of order", `<adf><prospect><requestdate/><vehicle><make/><year/><model/></vehicle><customer><contact><name/></contact></customer><vendor><vendorname/><contact><name/></contact></vendor></prospect></adf>`},
		{"attribute value not enumerated", `<adf><prospect status="old"><requestdate/><vehicle><year/><make/><model/></vehicle><customer><contact><name/></contact></customer><vendor><vendorname/><contact><name/></contact></vendor></prospect></adf>`},
		{"undeclared element", `<adf><prospect><requestdate/><vehicle><year/><make/><model/><rego/></vehicle><customer><contact><name/></contact></customer><vendor><vendorname/><contact><name/></contact></vendor></prospect></adf>`},
		{"vendor without contact", `<adf><prospect><requestdate/><vehicle><year/><make/><model/></vehicle><customer><contact><name/></contact></customer><vendor><vendorname/></vendor></prospect></adf>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, _, err := parseXML([]byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if errs := d.validate(root, ""); len(errs) == 0 {
				t.Errorf("validated %s", tt.doc)
			}
		})
	}
}
