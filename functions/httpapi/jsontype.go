package httpapi

import (
	"encoding/json"
	"reflect"

	"forecourt/shared"
)

// typeError answers a JSON value of the wrong type in the words of the
// JSON the caller sent, never a Go type ("must be a string", not "must be
// a httpapi.WatchlistRequest"); a wrong top-level value names the body.
func typeError(te *json.UnmarshalTypeError) error {
	field := te.Field
	if field == "" {
		field = "body"
	}
	return shared.FieldError(field, "must be %s, got a JSON %s", jsonTypeName(te.Type), te.Value)
}

// jsonTypeName names the JSON value a Go type is decoded from.
func jsonTypeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a different JSON value"
}
