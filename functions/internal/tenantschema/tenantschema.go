// Package tenantschema generates the JSON Schema of a tenant file
// (infra/tenants/<slug>.json, type shared.Site) from the Go type itself, and
// checks a tenant file against it and against Site.Validate (issue 35,
// "tenant files with a schema"). An editor given the schema completes and
// validates a dealer's file as it is written; `forecourt tenants check`
// reports every problem with its JSON path.
package tenantschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
	jsonschema6 "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"forecourt/shared"
)

// FileName is where the schema is checked in, relative to the repository
// root; each tenant file names it as "$schema": "../tenant.schema.json".
// It sits beside infra/tenants, not in it: every *.json there is a tenant.
const FileName = "infra/tenant.schema.json"

// Ref is the "$schema" value of a tenant file in infra/tenants.
const Ref = "../tenant.schema.json"

// Generate returns the schema, indented, ending in a newline. sharedDir is
// the shared package's folder as seen from the working directory, "." being
// best: the comment reader names packages by joining "forecourt/shared" with
// the files' folders (field comments become each property's description);
// "" leaves descriptions out.
func Generate(sharedDir string) ([]byte, error) {
	r := &jsonschema.Reflector{
		// Tenant files leave out whatever has a default (shared.ApplyDefaults),
		// so no property is required by its tag; Site.Validate says which are.
		RequiredFromJSONSchemaTags: true,
		// shared's strict decoder rejects unknown keys; so does the schema.
		AllowAdditionalProperties: false,
		Mapper:                    mapper,
	}
	if sharedDir != "" {
		if err := r.AddGoComments("forecourt/shared", sharedDir); err != nil {
			return nil, fmt.Errorf("tenant schema: comments of %s: %w", sharedDir, err)
		}
	}
	s := r.Reflect(&shared.Site{})
	s.ID = "https://forecourt.invalid/tenant.schema.json"
	s.Title = "Forecourt tenant file (shared.Site)"
	// A tenant file names its schema; shared.DecodeSite ignores the key.
	if def, ok := s.Definitions["Site"]; ok && def.Properties != nil {
		def.Properties.Set("$schema", &jsonschema.Schema{Type: "string", Description: "The schema of this file: " + Ref})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("tenant schema: %w", err)
	}
	return buf.Bytes(), nil
}

// mapper gives the schema of types whose JSON is not their Go shape.
func mapper(t reflect.Type) *jsonschema.Schema {
	switch t {
	case reflect.TypeFor[shared.OfferManufacturer]():
		// OfferManufacturer.UnmarshalJSON: a name, or an object with one.
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{
			{Type: "string", Description: "the manufacturer's name"},
			{Type: "object", Properties: props(
				"name", &jsonschema.Schema{Type: "string"},
				"slug", &jsonschema.Schema{Type: "string"}),
				Required: []string{"name"}, AdditionalProperties: jsonschema.FalseSchema},
		}}
	}
	return nil
}

func props(kv ...any) *orderedmap.OrderedMap[string, *jsonschema.Schema] {
	p := orderedmap.New[string, *jsonschema.Schema]()
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1].(*jsonschema.Schema))
	}
	return p
}

// Problem is one thing wrong with a tenant file: the JSON path of the value
// ("dealerships[1].slug", "" for the whole file) and what is wrong with it.
type Problem struct {
	Path    string
	Message string
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// Checker checks tenant files against the schema and shared.Site's rules.
type Checker struct {
	schema *jsonschema6.Schema
}

// NewChecker compiles the schema generated from shared.Site (the same
// constraints as the checked-in file, without its descriptions).
func NewChecker() (*Checker, error) {
	b, err := Generate("")
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema6.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("tenant schema: %w", err)
	}
	c := jsonschema6.NewCompiler()
	const url = "tenant.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("tenant schema: %w", err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("tenant schema: %w", err)
	}
	return &Checker{schema: s}, nil
}

// Check returns every problem of the tenant file data (named name in
// messages): first what the schema finds, then what shared.DecodeSite
// (strict decoding, defaults, Site.Validate) finds at paths the schema had
// not already named. No problems: the file loads.
func (c *Checker) Check(name string, data []byte) []Problem {
	var problems []Problem
	seen := map[string]bool{}
	if doc, err := jsonschema6.UnmarshalJSON(bytes.NewReader(data)); err == nil {
		var ve *jsonschema6.ValidationError
		if err := c.schema.Validate(doc); errors.As(err, &ve) {
			for _, p := range leaves(ve) {
				problems = append(problems, p)
				seen[p.Path] = true
			}
		}
	}
	add := func(err error) {
		for _, p := range siteProblems(err) {
			if !seen[p.Path] {
				problems = append(problems, p)
				seen[p.Path] = true
			}
		}
	}
	if _, err := shared.DecodeSite(bytes.NewReader(data), name); err != nil {
		add(err)
		// DecodeSite stops at the first decoding problem; the semantic
		// rules still have something to say about the rest of the file.
		// Unknown keys and mistyped values are left out (already reported).
		if json.Valid(data) {
			s := shared.DecodeBase()
			_ = json.Unmarshal(data, &s)
			shared.ApplyDefaults(&s)
			add(s.Validate())
		}
	}
	return problems
}

// leaves returns the innermost validation errors: the ones naming a value.
func leaves(e *jsonschema6.ValidationError) []Problem {
	if ap, ok := e.ErrorKind.(*kind.AdditionalProperties); ok {
		// One problem per key, at the key's own path, as shared's decoder says.
		var out []Problem
		for _, k := range ap.Properties {
			out = append(out, Problem{Path: pathOf(append(slices.Clone(e.InstanceLocation), k)), Message: "unknown field"})
		}
		return out
	}
	if len(e.Causes) == 0 {
		msg := e.Error()
		if out := e.BasicOutput(); out != nil && out.Error != nil {
			msg = out.Error.String()
		}
		return []Problem{{Path: pathOf(e.InstanceLocation), Message: msg}}
	}
	var out []Problem
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// pathOf writes a JSON pointer's tokens as shared's field paths do:
// "dealerships[1].slug".
func pathOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if _, err := strconv.Atoi(t); err == nil {
			b.WriteString("[" + t + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

// siteProblems lists the *shared.Error values in err (joined or one).
func siteProblems(err error) []Problem {
	if err == nil {
		return nil
	}
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	var out []Problem
	for _, e := range list {
		var se *shared.Error
		if errors.As(e, &se) {
			out = append(out, Problem{Path: se.Field, Message: se.Message})
			continue
		}
		out = append(out, Problem{Message: e.Error()})
	}
	return out
}
