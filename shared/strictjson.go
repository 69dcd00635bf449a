package shared

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// decodeStrict decodes the JSON document data into v (a pointer to a value
// that may already hold defaults). Unlike json.Unmarshal it rejects unknown
// object keys, values of the wrong JSON type and null scalars, and reports
// every such problem as an EINVALID *Error whose Field is the JSON path
// ("search.sort_options", "dealerships[1].slug"). The standard library
// reports an unknown field without its path, so the document is first walked
// against v's type.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return syntaxError(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Code: EINVALID, Message: "unexpected data after the JSON document"}
	}
	var errs []error
	checkJSON(doc, reflect.TypeOf(v).Elem(), "", &errs)
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if err := json.Unmarshal(data, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return FieldError(te.Field, "want %s, got %s", jsonTypeName(te.Type), te.Value)
		}
		return &Error{Code: EINVALID, Message: err.Error()}
	}
	return nil
}

// syntaxError turns a decoding error into one naming the line and column.
func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, se.Offset)
		return &Error{Code: EINVALID, Message: fmt.Sprintf("line %d column %d: %s", line, col, se.Error())}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &Error{Code: EINVALID, Message: "unexpected end of JSON"}
	}
	return &Error{Code: EINVALID, Message: err.Error()}
}

func lineCol(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType        = reflect.TypeFor[time.Time]()
)

// checkJSON checks the decoded JSON value v against the Go type t.
func checkJSON(v any, t reflect.Type, path string, errs *[]error) {
	bad := func(format string, args ...any) {
		*errs = append(*errs, FieldError(path, format, args...))
	}
	if v == nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			return
		}
		bad("want %s, got null", jsonTypeName(t))
		return
	}
	if t == timeType {
		if _, ok := v.(string); !ok {
			bad("want RFC 3339 time string, got %s", jsonKind(v))
		}
		return
	}
	// Types that decode themselves are checked by json.Unmarshal.
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		return
	}
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		if _, ok := v.(string); !ok {
			bad("want string, got %s", jsonKind(v))
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		checkJSON(v, t.Elem(), path, errs)
	case reflect.Interface:
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("want object, got %s", jsonKind(v))
			return
		}
		fields := jsonFields(t)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			f, ok := fields[k]
			if !ok {
				*errs = append(*errs, FieldError(joinPath(path, k), "unknown field"))
				continue
			}
			checkJSON(obj[k], f.Type, joinPath(path, k), errs)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			bad("want object, got %s", jsonKind(v))
			return
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			checkJSON(obj[k], t.Elem(), joinPath(path, k), errs)
		}
	case reflect.Slice, reflect.Array:
		arr, ok := v.([]any)
		if !ok {
			bad("want array, got %s", jsonKind(v))
			return
		}
		for i, e := range arr {
			checkJSON(e, t.Elem(), path+"["+strconv.Itoa(i)+"]", errs)
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			bad("want string, got %s", jsonKind(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			bad("want boolean, got %s", jsonKind(v))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			bad("want integer, got %s", jsonKind(v))
			return
		}
		if _, err := strconv.ParseInt(string(n), 10, t.Bits()); err != nil {
			bad("want integer, got %s", n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			bad("want non-negative integer, got %s", jsonKind(v))
			return
		}
		if _, err := strconv.ParseUint(string(n), 10, t.Bits()); err != nil {
			bad("want non-negative integer, got %s", n)
		}
	case reflect.Float32, reflect.Float64:
		if _, ok := v.(json.Number); !ok {
			bad("want number, got %s", jsonKind(v))
		}
	}
}

// jsonFields maps a struct's JSON names to its fields, as encoding/json
// names them (exported fields; the tag name, else the Go name).
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	fields := make(map[string]reflect.StructField, t.NumField())
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = f
	}
	return fields
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonKind names a decoded JSON value's type.
func jsonKind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number " + string(v)
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// jsonTypeName names the JSON type a Go type decodes from.
func jsonTypeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonTypeName(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.String()
}
