package tsgen

import (
	"fmt"
	"reflect"
	"strings"
)

// field is one JSON property of a struct.
type field struct {
	name, ts, doc string
	optional      bool
	depth         int
	tagged        bool
	from          int // index of the top-level embedded field it was promoted through; -1 for own fields
}

// fields returns the JSON properties of struct t in encoding/json's order and
// with its rules for promoted fields: the shallowest wins, then a tagged one,
// and a tie drops the name. With allowExtends, a named embedded struct whose
// fields all survive becomes an extends clause instead of copied fields.
func (g *generator) fields(t reflect.Type, allowExtends bool) ([]field, []string, error) {
	var all []field
	if err := g.collect(t, 0, false, -1, &all); err != nil {
		return nil, nil, err
	}
	byName := map[string][]int{}
	for i, f := range all {
		byName[f.name] = append(byName[f.name], i)
	}
	var out []field
	for i, f := range all {
		if dominant(all, byName[f.name]) == i {
			out = append(out, f)
		}
	}
	if !allowExtends {
		return out, nil, nil
	}
	var extends []string
	for i := range t.NumField() {
		sf := t.Field(i)
		ft := sf.Type
		if !sf.Anonymous || sf.Tag.Get("json") != "" || ft.Kind() != reflect.Struct || !isNamed(ft) {
			continue
		}
		inner, _, err := g.fields(ft, false)
		if err != nil {
			return nil, nil, err
		}
		if !allSurvive(out, inner, i) {
			continue
		}
		name, err := g.ref(ft)
		if err != nil {
			return nil, nil, err
		}
		extends = append(extends, name)
		kept := out[:0:0]
		for _, f := range out {
			if f.from != i {
				kept = append(kept, f)
			}
		}
		out = kept
	}
	return out, extends, nil
}

// dominant returns the index in all of the field that encoding/json keeps
// among those sharing a name, or -1 when none is kept.
func dominant(all []field, idx []int) int {
	minDepth := all[idx[0]].depth
	for _, i := range idx {
		minDepth = min(minDepth, all[i].depth)
	}
	var shallow, tagged []int
	for _, i := range idx {
		if all[i].depth == minDepth {
			shallow = append(shallow, i)
			if all[i].tagged {
				tagged = append(tagged, i)
			}
		}
	}
	switch {
	case len(shallow) == 1:
		return shallow[0]
	case len(tagged) == 1:
		return tagged[0]
	}
	return -1
}

// allSurvive reports whether every field of an embedded struct is in out,
// promoted through top-level field from.
func allSurvive(out, inner []field, from int) bool {
	n := 0
	for _, f := range out {
		if f.from == from {
			n++
		}
	}
	return n == len(inner)
}

// collect appends the candidate JSON fields of struct t, walking untagged
// embedded structs as encoding/json does.
func (g *generator) collect(t reflect.Type, depth int, viaPointer bool, from int, all *[]field) error {
	var docs map[string]string
	if isNamed(t) {
		src, err := g.source(t.PkgPath())
		if err != nil {
			return err
		}
		docs = src.fieldDocs[t.Name()]
	}
	for i := range t.NumField() {
		sf := t.Field(i)
		top := from
		if depth == 0 {
			top = -1
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			ft, ptr := sf.Type, false
			if ft.Kind() == reflect.Pointer {
				ft, ptr = ft.Elem(), true
			}
			if ft.Kind() == reflect.Struct {
				if depth == 0 {
					top = i
				}
				if err := g.collect(ft, depth+1, viaPointer || ptr, top, all); err != nil {
					return err
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		tagged := name != ""
		if !tagged {
			name = sf.Name
		}
		has := func(o string) bool {
			for _, x := range strings.Split(opts, ",") {
				if x == o {
					return true
				}
			}
			return false
		}
		omitNil := has("omitzero") || has("omitempty") && omittable(sf.Type)
		ts, err := g.fieldType(sf, has("string"), omitNil)
		if err != nil {
			return fmt.Errorf("%v.%s: %w", t, sf.Name, err)
		}
		*all = append(*all, field{
			name:     name,
			ts:       ts,
			doc:      docs[sf.Name],
			optional: omitNil || viaPointer,
			depth:    depth,
			tagged:   tagged,
			from:     top,
		})
	}
	return nil
}

// fieldType is the TypeScript type of a struct field: its tstype tag as
// written, for a field whose Go type cannot show its JSON (a
// json.RawMessage holding a number or a name), else its Go type's.
func (g *generator) fieldType(sf reflect.StructField, quoted, omitNil bool) (string, error) {
	if ts := sf.Tag.Get("tstype"); ts != "" {
		// The tag may name types the field's Go type reaches ([]Slot as
		// "Slot[]"): declare them. An error means the Go type cannot be
		// shown, which is what the tag is for.
		_, _ = g.ref(sf.Type)
		return ts, nil
	}
	ts, err := g.ref(sf.Type)
	if err != nil {
		return "", err
	}
	if quoted && quotable(sf.Type) {
		ts = "string"
	}
	if nullable(sf.Type) && !omitNil && ts != "unknown" {
		ts += " | null"
	}
	return ts, nil
}

// quotable reports whether the `,string` option applies to t.
func quotable(t reflect.Type) bool {
	if t.Name() == "" && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
